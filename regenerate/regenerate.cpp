#include "regenerate/regenerate.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <algorithm>
#include <set>
#include <span>

#include "common/read_file.hpp"
#include "patches/diff_parser.hpp"
#include "regenerate/base_drift.hpp"
#include "regenerate/commit_edits.hpp"
#include "regenerate/edit_rebase.hpp"
#include "regenerate/patch_rebuild.hpp"
#include "regenerate/patch_rewrite.hpp"
#include "regenerate/worktree_edits.hpp"
#include "regenerate/worktree_record.hpp"
#include "series/project_folder.hpp"

namespace patchbay {

namespace fs = std::filesystem;

Result<const SeriesEntry*> regenerable_entry(const SeriesPlan& plan, const std::string& name) {
    const auto& entries = plan.series.entries;
    auto found = std::find_if(entries.begin(), entries.end(),
                              [&](const SeriesEntry& entry) { return entry.name == name; });
    if (found == entries.end())
        return make_error(fmt::format("'{}' is not listed in the series{}", name,
                                      nearest_entry_hint(plan.series, name)));
    if (found->reverse)
        return make_error(
            fmt::format("'{}' is applied reversed (-R); regenerate it by hand", name));
    return &*found;
}

namespace {

// The old patch, read and parsed: the base every convention is taken from.
Result<Regeneration> open_old(const SeriesPlan& plan, const SeriesEntry& entry) {
    Regeneration regen;
    regen.name = entry.name;
    regen.label = plan.patches_label.empty() ? entry.name : plan.patches_label + "/" + entry.name;
    regen.patch_path = plan.patches_dir / entry.name;
    if (auto inside =
            readable_in_project(plan.project, AT_FDCWD, regen.patch_path.c_str(), regen.label);
        !inside)
        return inside.error();
    auto text = read_file(regen.patch_path);
    if (!text) return make_error(regen.label, 0, text.error().message);
    regen.old_text = std::move(*text);
    auto parsed = parse_patch(regen.old_text, regen.label);
    if (!parsed) return parsed.error();
    regen.old_patch = std::move(*parsed);
    return regen;
}

Status finish(Regeneration& regen, int strip, const std::vector<PathChange>& changes,
              std::optional<PatchDialect> dialect) {
    auto rewritten = rewrite_patch(regen.old_patch, regen.old_text, strip, changes,
                                   KeepRule::same_effect, dialect);
    if (!rewritten) return rewritten.error();
    regen.new_patch = std::move(rewritten->patch);
    regen.new_text = std::move(rewritten->text);
    if (regen.new_patch.files.empty())
        return make_error(regen.label, 0, "the new patch would change nothing");
    return Ok{};
}

std::vector<std::string> entries_before(const SeriesPlan& plan, const std::string& name) {
    std::vector<std::string> names;
    for (const auto& entry : plan.series.entries) {
        if (entry.name == name) break;
        names.push_back(entry.name);
    }
    return names;
}

std::vector<std::string> entries_after(const SeriesPlan& plan, const std::string& name) {
    std::vector<std::string> names;
    bool after = false;
    for (const auto& entry : plan.series.entries) {
        if (after) names.push_back(entry.name);
        after = after || entry.name == name;
    }
    return names;
}

// The applied steps of the entries before NAME: a prefix of the run's steps, which follow the
// series order. NAME need not have applied (a regenerated earlier patch may have broken it).
std::span<const AppliedStep> steps_before(const SeriesRun& run,
                                          const std::vector<std::string>& earlier) {
    std::set<std::string> names(earlier.begin(), earlier.end());
    std::size_t count = 0;
    while (count < run.steps.size() && names.count(run.steps[count].name)) ++count;
    return std::span<const AppliedStep>(run.steps.data(), count);
}

bool applied(const SeriesRun& run, const std::string& name) {
    return std::any_of(run.steps.begin(), run.steps.end(),
                       [&](const AppliedStep& step) { return step.name == name; });
}

struct WorktreeInputs {
    std::set<std::string> owned;
    std::vector<std::string> earlier;
    std::vector<std::string> later;
    std::span<const AppliedStep> before;
    bool add_files = false;
};

Result<CarriedEdits> edits_from(const PristineSource& source, const SeriesRun& run,
                                const std::string& name, const fs::path& dir,
                                const WorktreeInputs& inputs, std::vector<std::string>& left_out) {
    auto record =
        WorktreeRecord::open(dir, {name, inputs.earlier, applied(run, name), inputs.later});
    if (!record) return record.error();
    auto found = worktree_edits(*record, dir, inputs.owned,
                                inputs.add_files ? OutsidePaths::all : OutsidePaths::none);
    if (!found) return found.error();
    left_out = std::move(found->left_out);
    const auto& edits = found->edits;
    TreeState series(source);
    for (const auto& step : inputs.before) series.apply(step.changes);
    auto drift = [&](const std::string& path) -> Result<std::vector<std::string>> {
        auto then = record->history(path);
        if (!then) return then.error();
        auto now = series_history(source, inputs.before, path);
        if (!now) return now.error();
        return changed_patches(*then, *now);
    };
    return carry_edits(edits, series, {dir.string(), name, drift});
}

std::string joined(const std::vector<std::string>& paths) {
    std::string text;
    for (const auto& path : paths) text += (text.empty() ? "" : ", ") + path;
    return text;
}

// A commit's paths that the patch does not touch yet join it only when asked.
Status check_new_paths(const std::vector<PathChange>& changes, const std::set<std::string>& owned,
                       const CommitSource& commit, const std::string& label) {
    std::vector<std::string> extra;
    for (const auto& change : changes)
        if (!owned.count(change.path) && change.before != change.after)
            extra.push_back(change.path);
    if (extra.empty() || commit.add_files) return Ok{};
    return make_error(fmt::format(
        "--from-commit {} also changes {}, which {} does not touch; nothing was written (pass "
        "--add-files to add them to the patch)",
        commit.rev, joined(extra), label));
}

}  // namespace

Result<Regeneration> regenerate_from_worktree(const SeriesPlan& plan, const PristineSource& source,
                                              const SeriesRun& run, const std::string& name,
                                              const fs::path& dir, bool add_files,
                                              std::optional<PatchDialect> dialect) {
    auto entry = regenerable_entry(plan, name);
    if (!entry) return entry.error();
    auto regen = open_old(plan, **entry);
    if (!regen) return regen;
    int strip = (*entry)->strip.value_or(plan.strip);
    WorktreeInputs inputs{owned_paths(regen->old_patch, strip),
                          entries_before(plan, name),
                          entries_after(plan, name),
                          {},
                          add_files};
    inputs.before = steps_before(run, inputs.earlier);
    auto carried = edits_from(source, run, name, dir, inputs, regen->left_out);
    if (!carried) return carried.error();
    regen->rebased = std::move(carried->rebased);
    if (auto done = finish(*regen, strip, carried->changes, dialect); !done) return done.error();
    return regen;
}

Result<Regeneration> regenerate_from_commit(const SeriesPlan& plan, const std::string& name,
                                            const CommitSource& commit,
                                            std::optional<PatchDialect> dialect) {
    auto entry = regenerable_entry(plan, name);
    if (!entry) return entry.error();
    auto regen = open_old(plan, **entry);
    if (!regen) return regen;
    auto changes = commit_edits(commit.repo, commit.rev, commit.directory);
    if (!changes) return changes.error();
    int strip = (*entry)->strip.value_or(plan.strip);
    auto owned = owned_paths(regen->old_patch, strip);
    if (auto checked = check_new_paths(*changes, owned, commit, regen->label); !checked)
        return checked.error();
    if (auto done = finish(*regen, strip, *changes, dialect); !done) return done.error();
    return regen;
}

}  // namespace patchbay
