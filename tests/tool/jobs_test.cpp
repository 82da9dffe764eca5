#include "tool/jobs.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

namespace patchbay {
namespace {

unsigned hardware() {
    return std::max(1u, std::thread::hardware_concurrency());
}

TEST(ResolveJobs, TheFlagWinsOverTheEnvironment) {
    EXPECT_EQ(resolve_jobs(3, "7"), 3u);
    EXPECT_EQ(resolve_jobs(1, nullptr), 1u);
}

TEST(ResolveJobs, TheEnvironmentWinsOverTheHardware) {
    EXPECT_EQ(resolve_jobs(std::nullopt, "7"), 7u);
}

TEST(ResolveJobs, NotAPositiveNumberFallsBackToTheHardware) {
    EXPECT_EQ(resolve_jobs(std::nullopt, nullptr), hardware());
    EXPECT_EQ(resolve_jobs(std::nullopt, "0"), hardware());
    EXPECT_EQ(resolve_jobs(std::nullopt, "-2"), hardware());
    EXPECT_EQ(resolve_jobs(std::nullopt, "4x"), hardware());
    EXPECT_EQ(resolve_jobs(std::nullopt, ""), hardware());
}

}  // namespace
}  // namespace patchbay
