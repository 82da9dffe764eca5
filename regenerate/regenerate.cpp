#include "regenerate/regenerate.hpp"

#include <fmt/format.h>
#include <algorithm>

#include "patches/diff_parser.hpp"
#include "patches/patch_writer.hpp"
#include "regenerate/commit_edits.hpp"
#include "regenerate/patch_rebuild.hpp"
#include "common/read_file.hpp"
#include "regenerate/worktree_edits.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

Result<const SeriesEntry*> find_entry(const SeriesPlan& plan, const std::string& name) {
    const auto& entries = plan.series.entries;
    auto found = std::find_if(entries.begin(), entries.end(),
                              [&](const SeriesEntry& entry) { return entry.name == name; });
    if (found == entries.end())
        return make_error(fmt::format("'{}' is not listed in the series", name));
    if (found->reverse)
        return make_error(
            fmt::format("'{}' is applied reversed (-R); regenerate it by hand", name));
    return &*found;
}

// The old patch, read and parsed: the base every convention is taken from.
Result<Regeneration> open_old(const SeriesPlan& plan, const SeriesEntry& entry) {
    Regeneration regen;
    regen.name = entry.name;
    regen.label = plan.patches_label.empty() ? entry.name : plan.patches_label + "/" + entry.name;
    regen.patch_path = plan.patches_dir / entry.name;
    auto text = read_file(regen.patch_path);
    if (!text) return make_error(regen.label, 0, text.error().message);
    regen.old_text = std::move(*text);
    auto parsed = parse_patch(regen.old_text, regen.label);
    if (!parsed) return parsed.error();
    regen.old_patch = std::move(*parsed);
    return regen;
}

Status finish(Regeneration& regen, int strip, const std::vector<PathChange>& changes) {
    auto rebuilt = rebuild_patch(regen.old_patch, strip, changes);
    if (!rebuilt) return rebuilt.error();
    regen.new_patch = std::move(*rebuilt);
    PatchStyle style = conventions_of(regen.old_patch, strip).style;
    regen.new_text = render_patch(regen.new_patch, style);
    if (regen.new_patch.files.empty())
        return make_error(regen.label, 0, "the new patch would change nothing");
    return Ok{};
}

// The state before NAME: every patch applied before it, laid over the pristine tree.
Result<TreeState> state_before(const PristineSource& source, const SeriesRun& run,
                               const std::string& name) {
    TreeState state(source);
    for (const auto& step : run.steps) {
        if (step.name == name) return state;
        state.apply(step.changes);
    }
    auto report = std::find_if(run.report.patches.begin(), run.report.patches.end(),
                               [&](const PatchReport& p) { return p.name == name; });
    std::string status = report == run.report.patches.end() ? "not run" : to_string(report->status);
    return make_error(
        fmt::format("'{}' does not apply to the series ({}); fix it by hand first", name, status));
}

}  // namespace

Result<Regeneration> regenerate_from_worktree(const SeriesPlan& plan, const PristineSource& source,
                                              const SeriesRun& run, const std::string& name,
                                              const fs::path& dir) {
    auto entry = find_entry(plan, name);
    if (!entry) return entry.error();
    auto regen = open_old(plan, **entry);
    if (!regen) return regen;
    int strip = (*entry)->strip.value_or(plan.strip);
    auto before = state_before(source, run, name);
    if (!before) return before.error();
    auto changes = worktree_edits(dir, name, owned_paths(regen->old_patch, strip), *before);
    if (!changes) return changes.error();
    if (auto done = finish(*regen, strip, *changes); !done) return done.error();
    return regen;
}

Result<Regeneration> regenerate_from_commit(const SeriesPlan& plan, const std::string& name,
                                            const fs::path& repo, const std::string& rev,
                                            const std::string& directory) {
    auto entry = find_entry(plan, name);
    if (!entry) return entry.error();
    auto regen = open_old(plan, **entry);
    if (!regen) return regen;
    auto changes = commit_edits(repo, rev, directory);
    if (!changes) return changes.error();
    int strip = (*entry)->strip.value_or(plan.strip);
    if (auto done = finish(*regen, strip, *changes); !done) return done.error();
    return regen;
}

}  // namespace patchbay
