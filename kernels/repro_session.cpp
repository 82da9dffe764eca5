#include "kernels/repro_session.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "kernels/ctest_project.hpp"
#include "kernels/nvcc_locator.hpp"
#include "kernels/repro_runner.hpp"
#include "kernels/result_tree.hpp"
#include "series/step_changes.hpp"

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

Result<SeriesRun> run_clean_series(const SeriesPlan& plan, const PristineSource& source,
                                   const ReproRun& progress) {
    auto run = run_series(plan, source, progress.series_progress);
    if (!run) return run.error();
    auto totals = run->report.totals();
    if (totals.rejected > 0 || totals.failed > 0)
        return make_error(
            fmt::format("the series does not apply cleanly ({} rejected, {} failed): "
                        "run patchbay check-series",
                        totals.rejected, totals.failed));
    return run;
}

Result<fs::path> materialise(const PristineSource& source, const TreeChanges& changes,
                             const ReproEnvironment& env, const ReproRun& line) {
    line.show("writing the result tree under " + env.cache_root.string());
    auto tree = materialise_result(source, changes, env.cache_root);
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
                    const ReproEnvironment& env, const ReproRun& line) {
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
void show_step(const ReproRun& line, std::size_t index, std::size_t count, const ReproConfig& repro,
               const ReproEnvironment& env, std::string_view arm) {
    bool command = std::string_view(repro_kind(repro)) == "command";
    const char* work = command ? (env.compile_only ? "skipped (nothing to compile)" : "running")
                       : env.compile_only ? "building"
                                          : "building and running";
    line.show(fmt::format("repro [{}/{}] {}{}: {}", index, count, repro.name, arm, work));
}

Status run_plain(ReproReport& report, const std::vector<ReproConfig>& repros, const fs::path& tree,
                 const ReproEnvironment& env, const ReproRun& line) {
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
                const ReproRun& line) {
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

Result<std::vector<fs::path>> arm_trees(const PristineSource& source, const SeriesRun& run,
                                        const std::string& patch, const ReproEnvironment& env,
                                        ReproReport& report, const ReproRun& line) {
    auto changes = arm_changes(run, patch);
    if (!changes) return changes.error();
    auto a = materialise(source, changes->a, env, line);
    if (!a) return a.error();
    auto b = materialise(source, changes->b, env, line);
    if (!b) return b.error();
    report.arm_a =
        run.steps.size() >= 2 ? run.steps[run.steps.size() - 2].name : "the pristine tree";
    report.arm_b = patch;
    report.tree = fmt::format("A {} / B {}", a->string(), b->string());
    return std::vector<fs::path>{*a, *b};
}

}  // namespace

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

Result<ReproReport> run_repro_session(const Config& config, const ReproSeries& series,
                                      const ReproOptions& options,
                                      const std::vector<ReproConfig>& repros,
                                      const ReproRun& line) {
    SeriesPlan plan = series.plan;
    plan.upto = options.arms;
    auto run = run_clean_series(plan, series.source, line);
    if (!run) return run.error();
    auto env = make_environment(config, options);
    ReproReport report;
    std::vector<fs::path> trees;
    if (!options.arms.empty()) {
        auto arms = arm_trees(series.source, *run, options.arms, env, report, line);
        if (!arms) return arms.error();
        trees = *arms;
        if (auto ran = run_arms(report, repros, trees, env, line); !ran) return ran.error();
    } else {
        auto tree = materialise(series.source, combined_changes(run->steps), env, line);
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
    return report;
}

}  // namespace patchbay
