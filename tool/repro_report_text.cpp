#include <fmt/format.h>

#include "tool/repro_report_format.hpp"

namespace patchbay {

namespace {

std::string status_word(ReproStatus status, const Palette& palette) {
    std::string word = to_string(status);
    if (status == ReproStatus::ok) return palette.green(word);
    if (status == ReproStatus::fail) return palette.red(word);
    return palette.yellow(word);
}

std::string suffix(const ReproOutcome& run) {
    if (run.build.empty() && run.seconds == 0) return "";
    if (run.seconds == 0) return fmt::format(" [{}]", run.build);
    return fmt::format(" [{}{:.1f}s]", run.build.empty() ? "" : run.build + ", ", run.seconds);
}

std::string run_line(const ReproOutcome& run, const Palette& palette) {
    const char* pad = run.status == ReproStatus::ok ? "  " : "";
    return fmt::format("{}{} {}: {}{}\n", status_word(run.status, palette), pad, run.name,
                       run.detail, palette.dim(suffix(run)));
}

std::string runs_text(const ReproReport& report, const Palette& palette) {
    int counts[3] = {0, 0, 0};
    std::string out = fmt::format("repro: {}\n", report.tree);
    for (const auto& run : report.runs) {
        out += run_line(run, palette);
        if (run.status == ReproStatus::fail && !run.output_tail.empty())
            out += palette.dim(fmt::format("     {}\n", tail_lines(run.output_tail, 3)));
        ++counts[static_cast<int>(run.status)];
    }
    return out + fmt::format("result: {} OK, {} FAIL, {} SKIP\n", counts[0], counts[1], counts[2]);
}

std::string arms_text(const ReproReport& report, const Palette& palette) {
    std::string out = fmt::format("arms: A = up to {}, B = up to {}\n", report.arm_a, report.arm_b);
    int flips = 0;
    for (const auto& row : report.arms) {
        out += fmt::format("{}\n  A {}: {}\n  B {}: {}\n", row.name,
                           status_word(row.a.status, palette), row.a.detail,
                           status_word(row.b.status, palette), row.b.detail);
        out += fmt::format("  -> {} ({} -> {})\n", to_string(row.verdict), to_string(row.a.status),
                           to_string(row.b.status));
        flips += row.verdict == ArmsVerdict::discriminates;
    }
    return out + fmt::format("result: {} discriminates {} of {} reproducer{}\n", report.arm_b,
                             flips, report.arms.size(), report.arms.size() == 1 ? "" : "s");
}

std::string stats_line(const char* label, const BenchStats& s, double gbps) {
    return fmt::format("  {} median {:.4f} ms, IQR {:.4f}-{:.4f}, min {:.4f}, max {:.4f}{}\n",
                       label, s.median, s.p25, s.p75, s.min, s.max,
                       gbps > 0 ? fmt::format(", {:.0f} GB/s", gbps) : "");
}

std::string bench_text(const ReproReport& report) {
    std::string out;
    for (const auto& row : report.bench) {
        out += fmt::format("bench {} ({} repetitions{}; ms per launch)\n", row.name,
                           report.bench_repetitions, row.comparison ? ", arms alternated" : "");
        if (!row.stopped.empty()) {
            out += "  stopped: " + row.stopped + "\n";
            continue;
        }
        if (row.single) out += stats_line("", *row.single, row.gbps_a);
        if (const auto& c = row.comparison) {
            out += stats_line("A", c->a, row.gbps_a) + stats_line("B", c->b, row.gbps_b);
            out += fmt::format("  B/A {:.3f}: {}\n", c->ratio,
                               c->noise       ? "within the noise (difference <= the larger IQR)"
                               : c->ratio > 1 ? "B is slower"
                                              : "B is faster");
        }
        if (row.copy_gbps > 0)
            out += fmt::format("  ceiling: device-to-device copy {:.0f} GB/s\n", row.copy_gbps);
    }
    return out;
}

}  // namespace

std::string render_text(const ReproReport& report, const Palette& palette) {
    std::string out =
        report.arm_b.empty() ? runs_text(report, palette) : arms_text(report, palette);
    return out + bench_text(report);
}

}  // namespace patchbay
