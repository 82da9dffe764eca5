#include "common/jobs.hpp"

#include <gtest/gtest.h>

#include <sched.h>

namespace patchbay {
namespace {

// What `nproc` prints: the CPUs this thread may run on.
unsigned hardware() {
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    EXPECT_EQ(sched_getaffinity(0, sizeof(allowed), &allowed), 0);
    return static_cast<unsigned>(CPU_COUNT(&allowed));
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

// Pinned to one CPU (`taskset -c 0`), the default is one worker, not one per CPU of the machine.
TEST(ResolveJobs, TheDefaultCountsOnlyTheCpusThisProcessMayUse) {
    cpu_set_t before;
    ASSERT_EQ(sched_getaffinity(0, sizeof(before), &before), 0);
    int first = 0;
    while (!CPU_ISSET(first, &before)) ++first;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(first, &one);
    ASSERT_EQ(sched_setaffinity(0, sizeof(one), &one), 0);
    const unsigned pinned = resolve_jobs(std::nullopt, nullptr);
    ASSERT_EQ(sched_setaffinity(0, sizeof(before), &before), 0);
    EXPECT_EQ(pinned, 1u);
}

}  // namespace
}  // namespace patchbay
