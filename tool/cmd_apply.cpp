#include <fmt/format.h>
#include <filesystem>

#include "tool/commands.hpp"
#include "tool/exit_status.hpp"
#include "tool/series_report_format.hpp"
#include "tool/workspace.hpp"
#include "worktree/worktree_writer.hpp"

namespace patchbay {

namespace {

namespace fs = std::filesystem;

// "patches/x.patch:12: binary: …" for a finding that fails the policy.
std::string failing_line(const Problem& problem) {
    const std::string where =
        problem.line > 0 ? fmt::format("{}:{}", problem.file, problem.line) : problem.file;
    return fmt::format("  {}{}{}: {}\n", where, where.empty() ? "" : ": ", to_string(problem.kind),
                       reason_of(problem));
}

// What was written, what was not, and (exit status 1) every finding that fails the policy,
// so that a failed apply always says why.
std::string commit_summary(const SeriesRun& run, const std::string& dir) {
    std::string out = fmt::format("wrote {}: pristine upstream + {} commit{}\n", dir,
                                  run.steps.size(), run.steps.size() == 1 ? "" : "s");
    for (const auto& patch : run.report.patches)
        if (patch.status != PatchStatus::applied)
            out += fmt::format("  not committed: {} ({}: {})\n", patch.name,
                               to_string(patch.status), patch.reason);
    if (!run.report.is_negative()) return out;
    out += "result: FAILED; findings that fail the policy (check-series shows them all):\n";
    for (const auto& patch : run.report.patches)
        for (const auto& problem : patch.problems)
            if (problem.severity == FindingSeverity::failure) out += failing_line(problem);
    for (const auto& problem : run.report.series_problems)
        if (problem.severity == FindingSeverity::failure) out += failing_line(problem);
    return out;
}

}  // namespace

void add_apply_options(FlagSet& flags, CliOptions& options) {
    add_source_options(flags, options);
    add_report_options(flags, options, {"text"});
    flags
        .option("--worktree", &options.worktree, "DIR",
                "folder to create (must not exist or be empty)")
        .required();
    flags.option("--upto", &options.upto, "NAME", "stop after this patch");
}

Result<CommandOutput> run_apply(const CommandContext& context) {
    auto workspace = open_workspace(context);
    if (!workspace) return workspace.error();
    if (auto outside = check_worktree_outside(*workspace, context.options.worktree); !outside)
        return outside.error();
    ProgressLine line(context.progress, std::chrono::milliseconds(300));
    auto run = run_series(workspace->plan, *workspace->source, series_progress(line),
                          std::move(workspace->loaded));
    if (!run) return run.error();
    if (auto checked = workspace->source->finish_checks(); !checked) return checked.error();
    if (run->report.has_failed_patch()) {
        CommandOutput output{
            render_text(run->report, context.palette), exit_status_of(run->report), {}};
        for (const auto& patch : run->report.patches)
            if (patch.status == PatchStatus::failed && !patch.problems.empty()) {
                const auto& first = patch.problems.front();
                output.diagnostics.push_back(make_error(first.file, first.line, first.message));
            }
        output.diagnostics.push_back(make_error(
            "the series has bad input; nothing was written to " + context.options.worktree));
        return output;
    }
    auto files = workspace->source->list_files();
    if (!files) return files.error();
    WorktreeRequest request{context.options.worktree, workspace->source.get(), *files, &run->steps};
    line.show(fmt::format("writing {} files and {} commits to {}", files->size(),
                          run->steps.size() + 1, context.options.worktree));
    if (auto written = write_worktree(request); !written) return written.error();
    return CommandOutput{
        commit_summary(*run, context.options.worktree), exit_status_of(run->report), {}};
}

}  // namespace patchbay
