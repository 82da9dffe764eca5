#include "series/check_queue.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>

namespace patchbay {
namespace {

TEST(CheckQueue, NothingQueuedHasAllPassed) {
    CheckQueue queue;
    EXPECT_TRUE(queue.all_passed());
}

TEST(CheckQueue, WaitsForEveryCheckAndRunsThemInOrder) {
    CheckQueue queue;
    std::vector<int> order;  // touched only by the queue's thread until all_passed returns
    for (int i = 0; i < 50; ++i)
        queue.push([&order, i] {
            std::this_thread::sleep_for(std::chrono::microseconds(100));
            order.push_back(i);
            return true;
        });
    EXPECT_TRUE(queue.all_passed());
    ASSERT_EQ(order.size(), 50u);
    for (int i = 0; i < 50; ++i) EXPECT_EQ(order[static_cast<std::size_t>(i)], i);
}

TEST(CheckQueue, OneFailureOrOneThrowFailsTheLot) {
    CheckQueue failing;
    failing.push([] { return true; });
    failing.push([] { return false; });
    failing.push([] { return true; });
    EXPECT_FALSE(failing.all_passed());

    CheckQueue throwing;
    throwing.push([]() -> bool { throw std::runtime_error("no"); });
    EXPECT_FALSE(throwing.all_passed());
}

TEST(CheckQueue, EndingRunsWhatIsQueued) {
    std::atomic<int> ran = 0;
    {
        CheckQueue queue;
        for (int i = 0; i < 20; ++i) queue.push([&ran] { return ++ran > 0; });
    }
    EXPECT_EQ(ran.load(), 20);
}

}  // namespace
}  // namespace patchbay
