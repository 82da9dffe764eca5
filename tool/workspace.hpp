#pragma once
// Everything a series command needs, resolved once: the configuration (patchbay.toml with the
// command-line flags laid over it), the pristine source and the series plan.

#include <memory>
#include <optional>

#include "common/result.hpp"
#include "config/config.hpp"
#include "series/series_runner.hpp"
#include "series/series_write.hpp"
#include "source/pristine_source.hpp"
#include "tool/cli_options.hpp"
#include "tool/commands.hpp"

namespace patchbay {

struct Workspace {
    Config config;
    std::unique_ptr<PristineSource> source;
    SeriesPlan plan;
    // The plan's patches, read while the source opened: for the first run_series only (a
    // command that rewrites a patch must not run on these again).
    std::optional<LoadedPatches> loaded;
    // For a command that rewrites the series: what it read, fingerprinted before it read it.
    std::optional<SeriesWriteBack> write_back;
};

// Finds and reads the configuration and applies the flags over it.
Result<Config> resolve_config(const CliOptions& options);

// With `defer_source_checks` the source's dirty-checkout check looks, at the end, only at the
// files that were read; the caller must call `source->finish_checks()` before it reports.
Result<Workspace> open_workspace(const CommandContext& context, bool defer_source_checks = false);

// The same for a command that may rewrite the series; `holder` names it in the series lock.
Result<Workspace> open_workspace_to_write(const CommandContext& context, std::string holder);

// What a killed run left beside the series, finished (series/series_write.hpp), as notes for
// the user. A configuration that cannot be read has nothing to finish: the command itself
// then reports why.
Result<std::vector<std::string>> finish_interrupted_writes(const CliOptions& options);

// The pristine tree is never written: a worktree folder inside it (apply, rebase) is an Error.
Status check_worktree_outside(const Workspace& workspace, const std::string& worktree);

}  // namespace patchbay
