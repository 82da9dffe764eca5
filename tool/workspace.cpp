#include "tool/workspace.hpp"

#include <filesystem>
#include <optional>
#include <thread>

#include "series/checkout_first_source.hpp"
#include "series/git_handles.hpp"
#include "series/git_source.hpp"
#include "series/work_tree_files.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

Result<Config> base_config(const CliOptions& options) {
    if (!options.config.empty()) return load_config(options.config);
    auto found = find_config(fs::current_path());
    if (found) return load_config(*found);
    return default_config(fs::current_path());
}

// A path given on the command line is relative to the current folder, while the config's
// paths are relative to the config's folder: make flag paths absolute when the two differ.
std::string flag_path(const Config& config, const std::string& path) {
    fs::path p(path);
    if (p.is_absolute() || config.base_dir == fs::current_path()) return path;
    return fs::absolute(p).lexically_normal().string();
}

void set_text(Config& config, std::string& field, const std::string& value, const char* key,
              const char* flag) {
    if (value.empty()) return;
    field = value;
    config.origin[key] = flag;
}

}  // namespace

Result<Config> resolve_config(const CliOptions& options) {
    auto loaded = base_config(options);
    if (!loaded) return loaded;
    Config config = std::move(loaded).value();
    if (!options.pristine.empty())
        set_text(config, config.upstream_path, flag_path(config, options.pristine), "upstream.path",
                 "--pristine");
    set_text(config, config.rev, options.rev, "upstream.rev", "--rev");
    set_text(config, config.directory, options.directory, "upstream.directory", "--directory");
    if (!options.manifest.empty())
        set_text(config, config.manifest, flag_path(config, options.manifest), "upstream.manifest",
                 "--manifest");
    if (!options.series.empty())
        set_text(config, config.series_file, flag_path(config, options.series), "series.file",
                 "--series");
    if (options.strip) config.strip = *options.strip, config.origin["series.strip"] = "--strip";
    if (options.fuzz) config.fuzz = *options.fuzz, config.origin["series.fuzz"] = "--fuzz";
    if (config.strip < 0 || config.fuzz < 0)
        return make_error("--strip and --fuzz must not be negative");
    return config;
}

namespace {

// libgit2 starts on a thread of its own while the series is read: nothing needs it before
// the source opens, which waits for it. Not started for an upstream that cannot be a repository.
class Libgit2Start {
  public:
    explicit Libgit2Start(const std::filesystem::path& upstream) {
        if (may_be_git_repository(upstream)) thread_ = std::thread(ensure_libgit2);
    }
    ~Libgit2Start() {
        if (thread_.joinable()) thread_.join();
    }
    Libgit2Start(const Libgit2Start&) = delete;
    Libgit2Start& operator=(const Libgit2Start&) = delete;

  private:
    std::thread thread_;
};

bool at_checkout_root(const SourceOptions& source) {
    std::error_code ec;
    return std::filesystem::exists(source.path / ".git", ec);
}

// The files the series will read from a checkout, read ahead while libgit2 starts. Only at
// the root of a checkout: elsewhere the source reads as it goes.
std::shared_ptr<WorkTreeFiles> read_ahead(const SourceOptions& source,
                                          std::vector<std::string> paths) {
    if (!at_checkout_root(source)) return nullptr;
    return read_work_tree_ahead(
        source.folder(), [paths = std::move(paths)] { return paths; }, 2);
}

// check-series on a checkout at HEAD applies the series to the checkout's files while the
// repository opens (series/checkout_first_source.hpp); with another revision or a whole-checkout
// dirty check there is nothing to start on before it has.
bool serve_checkout_first(const SourceOptions& source) {
    return source.defer_checks && source.rev.empty() && source.manifest.empty() &&
           at_checkout_root(source);
}

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

Result<Workspace> open_workspace(const CliOptions& options, bool defer_source_checks) {
    auto config = resolve_config(options);
    if (!config) return config.error();
    if (config->upstream_path.empty())
        return make_error(
            "no upstream: set [upstream] path in patchbay.toml or pass --pristine DIR");
    auto source_options = source_options_of(*config, options, defer_source_checks);
    std::unique_ptr<CheckoutFirstSource> checkout_first;
    std::optional<Libgit2Start> libgit2;
    if (serve_checkout_first(source_options))
        checkout_first = std::make_unique<CheckoutFirstSource>(source_options);
    else
        libgit2.emplace(source_options.path);
    auto plan = load_plan(*config);
    if (!plan) return plan.error();
    plan->upto = options.upto;
    auto loaded = load_patches(*plan);
    if (checkout_first) {
        checkout_first->read_ahead(read_ahead(source_options, loaded.paths), loaded.paths);
        return Workspace{std::move(config).value(), std::move(checkout_first),
                         std::move(plan).value(), std::move(loaded)};
    }
    source_options.work_tree_files = read_ahead(source_options, loaded.paths);
    auto source = open_pristine(source_options);
    if (!source) return source.error();
    return Workspace{std::move(config).value(), std::move(source).value(), std::move(plan).value(),
                     std::move(loaded)};
}

}  // namespace patchbay
