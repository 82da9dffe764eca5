#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/atomic_write.hpp"
#include "regenerate/buffer_diff.hpp"
#include "regenerate/regenerate.hpp"
#include "series/series_delta.hpp"
#include "tool/commands.hpp"
#include "tool/counted.hpp"
#include "tool/exit_status.hpp"
#include "tool/series_report_format.hpp"
#include "tool/workspace.hpp"

namespace patchbay {

namespace {

int hunk_count(const PatchFile& patch) {
    int n = 0;
    for (const auto& file : patch.files) n += static_cast<int>(file.hunks.size());
    return n;
}

// "new-file hunk 239 → 242 lines" for each new file whose one hunk changed length.
std::vector<std::string> new_file_changes(const PatchFile& old, const PatchFile& now) {
    std::vector<std::string> parts;
    for (const auto& file : now.files) {
        if (file.op != FileOp::create || file.hunks.size() != 1) continue;
        for (const auto& before : old.files)
            if (before.op == FileOp::create && before.new_name == file.new_name &&
                before.hunks.size() == 1 && before.hunks[0].new_count != file.hunks[0].new_count)
                parts.push_back(fmt::format("new-file hunk {} → {} lines",
                                            before.hunks[0].new_count, file.hunks[0].new_count));
    }
    return parts;
}

std::vector<std::string> later_parts(const SeriesDelta& delta) {
    std::vector<std::string> parts;
    if (delta.now_offset)
        parts.push_back(counted(delta.now_offset, "later hunk") + " now at an offset");
    if (delta.now_fuzz) parts.push_back(counted(delta.now_fuzz, "later hunk") + " now with fuzz");
    if (delta.now_rejected)
        parts.push_back(counted(delta.now_rejected, "later hunk") + " now rejected");
    if (delta.empty()) parts.push_back("later patches unchanged");
    return parts;
}

std::string summary(const std::string& verb, const Regeneration& regen,
                    const std::vector<std::string>& extra) {
    std::string text = fmt::format("{} {} ({}, {}", verb, regen.label,
                                   counted(static_cast<int>(regen.new_patch.files.size()), "file"),
                                   counted(hunk_count(regen.new_patch), "hunk"));
    std::vector<std::string> parts = new_file_changes(regen.old_patch, regen.new_patch);
    parts.insert(parts.end(), extra.begin(), extra.end());
    for (const auto& part : parts) text += "; " + part;
    return text + ")\n";
}

// Each path whose worktree base moved: merged onto the series as it is now, and said so.
std::string rebased_lines(const Regeneration& regen) {
    std::string out;
    for (const auto& path : regen.rebased)
        out += fmt::format(
            "rebased the worktree's edit of {} onto the series as it is now (changed since the "
            "worktree was made: {})\n",
            path.path, fmt::join(path.changed_by, ", "));
    return out;
}

// Only the rows of the check-series table that changed, with what they were.
std::string delta_rows(const SeriesDelta& delta) {
    std::string out;
    for (const auto& patch : delta.patches)
        out +=
            fmt::format("  {}  {} (was {}){}\n", patch.patch, to_string(patch.after),
                        to_string(patch.before), patch.reason.empty() ? "" : ": " + patch.reason);
    for (const auto& hunk : delta.hunks)
        out += fmt::format("  {}  {}  hunk #{} {} (was: {})\n", hunk.patch, hunk.path, hunk.after.n,
                           describe_hunk(hunk.after), describe_hunk(hunk.before));
    return out;
}

Status check_flags(const CliOptions& o) {
    if ((!o.repo.empty() || o.add_files) && o.from_commit.empty())
        return make_error("--repo and --add-files only go with --from-commit");
    return Ok{};
}

Result<CommandOutput> check_only(const Regeneration& regen) {
    if (!regen.stale())
        return CommandOutput{rebased_lines(regen) + summary("up to date:", regen, {}),
                             exit_status_of(RegenerateOutcome::up_to_date),
                             {}};
    auto diff = unified_diff(regen.old_text, regen.new_text, regen.label, regen.label);
    if (!diff) return diff.error();
    return CommandOutput{*diff + rebased_lines(regen) + summary("stale:", regen, {}),
                         exit_status_of(RegenerateOutcome::stale),
                         {}};
}

Result<CommandOutput> write_and_report(const Workspace& workspace, const SeriesRun& before,
                                       const Regeneration& regen) {
    if (!regen.stale())
        return CommandOutput{rebased_lines(regen) + summary("unchanged:", regen, {}),
                             exit_status_of(RegenerateOutcome::up_to_date),
                             {}};
    if (auto written = write_atomically(regen.patch_path, regen.new_text); !written)
        return written.error();
    auto after = run_series(workspace.plan, *workspace.source);
    if (!after) return after.error();
    auto delta = later_changes(before.report, after->report, regen.name);
    std::string text =
        rebased_lines(regen) + summary("wrote", regen, later_parts(delta)) + delta_rows(delta);
    auto outcome =
        delta.newly_broken ? RegenerateOutcome::written_breaking_later : RegenerateOutcome::written;
    return CommandOutput{text, exit_status_of(outcome), {}};
}

Result<Regeneration> regenerate(const CommandContext& context, const Workspace& workspace,
                                const SeriesRun& run) {
    const auto& o = context.options;
    if (!o.worktree.empty())
        return regenerate_from_worktree(workspace.plan, *workspace.source, run, o.patch_name,
                                        o.worktree);
    return regenerate_from_commit(
        workspace.plan, o.patch_name,
        {o.repo.empty() ? "." : o.repo, o.from_commit, workspace.config.directory, o.add_files});
}

}  // namespace

void add_regenerate_options(FlagSet& flags, CliOptions& options) {
    add_source_options(flags, options);
    add_report_options(flags, options, {"text"});
    flags.positional("name", &options.patch_name, "the patch to rewrite, as listed in the series")
        .required();
    flags.option("--worktree", &options.worktree, "DIR",
                 "the edited worktree, made by apply --worktree --upto NAME");
    flags.option("--from-commit", &options.from_commit, "REV",
                 "regenerate from this commit of a fork instead of a worktree");
    flags.exactly_one_of({"--worktree", "--from-commit"});
    flags.toggle("--check", options.check, "write nothing; exit 1 when the patch file is stale");
    flags.option("--repo", &options.repo, "DIR",
                 "the fork checkout for --from-commit (default: .)");
    flags.toggle("--add-files", options.add_files,
                 "let --from-commit add files the patch does not touch yet");
}

Result<CommandOutput> run_regenerate(const CommandContext& context) {
    if (auto flags = check_flags(context.options); !flags) return flags.error();
    auto workspace = open_workspace(context);
    if (!workspace) return workspace.error();
    // Before the series runs: with --check, NAME is its --upto, which would be refused as a
    // flag the user never gave.
    if (auto entry = regenerable_entry(workspace->plan, context.options.patch_name); !entry)
        return entry.error();
    // --check only needs the patches before NAME; a write compares the rest of the series too.
    workspace->plan.upto = context.options.check ? context.options.patch_name : std::string();
    auto run = run_series(workspace->plan, *workspace->source);
    if (!run) return run.error();
    auto regen = regenerate(context, *workspace, *run);
    if (!regen) return regen.error();
    if (context.options.check) return check_only(*regen);
    return write_and_report(*workspace, *run, *regen);
}

}  // namespace patchbay
