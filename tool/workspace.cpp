#include "tool/workspace.hpp"

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
    source.allow_dirty = options.allow_dirty;
    source.defer_checks = defer_source_checks;
    if (!config.manifest.empty()) source.manifest = config.resolve(config.manifest);
    return source;
}

}  // namespace

Result<Workspace> open_workspace(const CommandContext& context, bool defer_source_checks) {
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
    auto loaded = load_patches(*plan);
    auto source = open_pristine(source_options_of(*config, options, defer_source_checks));
    if (!source) return source.error();
    return Workspace{std::move(config).value(), std::move(source).value(), std::move(plan).value(),
                     std::move(loaded)};
}

Status check_worktree_outside(const Workspace& workspace, const std::string& worktree) {
    return check_worktree_outside(workspace.config, worktree);
}

}  // namespace patchbay
