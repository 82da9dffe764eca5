#include "regenerate/regenerate_session.hpp"

#include "series/project_folder.hpp"

namespace patchbay {

namespace {

Result<Regeneration> rebuild(const SeriesPlan& plan, const PristineSource& source,
                             const SeriesRun& run, const RegenerateRequest& request) {
    if (!request.worktree.empty())
        return regenerate_from_worktree(plan, source, run, request.name, request.worktree,
                                        request.add_files, request.dialect);
    return regenerate_from_commit(plan, request.name, request.commit, request.dialect);
}

// Replaces the patch file, runs the whole series again and compares the later patches' rows.
Result<RegenerateResult> write_patch(const SeriesPlan& plan, const PristineSource& source,
                                     const SeriesRun& before, Regeneration regeneration,
                                     const SeriesWriteBack& write_back) {
    auto location =
        write_location_in_project(plan.project, regeneration.patch_path, regeneration.label);
    if (!location) return location.error();
    if (auto written = write_series(write_back, {{*location, regeneration.new_text}}); !written)
        return written.error();
    auto after = run_series(plan, source);
    if (!after) return after.error();
    auto later = later_changes(before.report, after->report, regeneration.name);
    auto outcome =
        later.newly_broken ? RegenerateOutcome::written_breaking_later : RegenerateOutcome::written;
    return RegenerateResult{std::move(regeneration), outcome, false, std::move(later)};
}

}  // namespace

Result<RegenerateResult> run_regenerate_session(SeriesPlan plan, const PristineSource& source,
                                                const RegenerateRequest& request) {
    // Before the series runs: with --check, NAME is its --upto, which would be refused as a
    // flag the user never gave.
    if (auto entry = regenerable_entry(plan, request.name); !entry) return entry.error();
    // --check only needs the patches before NAME; a write compares the rest of the series too.
    plan.upto = request.check ? request.name : std::string();
    auto run = run_series(plan, source);
    if (!run) return run.error();
    auto regeneration = rebuild(plan, source, *run, request);
    if (!regeneration) return regeneration.error();
    // --check: an edit left out of the patch is one the check must not call up to date.
    const bool left_out = !regeneration->left_out.empty();
    if (!regeneration->stale() && !(request.check && left_out))
        return RegenerateResult{std::move(regeneration).value(), RegenerateOutcome::up_to_date,
                                request.check, std::nullopt};
    if (request.check)
        return RegenerateResult{std::move(regeneration).value(), RegenerateOutcome::stale, true,
                                std::nullopt};
    return write_patch(plan, source, *run, std::move(regeneration).value(), request.write_back);
}

}  // namespace patchbay
