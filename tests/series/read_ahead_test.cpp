#include "series/read_ahead.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>

namespace patchbay {
namespace {

using Squares = ReadAhead<int>;

std::vector<std::string> numbers(int count) {
    std::vector<std::string> keys;
    for (int i = 0; i < count; ++i) keys.push_back(std::to_string(i));
    return keys;
}

Squares::MakerFactory squares() {
    return [] {
        return [](const std::string& key) -> std::optional<int> {
            const int n = std::stoi(key);
            return n * n;
        };
    };
}

TEST(ReadAhead, EveryKeyIsMadeOnceAndTakenOnce) {
    for (unsigned workers : {1u, 2u, 7u}) {
        Squares ahead([] { return numbers(100); }, squares(), workers);
        ahead.wait_for_workers();
        for (int i = 99; i >= 0; --i) {  // another order than listed
            EXPECT_EQ(ahead.take(std::to_string(i)), i * i) << workers;
            EXPECT_EQ(ahead.take(std::to_string(i)), std::nullopt) << workers;
        }
        EXPECT_EQ(ahead.take("100"), std::nullopt);  // not listed
    }
}

// Taken at once, a key is either made by a worker (and then right) or left to the caller, and
// then never made by a worker.
TEST(ReadAhead, AKeyNobodyStartedIsLeftToTheCaller) {
    std::atomic<int> made = 0;
    Squares ahead([] { return numbers(1000); },
                  [&made] {
                      return [&made](const std::string& key) -> std::optional<int> {
                          ++made;
                          return std::stoi(key);
                      };
                  },
                  1);
    int from_workers = 0;
    for (int i = 999; i >= 0; --i)
        if (auto value = ahead.take(std::to_string(i))) {
            EXPECT_EQ(*value, i);
            ++from_workers;
        }
    ahead.wait_for_workers();
    EXPECT_EQ(made.load(), from_workers);
}

TEST(ReadAhead, TheKeysAreListedOnceAndEachWorkerSetsUpOnce) {
    std::atomic<int> listed = 0;
    std::atomic<int> set_up = 0;
    {
        Squares ahead(
            [&listed] {
                ++listed;
                return numbers(50);
            },
            [&set_up] {
                ++set_up;
                return squares()();
            },
            3);
        ahead.wait_for_workers();
        EXPECT_EQ(ahead.take("7"), 49);
    }
    EXPECT_EQ(listed.load(), 1);
    EXPECT_GE(set_up.load(), 1);
    EXPECT_LE(set_up.load(), 3);
}

TEST(ReadAhead, AWorkerWithoutAMakerOrAKeyWithoutAValueLeavesItToTheCaller) {
    Squares no_maker([] { return numbers(5); }, [] { return Squares::Maker(); }, 2);
    no_maker.wait_for_workers();
    EXPECT_EQ(no_maker.take("3"), std::nullopt);

    Squares no_value(
        [] { return numbers(5); },
        [] { return [](const std::string&) -> std::optional<int> { return std::nullopt; }; }, 2);
    no_value.wait_for_workers();
    EXPECT_EQ(no_value.take("3"), std::nullopt);
}

TEST(ReadAhead, EndsCleanlyWithNothingTaken) {
    std::atomic<int> made = 0;
    {
        Squares ahead([] { return numbers(100000); },
                      [&made] {
                          return [&made](const std::string&) -> std::optional<int> {
                              ++made;
                              return 1;
                          };
                      },
                      2);
    }
    // Every worker has ended with the object: nothing is made afterwards.
    const int after_end = made.load();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_EQ(made.load(), after_end);
}

}  // namespace
}  // namespace patchbay
