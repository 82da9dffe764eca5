// `patchbay regenerate NAME` (docs/ARCHITECTURE.md §6): the flags in,
// regenerate/regenerate_session.cpp's one call, the report rendered.

#include "regenerate/regenerate_session.hpp"
#include "tool/commands.hpp"
#include "tool/exit_status.hpp"
#include "tool/regenerate_report_text.hpp"
#include "tool/workspace.hpp"

namespace patchbay {

namespace {

Status check_flags(const CliOptions& o) {
    if (!o.repo.empty() && o.from_commit.empty())
        return make_error("--repo only goes with --from-commit");
    return Ok{};
}

RegenerateRequest request_of(const CommandContext& context, Workspace& workspace) {
    const auto& o = context.options;
    RegenerateRequest request;
    request.name = o.patch_name;
    request.worktree = o.worktree;
    request.commit = CommitSource{o.repo.empty() ? "." : o.repo, o.from_commit,
                                  workspace.config.directory, o.add_files};
    request.add_files = o.add_files;
    request.dialect = dialect_named(o.dialect);  // one_of() allowed only the names
    request.check = o.check;
    request.write_back = std::move(workspace.write_back).value_or(SeriesWriteBack{});
    return request;
}

// Only a run that may write fingerprints the series and takes its lock to write.
Result<Workspace> open_regenerate_workspace(const CommandContext& context) {
    if (context.options.check) return open_workspace(context);
    return open_workspace_to_write(context, "patchbay regenerate " + context.options.patch_name);
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
    flags
        .option("--dialect", &options.dialect, "DIALECT",
                "write the whole patch anew as this tool writes patches (default: each section "
                "as the old patch's tool wrote it, detected)")
        .one_of({"git", "quilt", "plain"});
    flags.toggle("--add-files", options.add_files,
                 "let the patch take the files it does not touch yet that the worktree or the "
                 "commit changes (edited, new or deleted); without it they are left out and "
                 "named");
}

Result<CommandOutput> run_regenerate(const CommandContext& context) {
    if (auto flags = check_flags(context.options); !flags) return flags.error();
    auto workspace = open_regenerate_workspace(context);
    if (!workspace) return workspace.error();
    auto result = run_regenerate_session(workspace->plan, *workspace->source,
                                         request_of(context, *workspace));
    if (!result) return result.error();
    auto text = render_text(*result);
    if (!text) return text.error();
    return CommandOutput{std::move(text).value(), exit_status_of(result->outcome), {}};
}

}  // namespace patchbay
