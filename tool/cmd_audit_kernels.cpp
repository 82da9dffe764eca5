#include "checks/audit.hpp"
#include "checks/audit_modes.hpp"
#include "tool/audit_report_format.hpp"
#include "tool/commands.hpp"
#include "tool/exit_status.hpp"
#include "tool/workspace.hpp"

namespace patchbay {

namespace {

std::string render(const AuditReport& report, const CommandContext& context) {
    switch (context.format) {
        case ReportFormat::json:
            return render_audit_json(report);
        case ReportFormat::sarif:
            return render_audit_sarif(report, audit_rule_descriptors());
        case ReportFormat::github:
            return render_audit_github(report, context.options.hide_existing);
        case ReportFormat::markdown:
            return render_audit_markdown(report);
        default:
            return render_audit_text(report, context.palette);
    }
}

Result<AuditReport> audit_tree(const CliOptions& options, const AuditRun& run) {
    auto config = resolve_config(options);
    if (!config) return config.error();
    return audit_folder(*config, options.tree, options.diff, run);
}

Result<AuditReport> audit_series(const CommandContext& context, const AuditRun& run) {
    const CliOptions& options = context.options;
    auto workspace = open_workspace(context);
    if (!workspace) return workspace.error();
    AuditSeries series{workspace->config, workspace->plan, *workspace->source};
    if (options.base.empty()) return audit_series_result(series, run);
    return audit_series_change(series, options.base, run);
}

Result<AuditReport> audit_in_scope(const CommandContext& context, ProgressLine& line) {
    const CliOptions& options = context.options;
    if (!options.diff.empty() && options.tree.empty())
        return make_error("--diff needs --tree DIR: the tree the diff applies to");
    if (!options.tree.empty() && !options.base.empty())
        return make_error("--tree and --base cannot be combined");
    AuditRun run{context.jobs, [&line](const std::string& what) { line.show(what); },
                 series_progress(line)};
    if (!options.tree.empty()) return audit_tree(options, run);
    return audit_series(context, run);
}

}  // namespace

void add_audit_kernels_options(FlagSet& flags, CliOptions& options) {
    add_source_options(flags, options);
    add_report_options(flags, options, {"text", "json", "sarif", "github", "markdown"});
    add_summary_option(flags, options);
    flags.option("--upto", &options.upto, "NAME", "audit the result tree up to this patch");
    flags.option("--tree", &options.tree, "DIR", "audit this folder instead of the series result");
    flags.option("--base", &options.base, "REV",
                 "audit what the patches changed since this revision of the series repository");
    flags.option("--diff", &options.diff, "FILE", "with --tree: audit the files this diff touches");
    flags
        .option("--fail-on", &options.fail_on, "WHICH",
                "which findings fail the run: new (default, but for --tree without --diff) or all")
        .one_of({"new", "all"});
    flags.toggle("--hide-existing", options.hide_existing,
                 "github format: no annotation for findings that are not new");
    flags
        .option("--jobs", &options.jobs, "N",
                "threads to check files on (default: PATCHBAY_JOBS, else one per core)")
        .at_least(1);
}

Result<CommandOutput> run_audit_kernels(const CommandContext& context) {
    const auto& options = context.options;
    auto report = [&] {
        ProgressLine line(context.progress, std::chrono::milliseconds(300));
        return audit_in_scope(context, line);
    }();  // the line is cleared before anything is printed
    if (!report) return report.error();
    // Upstream's own findings and the ones a base already had fail only with --fail-on all.
    auto fail_on = context.fail_on.value_or(report->scoped() ? AuditFailOn::new_findings
                                                             : AuditFailOn::all_findings);
    auto summary = options.summary.empty() ? std::string() : render_audit_markdown(*report);
    return CommandOutput{
        render(*report, context), exit_status_of(*report, fail_on), {}, std::move(summary)};
}

}  // namespace patchbay
