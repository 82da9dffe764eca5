#include "common/deferred_signals.hpp"

#include <gtest/gtest.h>

#include <csignal>

namespace patchbay {
namespace {

volatile std::sig_atomic_t g_delivered = 0;

void count_delivery(int) {
    g_delivered = g_delivered + 1;
}

class DeferredSignalsTest : public ::testing::TestWithParam<int> {
  protected:
    void SetUp() override {
        g_delivered = 0;
        previous_ = std::signal(GetParam(), count_delivery);
    }
    void TearDown() override { std::signal(GetParam(), previous_); }

  private:
    void (*previous_)(int) = nullptr;
};

TEST_P(DeferredSignalsTest, ASignalWaitsUntilTheLastGuardEnds) {
    {
        DeferredSignals outer;
        {
            DeferredSignals inner;
            std::raise(GetParam());
            EXPECT_EQ(g_delivered, 0);
        }
        EXPECT_EQ(g_delivered, 0);  // the outer guard still holds it
    }
    EXPECT_EQ(g_delivered, 1);
}

TEST_P(DeferredSignalsTest, WithoutAGuardItComesAtOnce) {
    std::raise(GetParam());
    EXPECT_EQ(g_delivered, 1);
}

INSTANTIATE_TEST_SUITE_P(Signals, DeferredSignalsTest, ::testing::Values(SIGINT, SIGHUP, SIGTERM));

}  // namespace
}  // namespace patchbay
