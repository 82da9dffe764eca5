// `patchbay repro [NAME…]` (docs/ARCHITECTURE.md §7, issue #5): builds the [[repro]] entries
// against the result tree and runs them; --arms PATCH before and after PATCH; --bench N times both
// arms.

#include <unistd.h>

#include <fmt/format.h>

#include "common/atomic_write.hpp"
#include "kernels/ctest_project.hpp"
#include "kernels/gpu_probe.hpp"
#include "kernels/repro_runner.hpp"
#include "kernels/repro_session.hpp"
#include "tool/commands.hpp"
#include "tool/exit_status.hpp"
#include "tool/repro_report_format.hpp"
#include "tool/workspace.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

std::string list_text(const Config& config) {
    std::string out;
    for (const auto& repro : config.repro) {
        const auto& items = repro.command.empty() ? repro.sources : repro.command;
        std::string joined;
        for (const auto& item : items) joined += (joined.empty() ? "" : " ") + item;
        out += fmt::format("{}\t{}\t{}\n", repro.name, repro_kind(repro), joined);
    }
    return out;
}

// Replaced as every file patchbay writes is: a killed run leaves the old file or the new one.
Status write_text_file(const fs::path& path, const std::string& text) {
    std::error_code ec;
    if (path.has_parent_path()) fs::create_directories(path.parent_path(), ec);
    return write_atomically(path, text);
}

Result<CommandOutput> write_resource_spec(const std::string& file) {
    auto gpus = probe_gpus();
    if (gpus.names.empty())
        return make_error("no GPU to describe: " + (gpus.absent_reason.empty()
                                                        ? "nvidia-smi -L lists none"
                                                        : gpus.absent_reason));
    if (auto written = write_text_file(file, resource_spec_json(gpus.names)); !written)
        return written.error();
    return CommandOutput{fmt::format("wrote {}: {} GPU{}\n", file, gpus.names.size(),
                                     gpus.names.size() == 1 ? "" : "s"),
                         0,
                         {}};
}

Result<CommandOutput> write_ctest(const Config& config, const ReproOptions& options,
                                  const std::vector<ReproConfig>& repros) {
    if (config.file.empty()) return make_error("--ctest needs a patchbay.toml");
    CtestProject project{fs::read_symlink("/proc/self/exe"), fs::absolute(config.file), {}};
    if (!options.cache_dir.empty())
        project.extra_args = {"--cache-dir", fs::absolute(options.cache_dir).string()};
    if (!options.arch.empty())
        project.extra_args.insert(project.extra_args.end(), {"--arch", options.arch});
    const fs::path file = fs::path(options.ctest_dir) / "CMakeLists.txt";
    if (auto written = write_text_file(file, ctest_cmakelists(project, repros)); !written)
        return written.error();
    return CommandOutput{fmt::format("wrote {}: {} test{} with RESOURCE_GROUPS gpus:1\n",
                                     file.string(), repros.size(), repros.size() == 1 ? "" : "s"),
                         0,
                         {}};
}

std::string render(const ReproReport& report, const CommandContext& context) {
    switch (context.format) {
        case ReportFormat::json:
            return render_json(report);
        case ReportFormat::junit:
            return render_junit(report);
        default:
            return render_text(report, context.palette);
    }
}

Result<CommandOutput> run_selected(const CommandContext& context, const Config& config,
                                   const std::vector<ReproConfig>& repros) {
    auto workspace = open_workspace(context);
    if (!workspace) return workspace.error();
    ProgressLine line(context.progress);
    ReproRun run{[&line](const std::string& what) { line.show(what); }, series_progress(line)};
    auto report = run_repro_session(config, {workspace->plan, *workspace->source},
                                    context.options.repro, repros, run);
    if (!report) return report.error();
    line.clear();
    CommandOutput output{render(*report, context), exit_status_of(*report), {}};
    output.skipped = all_skipped_reason(*report);
    return output;
}

}  // namespace

void add_repro_options(FlagSet& flags, CliOptions& o) {
    add_source_options(flags, o);
    add_report_options(flags, o, {"text", "json", "junit"});
    auto& r = o.repro;
    flags.positional("names", &r.names, "reproducers to run (default: all)");
    flags.toggle("--list", r.list,
                 "print the configured reproducers: name, kind, sources or command");
    flags.option("--arms", &r.arms, "PATCH",
                 "run before (A) and after (B) this patch; exit 1 unless it flips FAIL -> OK");
    flags.option("--bench", &r.bench, "N", "time N repetitions (arms alternated with --arms)")
        .range(1, 1000);
    flags.option("--arch", &r.arch, "SM",
                 "nvcc -arch (default: the GPU's compute capability, else sm_90)");
    flags.option("--cache-dir", &r.cache_dir, "DIR",
                 "cache folder (default: .patchbay-cache beside patchbay.toml)");
    flags.toggle("--compile-only", r.compile_only, "build the CUDA reproducers; run nothing");
    flags.option("--ctest", &r.ctest_dir, "DIR",
                 "write a CTest project (one GPU per test) into DIR");
    flags.option("--resource-spec", &r.resource_spec, "FILE",
                 "write a CTest resource spec of this host's GPUs");
}

Result<CommandOutput> run_repro_command(const CommandContext& context) {
    const auto& options = context.options.repro;
    auto config = resolve_config(context.options);
    if (!config) return config.error();
    if (options.list) return CommandOutput{list_text(*config), 0, {}};
    if (!options.resource_spec.empty()) return write_resource_spec(options.resource_spec);
    auto repros = select_repros(*config, options.names);
    if (!repros) return repros.error();
    if (!options.ctest_dir.empty()) return write_ctest(*config, options, *repros);
    if (repros->empty()) {
        CommandOutput output{
            fmt::format("repro: no [[repro]] entries in {}\n",
                        config->file.empty() ? "the configuration" : config->file.string()),
            0,
            {}};
        output.skipped = "no [[repro]] entries";
        return output;
    }
    return run_selected(context, *config, *repros);
}

}  // namespace patchbay
