#include "tool/workspace.hpp"

#include "common/path_from_here.hpp"
#include "config/config_keys.hpp"
#include "worktree/worktree_location.hpp"

#include <filesystem>

namespace patchbay {

namespace fs = std::filesystem;

namespace {

Result<Config> base_config(const CliOptions& options) {
    if (!options.config.empty()) return load_config(options.config);
    auto found = find_config(fs::current_path());
    if (found) return load_config(*found);
    return default_config(fs::current_path());
}

}  // namespace

Result<Config> resolve_config(const CliOptions& options) {
    auto loaded = base_config(options);
    if (!loaded) return loaded;
    Config config = std::move(loaded).value();
    if (auto applied = apply_flag_values(config, options.config_flags, fs::current_path());
        !applied)
        return applied.error();
    return config;
}

namespace {

SourceOptions source_options_of(const Config& config, const CliOptions& options,
                                bool defer_source_checks) {
    SourceOptions source;
    source.path = config.resolve(config.upstream_path);
    source.rev = config.rev;
    source.directory = config.directory;
    // `--rev REV` names a commit's bytes, whatever the checkout holds: read as --allow-dirty
    // reads them (the two agree, and both say so).
    const auto rev_origin = config.origin.find("upstream.rev");
    const bool rev_flag = rev_origin != config.origin.end() && rev_origin->second == "--rev";
    source.allow_dirty = options.allow_dirty || rev_flag;
    source.defer_checks = defer_source_checks;
    if (!config.manifest.empty()) source.manifest = config.resolve(config.manifest);
    return source;
}

// `holder` set: the command may rewrite the series (series/series_write.hpp).
Result<Workspace> open_workspace(const CommandContext& context, bool defer_source_checks,
                                 const std::string* holder) {
    const CliOptions& options = context.options;
    auto config = resolve_config(options);
    if (!config) return config.error();
    if (config->upstream_path.empty())
        return make_error(
            "no upstream: set [upstream] path in patchbay.toml or pass --pristine DIR");
    auto plan = load_plan(*config);
    if (!plan) return plan.error();
    plan->upto = options.upto;
    plan->jobs = context.jobs;
    std::optional<SeriesWriteBack> write_back;
    if (holder) write_back = series_write_back(*config, *plan, *holder);
    auto loaded = load_patches(*plan);
    auto source = open_pristine(source_options_of(*config, options, defer_source_checks));
    if (!source) return source.error();
    return Workspace{std::move(config).value(), std::move(source).value(), std::move(plan).value(),
                     std::move(loaded), std::move(write_back)};
}

}  // namespace

Result<Workspace> open_workspace(const CommandContext& context, bool defer_source_checks) {
    return open_workspace(context, defer_source_checks, nullptr);
}

Result<Workspace> open_workspace_to_write(const CommandContext& context, std::string holder) {
    return open_workspace(context, false, &holder);
}

namespace {

std::vector<std::string> notes_of(const SeriesRecovery& recovery) {
    std::vector<std::string> notes;
    if (const auto& journal = recovery.journal) {
        bool completed = journal->ending == JournalEnding::completed;
        for (const auto& file : journal->files)
            notes.push_back(path_from_here(file) + (completed
                                                        ? ": written, completing a series write "
                                                          "that was interrupted"
                                                        : ": its old text put back, undoing a "
                                                          "series write that was interrupted"));
        for (const auto& file : journal->edited)
            notes.push_back(path_from_here(file) +
                            ": edited after a series write was interrupted; left as it is");
    }
    for (const auto& file : recovery.temporaries)
        notes.push_back(path_from_here(file) +
                        ": removed, a temporary file an interrupted run left");
    return notes;
}

}  // namespace

Result<std::vector<std::string>> finish_interrupted_writes(const CliOptions& options) {
    auto config = resolve_config(options);
    if (!config) return std::vector<std::string>();
    auto recovery = recover_series(*config);
    if (!recovery) return std::move(recovery).error();
    return notes_of(*recovery);
}

Status check_worktree_outside(const Workspace& workspace, const std::string& worktree) {
    return check_worktree_outside(workspace.config, worktree);
}

}  // namespace patchbay
