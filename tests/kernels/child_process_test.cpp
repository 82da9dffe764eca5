#include "kernels/child_process.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(ChildProcess, CapturesExitStatusAndBothStreams) {
    auto run = run_child({{"sh", "-c", "echo out; echo err >&2; exit 3"}, {}, {}, 10});
    ASSERT_TRUE(run.ok());
    EXPECT_EQ(run->exit_code, 3);
    EXPECT_EQ(run->out, "out\n");
    EXPECT_EQ(run->err, "err\n");
    EXPECT_FALSE(run->timed_out);
}

// The child would sleep 30 s: a run that ends before that was killed at its 1 s limit. The 30 s
// is a hang guard, not a speed limit: a machine with every core busy is late by far less.
TEST(ChildProcess, KillsAtTheTimeout) {
    auto run = run_child({{"sleep", "30"}, {}, {}, 1});
    ASSERT_TRUE(run.ok());
    EXPECT_TRUE(run->timed_out);
    EXPECT_LT(run->seconds, 30.0);
    EXPECT_GE(run->seconds, 1.0);  // never before its limit
}

TEST(ChildProcess, KillsTheWholeProcessGroupAtTheTimeout) {
    // The shell's child `sleep` holds stdout open; if it survived, reading would not matter,
    // but the run must still end at the limit.
    auto run = run_child({{"sh", "-c", "sleep 30 & sleep 30; echo never"}, {}, {}, 1});
    ASSERT_TRUE(run.ok());
    EXPECT_TRUE(run->timed_out);
    EXPECT_EQ(run->out, "");
}

TEST(ChildProcess, PassesTheEnvironmentAndFolder) {
    auto run = run_child(
        {{"sh", "-c", "echo $PATCHBAY_RESULT; pwd"}, {{"PATCHBAY_RESULT", "/x/y"}}, "/tmp", 10});
    ASSERT_TRUE(run.ok());
    EXPECT_EQ(run->out, "/x/y\n/tmp\n");
}

TEST(ChildProcess, ReportsTheSignalThatEndedIt) {
    auto run = run_child({{"sh", "-c", "kill -SEGV $$"}, {}, {}, 10});
    ASSERT_TRUE(run.ok());
    EXPECT_EQ(run->signal, 11);
    EXPECT_EQ(signal_name(run->signal), "SIGSEGV");
}

TEST(ChildProcess, AMissingProgramIsNotStarted) {
    auto run = run_child({{"/nonexistent/program"}, {}, {}, 10});
    ASSERT_TRUE(run.ok());
    EXPECT_TRUE(run->not_started);
    EXPECT_EQ(run->exit_code, 127);
}

}  // namespace
}  // namespace patchbay
