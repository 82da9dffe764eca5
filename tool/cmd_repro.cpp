// `patchbay repro [NAME…]` (docs/ARCHITECTURE.md §7, issue #5): builds the [[repro]] entries
// against the result tree and runs them; --arms PATCH before and after PATCH; --bench N times both
// arms.

#include <unistd.h>

#include <fmt/format.h>
#include <algorithm>
#include <cstdlib>
#include <fstream>

#include "checks/audit_scope.hpp"
#include "kernels/ctest_project.hpp"
#include "kernels/nvcc_locator.hpp"
#include "kernels/repro_runner.hpp"
#include "kernels/result_tree.hpp"
#include "tool/commands.hpp"
#include "tool/exit_status.hpp"
#include "tool/repro_report.hpp"
#include "tool/workspace.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

// Launches timed inside one reproducer process per repetition; the repetition's sample is
// that process's median.
constexpr int kLaunchesPerRepetition = 10;

std::string env_text(const char* name) {
    const char* value = std::getenv(name);
    return value ? value : "";
}

fs::path cache_root(const Config& config, const ReproOptions& options) {
    if (!options.cache_dir.empty()) return fs::absolute(options.cache_dir);
    if (!config.file.empty()) return config.base_dir / ".patchbay-cache";
    if (auto xdg = env_text("XDG_CACHE_HOME"); !xdg.empty()) return fs::path(xdg) / "patchbay";
    return fs::path(env_text("HOME")) / ".cache/patchbay";
}

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

Result<std::vector<ReproConfig>> select_repros(const Config& config,
                                               const std::vector<std::string>& names) {
    if (names.empty()) return config.repro;
    std::vector<ReproConfig> chosen;
    for (const auto& name : names) {
        auto found = std::find_if(config.repro.begin(), config.repro.end(),
                                  [&](const ReproConfig& r) { return r.name == name; });
        if (found == config.repro.end())
            return make_error(config.file.string(), 0, "no [[repro]] named '" + name + "'");
        chosen.push_back(*found);
    }
    return chosen;
}

Status write_text_file(const fs::path& path, const std::string& text) {
    std::error_code ec;
    if (path.has_parent_path()) fs::create_directories(path.parent_path(), ec);
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out.flush()) return make_error(path.string(), 0, "cannot write the file");
    return Ok{};
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

ReproEnvironment make_environment(const Config& config, const ReproOptions& options) {
    ReproEnvironment env;
    env.config_file = config.file;
    env.config_dir = config.base_dir;
    env.cache_root = cache_root(config, options);
    auto search = nvcc_search_from_environment();
    env.nvcc = find_nvcc(search);
    env.nvcc_missing = describe_search(search);
    env.compile_only = options.compile_only;
    if (!options.compile_only) env.gpu = probe_gpus();
    env.arch = !options.arch.empty()   ? options.arch
               : !env.gpu.arch.empty() ? env.gpu.arch
                                       : "sm_90";
    env.env = ctest_gpu_environment(std::getenv("CTEST_RESOURCE_GROUP_COUNT"),
                                    std::getenv("CTEST_RESOURCE_GROUP_0_GPUS"));
    return env;
}

Result<SeriesRun> run_clean_series(const Workspace& workspace, ProgressLine& line) {
    auto run = run_series(workspace.plan, *workspace.source, series_progress(line));
    if (!run) return run.error();
    auto totals = run->report.totals();
    if (totals.rejected > 0 || totals.failed > 0)
        return make_error(
            fmt::format("the series does not apply cleanly ({} rejected, {} failed): "
                        "run patchbay check-series",
                        totals.rejected, totals.failed));
    return run;
}

Result<fs::path> materialise(const Workspace& workspace, const TreeChanges& changes,
                             const ReproEnvironment& env, ProgressLine& line) {
    line.show("writing the result tree under " + env.cache_root.string());
    auto tree = materialise_result(*workspace.source, changes, env.cache_root);
    if (!tree) return tree.error();
    return tree->dir;
}

double number_field(const ReproOutcome& run, const char* key) {
    auto found = run.fields.find(key);
    return found != run.fields.end() && found->second.kind == JsonValue::Kind::number
               ? found->second.number
               : 0;
}

// One repetition of one arm: the sample, or why the bench must stop.
Result<ReproOutcome> bench_once(const ReproConfig& repro, const fs::path& tree,
                                const ReproEnvironment& env) {
    auto run = run_repro(repro, tree, env, {"--bench", std::to_string(kLaunchesPerRepetition)});
    if (!run) return run.error();
    if (run->status != ReproStatus::ok)
        return make_error(fmt::format("{}: {}", to_string(run->status), run->detail));
    if (number_field(*run, "median_ms") <= 0)
        return make_error("the reproducer printed no median_ms");
    return run;
}

BenchRow bench_arms(const ReproConfig& repro, const std::vector<fs::path>& trees, int repetitions,
                    const ReproEnvironment& env, ProgressLine& line) {
    BenchRow row;
    row.name = repro.name;
    std::vector<double>* samples[2] = {&row.a, &row.b};
    double* gbps[2] = {&row.gbps_a, &row.gbps_b};
    for (int rep = 0; rep < repetitions; ++rep)
        for (std::size_t k = 0; k < trees.size(); ++k) {
            std::size_t arm =
                rep % 2 == 0 ? k : trees.size() - 1 - k;  // ABBA: order effects cancel
            line.show(fmt::format("bench {}: repetition {}/{}, arm {}", repro.name, rep + 1,
                                  repetitions, arm == 0 ? 'A' : 'B'));
            auto run = bench_once(repro, trees[arm], env);
            if (!run)
                return row.stopped =
                           fmt::format("arm {}: {}", arm == 0 ? 'A' : 'B', run.error().message),
                       row;
            samples[arm]->push_back(number_field(*run, "median_ms"));
            *gbps[arm] = number_field(*run, "gbps");
            row.copy_gbps = number_field(*run, "copy_gbps");
        }
    if (trees.size() == 2)
        row.comparison = compare_bench(row.a, row.b);
    else
        row.single = bench_stats(row.a);
    return row;
}

// "repro [2/3] NAME: building and running": nvcc and the run take seconds each.
void show_step(ProgressLine& line, std::size_t index, std::size_t count, const ReproConfig& repro,
               const ReproEnvironment& env, std::string_view arm) {
    bool command = std::string_view(repro_kind(repro)) == "command";
    const char* work = command ? (env.compile_only ? "skipped (nothing to compile)" : "running")
                       : env.compile_only ? "building"
                                          : "building and running";
    line.show(fmt::format("repro [{}/{}] {}{}: {}", index, count, repro.name, arm, work));
}

Status run_plain(ReproReport& report, const std::vector<ReproConfig>& repros, const fs::path& tree,
                 const ReproEnvironment& env, ProgressLine& line) {
    for (const auto& repro : repros) {
        show_step(line, report.runs.size() + 1, repros.size(), repro, env, "");
        auto run = run_repro(repro, tree, env);
        if (!run) return run.error();
        report.runs.push_back(std::move(run).value());
    }
    return Ok{};
}

Status run_arms(ReproReport& report, const std::vector<ReproConfig>& repros,
                const std::vector<fs::path>& trees, const ReproEnvironment& env,
                ProgressLine& line) {
    for (const auto& repro : repros) {
        show_step(line, report.arms.size() + 1, repros.size(), repro, env, " arm A");
        auto a = run_repro(repro, trees[0], env);
        if (!a) return a.error();
        show_step(line, report.arms.size() + 1, repros.size(), repro, env, " arm B");
        auto b = run_repro(repro, trees[1], env);
        if (!b) return b.error();
        report.arms.push_back(ArmsRow{repro.name, *a, *b, judge_arms(*a, *b)});
    }
    return Ok{};
}

std::string describe_tree(const SeriesRun& run, const fs::path& tree) {
    return fmt::format("result tree of {} applied patch{} ({})", run.steps.size(),
                       run.steps.size() == 1 ? "" : "es", tree.string());
}

Result<std::vector<fs::path>> arm_trees(const Workspace& workspace, const SeriesRun& run,
                                        const std::string& patch, const ReproEnvironment& env,
                                        ReproReport& report, ProgressLine& line) {
    auto changes = arm_changes(run, patch);
    if (!changes) return changes.error();
    auto a = materialise(workspace, changes->a, env, line);
    if (!a) return a.error();
    auto b = materialise(workspace, changes->b, env, line);
    if (!b) return b.error();
    report.arm_a =
        run.steps.size() >= 2 ? run.steps[run.steps.size() - 2].name : "the pristine tree";
    report.arm_b = patch;
    report.tree = fmt::format("A {} / B {}", a->string(), b->string());
    return std::vector<fs::path>{*a, *b};
}

Result<CommandOutput> run_selected(const CommandContext& context, const Config& config,
                                   const std::vector<ReproConfig>& repros) {
    const auto& options = context.options.repro;
    auto workspace = open_workspace(context.options);
    if (!workspace) return workspace.error();
    workspace->plan.upto = options.arms;
    ProgressLine line(context.progress);
    auto run = run_clean_series(*workspace, line);
    if (!run) return run.error();
    auto env = make_environment(config, options);
    ReproReport report;
    std::vector<fs::path> trees;
    if (!options.arms.empty()) {
        auto arms = arm_trees(*workspace, *run, options.arms, env, report, line);
        if (!arms) return arms.error();
        trees = *arms;
        if (auto ran = run_arms(report, repros, trees, env, line); !ran) return ran.error();
    } else {
        auto tree = materialise(*workspace, combined_changes(run->steps), env, line);
        if (!tree) return tree.error();
        trees = {*tree};
        report.tree = describe_tree(*run, *tree);
        if (auto ran = run_plain(report, repros, *tree, env, line); !ran) return ran.error();
    }
    // Under `ctest --resource-spec-file`, say which GPU CTest gave this run.
    if (auto device = env.env.find("CUDA_VISIBLE_DEVICES"); device != env.env.end())
        report.tree += fmt::format(" on CUDA device {} (CTest resource group)", device->second);
    report.bench_repetitions = options.bench;
    report.compile_only = options.compile_only;
    if (options.bench > 0 && !options.compile_only)
        for (const auto& repro : repros)
            report.bench.push_back(bench_arms(repro, trees, options.bench, env, line));
    line.clear();
    std::string text = context.options.format == "json"    ? render_json(report)
                       : context.options.format == "junit" ? render_junit(report)
                                                           : render_text(report, context.palette);
    CommandOutput output{text, exit_status_of(report), {}};
    output.skipped = all_skipped_reason(report);
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
