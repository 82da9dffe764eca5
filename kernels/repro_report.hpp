#pragma once
// What `repro` found, as plain values (docs/ARCHITECTURE.md §7): each reproducer's outcome on
// the result tree, or on both arms of --arms, and the timings of --bench. tool/ renders it.

#include <optional>
#include <string>
#include <vector>

#include "kernels/arms.hpp"
#include "kernels/bench_stats.hpp"
#include "kernels/repro_outcome.hpp"

namespace patchbay {

struct ArmsRow {
    std::string name;
    ReproOutcome a, b;
    ArmsVerdict verdict = ArmsVerdict::undetermined;
};

struct BenchRow {
    std::string name;
    std::string stopped;                        // why the bench could not finish; empty when it did
    std::vector<double> a, b;                   // per repetition, ms (b empty without --arms)
    std::optional<BenchComparison> comparison;  // with --arms
    std::optional<BenchStats> single;           // without --arms
    double gbps_a = 0, gbps_b = 0, copy_gbps = 0;  // from the last repetition of each arm
};

struct ReproReport {
    std::string tree;                // what the runs looked at, for the header
    std::string arm_a, arm_b;        // with --arms: the last patch of each arm
    std::vector<ReproOutcome> runs;  // without --arms
    std::vector<ArmsRow> arms;       // with --arms
    std::vector<BenchRow> bench;
    int bench_repetitions = 0;
    bool compile_only = false;  // nothing ran: only build failures count
};

}  // namespace patchbay
