#include "kernels/repro_runner.hpp"

#include <fmt/format.h>

#include "kernels/build_cache.hpp"
#include "kernels/child_process.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

Error entry_error(const ReproConfig& repro, const std::string& message,
                  const ReproEnvironment& environment) {
    return make_error(environment.config_file.string(), repro.line,
                      "[[repro]] '" + repro.name + "': " + message);
}

// A reason to skip before running, from gpu_memory and the probe; nullopt: go ahead.
Result<std::optional<std::string>> gpu_shortfall(const ReproConfig& repro,
                                                 const ReproEnvironment& environment,
                                                 bool needs_gpu) {
    const GpuInfo& gpu = environment.gpu;
    if (!needs_gpu && repro.gpu_memory.empty()) return std::optional<std::string>();
    if (!gpu.present) return std::optional<std::string>("no GPU: " + gpu.absent_reason);
    if (repro.gpu_memory.empty()) return std::optional<std::string>();
    auto need = parse_memory_size(repro.gpu_memory);
    if (!need) return entry_error(repro, "gpu_memory: " + need.error().message, environment);
    if (gpu.free_bytes && *gpu.free_bytes < *need)
        return std::optional<std::string>(
            fmt::format("not enough GPU memory: needs {} ({}), {} free", repro.gpu_memory,
                        format_bytes(*need), format_bytes(*gpu.free_bytes)));
    return std::optional<std::string>();
}

std::map<std::string, std::string> child_env(const ReproConfig& repro, const fs::path& tree,
                                             const ReproEnvironment& environment) {
    auto env = repro.env;
    for (const auto& [name, value] : environment.env) env[name] = value;
    env["PATCHBAY_RESULT"] = tree.string();
    return env;
}

ReproOutcome run_program(const ReproConfig& repro, std::vector<std::string> argv,
                         const fs::path& tree, const ReproEnvironment& environment) {
    ChildRequest request{std::move(argv), child_env(repro, tree, environment),
                         environment.config_dir, static_cast<double>(repro.timeout)};
    auto child = run_child(request);
    if (!child) return failed(repro.name, child.error().message);
    if (child->not_started) return failed(repro.name, "cannot run " + request.argv[0]);
    return interpret(repro.name, *child, static_cast<double>(repro.timeout));
}

Result<ReproOutcome> run_command(const ReproConfig& repro, const fs::path& tree,
                                 const ReproEnvironment& environment,
                                 const std::vector<std::string>& extra_args) {
    if (environment.compile_only) return skipped(repro.name, "a command entry: nothing to compile");
    auto shortfall = gpu_shortfall(repro, environment, false);
    if (!shortfall) return shortfall.error();
    if (*shortfall) return skipped(repro.name, **shortfall);
    auto argv = repro.command;
    if (argv[0].find('/') != std::string::npos && fs::path(argv[0]).is_relative())
        argv[0] = (environment.config_dir / argv[0]).lexically_normal().string();
    argv.insert(argv.end(), extra_args.begin(), extra_args.end());
    return run_program(repro, argv, tree, environment);
}

Result<BuildRequest> build_request(const ReproConfig& repro, const fs::path& tree,
                                   const ReproEnvironment& environment) {
    BuildRequest request;
    request.name = repro.name;
    for (const auto& source : repro.sources) {
        fs::path path = (environment.config_dir / source).lexically_normal();
        std::error_code ec;
        if (!fs::is_regular_file(path, ec))
            return entry_error(repro, "source not found: " + source, environment);
        request.sources.push_back(path);
    }
    request.tree = tree;
    request.include = repro.include;
    request.nvcc = *environment.nvcc;
    request.arch = environment.arch;
    request.cache_root = environment.cache_root;
    return request;
}

std::string first_error_line(const std::string& log) {
    auto at = log.find("error");
    if (at == std::string::npos) return tail_lines(log, 1);
    auto start = log.rfind('\n', at);
    start = start == std::string::npos ? 0 : start + 1;
    return log.substr(start, log.find('\n', at) - start);
}

Result<ReproOutcome> run_built(const ReproConfig& repro, const fs::path& binary,
                               const fs::path& tree, const ReproEnvironment& environment,
                               const std::vector<std::string>& extra_args) {
    if (environment.compile_only) {
        return skipped(repro.name, "built for " + environment.arch + "; not run (--compile-only)");
    }
    auto shortfall = gpu_shortfall(repro, environment, true);
    if (!shortfall) return shortfall.error();
    if (*shortfall) return skipped(repro.name, **shortfall);
    std::vector<std::string> argv = {binary.string()};
    argv.insert(argv.end(), extra_args.begin(), extra_args.end());
    return run_program(repro, argv, tree, environment);
}

Result<ReproOutcome> run_cuda(const ReproConfig& repro, const fs::path& tree,
                              const ReproEnvironment& environment,
                              const std::vector<std::string>& extra_args) {
    if (!environment.nvcc) return skipped(repro.name, "no nvcc (" + environment.nvcc_missing + ")");
    auto request = build_request(repro, tree, environment);
    if (!request) return request.error();
    auto built = build_reproducer(*request);
    if (!built) return built.error();
    const std::string how = built->compiled ? "compiled" : "cached";
    if (built->failed) {
        auto outcome = failed(repro.name, "does not compile: " + first_error_line(built->log));
        outcome.output_tail = tail_lines(built->log, 20);
        return outcome.build = how, outcome;
    }
    auto outcome = run_built(repro, built->binary, tree, environment, extra_args);
    if (outcome) outcome->build = how;
    return outcome;
}

}  // namespace

const char* repro_kind(const ReproConfig& repro) {
    return repro.command.empty() ? "cuda" : "command";
}

Result<ReproOutcome> run_repro(const ReproConfig& repro, const fs::path& tree,
                               const ReproEnvironment& environment,
                               const std::vector<std::string>& extra_args) {
    if (!repro.command.empty() && !repro.sources.empty())
        return entry_error(repro, "give either sources or command, not both", environment);
    if (!repro.command.empty()) return run_command(repro, tree, environment, extra_args);
    if (repro.sources.empty())
        return entry_error(repro, "needs sources = [...] or command = [...]", environment);
    return run_cuda(repro, tree, environment, extra_args);
}

std::map<std::string, std::string> ctest_gpu_environment(const char* group_count,
                                                         const char* group0_gpus) {
    if (!group_count || !group0_gpus || std::string(group_count) == "0") return {};
    std::string spec = group0_gpus;  // "id:1,slots:1"
    auto at = spec.find("id:");
    if (at == std::string::npos) return {};
    auto id = spec.substr(at + 3, spec.find(',', at) - at - 3);
    return {{"CUDA_VISIBLE_DEVICES", id}};
}

}  // namespace patchbay
