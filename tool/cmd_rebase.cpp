// `patchbay rebase` (docs/ARCHITECTURE.md §6): the flags in, rebase/rebase_session.cpp's one
// call, the report rendered.

#include "rebase/rebase_session.hpp"
#include "tool/commands.hpp"
#include "tool/exit_status.hpp"
#include "tool/rebase_report_format.hpp"
#include "tool/workspace.hpp"

namespace patchbay {

namespace {

UpstreamedPolicy upstreamed_of(const CliOptions& options) {
    if (options.drop_upstreamed) return UpstreamedPolicy::drop;
    return options.keep_upstreamed ? UpstreamedPolicy::keep : UpstreamedPolicy::unlist;
}

RebaseRequest request_of(const CliOptions& options) {
    return RebaseRequest{options.onto, options.worktree, options.write, options.continue_rebase,
                         upstreamed_of(options)};
}

// Only --write fingerprints the series and takes its lock to write.
Result<Workspace> open_rebase_workspace(const CommandContext& context) {
    const auto& o = context.options;
    if (!o.write) return open_workspace(context);
    return open_workspace_to_write(context, "patchbay rebase --onto " + o.onto + " --write");
}

}  // namespace

void add_rebase_options(FlagSet& flags, CliOptions& options) {
    add_source_options(flags, options);
    add_report_options(flags, options, {"text", "json"});
    flags.option("--onto", &options.onto, "REV", "the upstream revision to carry the series to")
        .required();
    flags.toggle("--write", options.write,
                 "rewrite the patches that changed and the target revision in patchbay.toml, "
                 "once no conflict is left; a patch already upstream leaves the series file "
                 "(its file is kept)");
    flags
        .toggle("--drop-upstreamed", options.drop_upstreamed,
                "with --write, also delete the files of the patches already upstream")
        .needs("--write");
    flags
        .toggle("--keep-upstreamed", options.keep_upstreamed,
                "with --write, keep the patches already upstream listed, each with a skip rule "
                "in patchbay.toml that gives the evidence (only patchbay reads skip rules)")
        .needs("--write");
    flags.option("--worktree", &options.worktree, "DIR",
                 "where a conflict is left for a person: a git repository, new upstream first, "
                 "one commit per carried patch (a new or empty folder, or the one --continue "
                 "resumes)");
    flags
        .toggle("--continue", options.continue_rebase,
                "carry on in --worktree DIR after its conflicts were resolved")
        .needs("--worktree");
}

Result<CommandOutput> run_rebase(const CommandContext& context) {
    if (context.options.drop_upstreamed && context.options.keep_upstreamed)
        return make_error("--drop-upstreamed and --keep-upstreamed cannot be used together");
    auto workspace = open_rebase_workspace(context);
    if (!workspace) return workspace.error();
    const SeriesWriteBack no_write;
    RebaseSeries series{workspace->config, workspace->plan, *workspace->source,
                        workspace->write_back ? *workspace->write_back : no_write};
    auto report = run_rebase_session(series, request_of(context.options));
    if (!report) return report.error();
    std::string text =
        context.format == ReportFormat::json ? render_json(*report) : render_text(*report);
    return CommandOutput{std::move(text), exit_status_of(*report), {}};
}

}  // namespace patchbay
