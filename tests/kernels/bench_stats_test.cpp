#include "kernels/bench_stats.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(BenchStats, MedianAndQuartilesByLinearInterpolation) {
    // numpy.percentile([1, 2, 3, 4, 10], [25, 50, 75]) == [2, 3, 4]
    auto s = bench_stats({10, 1, 3, 2, 4});
    EXPECT_DOUBLE_EQ(s.median, 3);
    EXPECT_DOUBLE_EQ(s.p25, 2);
    EXPECT_DOUBLE_EQ(s.p75, 4);
    EXPECT_DOUBLE_EQ(s.min, 1);
    EXPECT_DOUBLE_EQ(s.max, 10);
    // numpy.percentile([1, 2, 3, 4], [25, 50, 75]) == [1.75, 2.5, 3.25]
    auto even = bench_stats({4, 3, 2, 1});
    EXPECT_DOUBLE_EQ(even.median, 2.5);
    EXPECT_DOUBLE_EQ(even.p25, 1.75);
    EXPECT_DOUBLE_EQ(even.p75, 3.25);
    EXPECT_EQ(even.samples, (std::vector<double>{4, 3, 2, 1}));
}

TEST(BenchStats, ADifferenceInsideTheSpreadIsNoise) {
    auto c = compare_bench({1.00, 1.02, 0.98, 1.01, 0.99}, {1.01, 1.03, 0.99, 1.02, 1.00});
    EXPECT_DOUBLE_EQ(c.ratio, 1.01);
    EXPECT_TRUE(c.noise);
}

TEST(BenchStats, ADifferenceBeyondTheSpreadIsReal) {
    auto c = compare_bench({1.00, 1.01, 0.99, 1.00, 1.00}, {1.20, 1.21, 1.19, 1.20, 1.20});
    EXPECT_DOUBLE_EQ(c.ratio, 1.2);
    EXPECT_FALSE(c.noise);
}

}  // namespace
}  // namespace patchbay
