#include "common/parallel_for.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <vector>

namespace patchbay {
namespace {

TEST(ParallelFor, CallsEveryIndexExactlyOnce) {
    for (unsigned jobs : {0u, 1u, 4u, 64u}) {
        std::vector<std::atomic<int>> calls(1000);
        parallel_for(calls.size(), jobs, [&](std::size_t i) { ++calls[i]; });
        for (std::size_t i = 0; i < calls.size(); ++i) EXPECT_EQ(calls[i], 1) << i << " " << jobs;
    }
}

TEST(ParallelFor, NothingToDoReturnsAtOnce) {
    int calls = 0;
    parallel_for(0, 4, [&](std::size_t) { ++calls; });
    EXPECT_EQ(calls, 0);
}

TEST(ParallelFor, AnExceptionInTheWorkIsRethrownToTheCaller) {
    auto throw_at_7 = [](std::size_t i) {
        if (i == 7) throw std::runtime_error("seven");
    };
    EXPECT_THROW(parallel_for(100, 4, throw_at_7), std::runtime_error);
    EXPECT_THROW(parallel_for(100, 1, throw_at_7), std::runtime_error);
}

}  // namespace
}  // namespace patchbay
