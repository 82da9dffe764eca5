#include <fmt/format.h>
#include <chrono>
#include <cstdio>

#include "series/annotation_path.hpp"
#include "tool/commands.hpp"
#include "tool/exit_status.hpp"
#include "tool/series_report_format.hpp"
#include "tool/workspace.hpp"

namespace patchbay {

namespace {

// A progress line on stderr, drawn only on a terminal and only once the run has taken more
// than a moment (tool/progress.hpp): a quick run stays silent.
ProgressLine progress_line(ProgressStyle style) {
    return ProgressLine(style, std::chrono::milliseconds(300));
}

// The report with each problem's file relative to the repository root (they are relative to
// patchbay.toml's folder): where GitHub looks for an annotation's file.
SeriesReport with_repository_paths(SeriesReport report, const Config& config) {
    auto relocate = [&](Problem& problem) {
        if (!problem.file.empty()) problem.file = annotation_path(config.resolve(problem.file));
    };
    for (auto& patch : report.patches)
        for (auto& problem : patch.problems) relocate(problem);
    for (auto& problem : report.series_problems) relocate(problem);
    return report;
}

std::string render(const SeriesReport& report, const Config& config,
                   const CommandContext& context) {
    switch (context.format) {
        case ReportFormat::json:
            return render_json(report);
        case ReportFormat::junit:
            return render_junit(report);
        case ReportFormat::github:
            return render_github(with_repository_paths(report, config));
        case ReportFormat::markdown:
            return render_markdown(with_repository_paths(report, config));
        default:
            return render_text(report, context.palette);
    }
}

std::string summary(const SeriesReport& report, const Config& config, const CliOptions& options) {
    if (options.summary.empty()) return {};
    return render_markdown(with_repository_paths(report, config));
}

std::vector<Error> failed_patch_errors(const SeriesReport& report) {
    std::vector<Error> errors;
    for (const auto& patch : report.patches)
        if (patch.status == PatchStatus::failed && !patch.problems.empty()) {
            const auto& first = patch.problems.front();
            errors.push_back(make_error(first.file, first.line, first.message));
        }
    return errors;
}

}  // namespace

void add_check_series_options(FlagSet& flags, CliOptions& options) {
    add_source_options(flags, options);
    add_report_options(flags, options, {"text", "json", "junit", "github", "markdown"});
    add_summary_option(flags, options);
    flags.option("--upto", &options.upto, "NAME", "stop after this patch");
}

Result<CommandOutput> run_check_series(const CommandContext& context) {
    // The dirty-checkout check is deferred: finish_checks() looks only at the files the series
    // read, after the run; its error still wins over the report.
    auto workspace = open_workspace(context, true);
    if (!workspace) return workspace.error();
    const auto& source = *workspace->source;
    auto line = progress_line(context.progress);
    auto run =
        run_series(workspace->plan, source, series_progress(line), std::move(workspace->loaded));
    if (auto checked = source.finish_checks(); !checked) return checked.error();
    if (!run) return run.error();
    run->report.upstream.path = workspace->config.upstream_path;  // as the user wrote it
    const auto& config = workspace->config;
    CommandOutput output{render(run->report, config, context), exit_status_of(run->report),
                         failed_patch_errors(run->report),
                         summary(run->report, config, context.options)};
    return output;
}

}  // namespace patchbay
