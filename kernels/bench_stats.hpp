#pragma once
// The statistics of `repro --bench N`: per arm, the median and spread of N paired repetitions;
// between arms, the B/A ratio, and whether the difference is larger than the noise.

#include <vector>

namespace patchbay {

struct BenchStats {
    std::vector<double> samples;  // one per repetition (ms), in run order
    double median = 0, p25 = 0, p75 = 0, min = 0, max = 0;
    double iqr() const { return p75 - p25; }
};

// Percentiles by linear interpolation between order statistics (numpy's default).
BenchStats bench_stats(std::vector<double> samples);

struct BenchComparison {
    BenchStats a, b;
    double ratio = 0;    // median B / median A
    bool noise = false;  // |median B - median A| <= the larger interquartile range
};

BenchComparison compare_bench(const std::vector<double>& a, const std::vector<double>& b);

}  // namespace patchbay
