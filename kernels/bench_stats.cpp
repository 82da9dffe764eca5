#include "kernels/bench_stats.hpp"

#include <algorithm>
#include <cmath>

namespace patchbay {

namespace {

double percentile(const std::vector<double>& sorted, double q) {
    if (sorted.empty()) return 0;
    const double at = q * static_cast<double>(sorted.size() - 1);
    const auto low = static_cast<std::size_t>(std::floor(at));
    const auto high = std::min(low + 1, sorted.size() - 1);
    return sorted[low] + (sorted[high] - sorted[low]) * (at - static_cast<double>(low));
}

}  // namespace

BenchStats bench_stats(std::vector<double> samples) {
    BenchStats stats;
    stats.samples = samples;
    std::sort(samples.begin(), samples.end());
    if (samples.empty()) return stats;
    stats.median = percentile(samples, 0.5);
    stats.p25 = percentile(samples, 0.25);
    stats.p75 = percentile(samples, 0.75);
    stats.min = samples.front();
    stats.max = samples.back();
    return stats;
}

BenchComparison compare_bench(const std::vector<double>& a, const std::vector<double>& b) {
    BenchComparison comparison{bench_stats(a), bench_stats(b), 0, true};
    if (comparison.a.median > 0) comparison.ratio = comparison.b.median / comparison.a.median;
    const double spread = std::max(comparison.a.iqr(), comparison.b.iqr());
    comparison.noise = std::fabs(comparison.b.median - comparison.a.median) <= spread;
    return comparison;
}

}  // namespace patchbay
