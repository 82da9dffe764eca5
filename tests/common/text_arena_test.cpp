#include "common/text_arena.hpp"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

namespace patchbay {
namespace {

std::string numbered(int i, std::size_t size) {
    std::string text = std::to_string(i) + ":";
    text.resize(size, static_cast<char>('a' + i % 26));
    return text;
}

TEST(TextArena, KeepsACopyOfTheBytes) {
    TextArena arena;
    std::string original = "x = tl.load(bt_ptr + i)\n";
    SharedText kept = arena.keep(original);
    original[0] = 'y';
    EXPECT_EQ(kept, "x = tl.load(bt_ptr + i)\n");
    EXPECT_NE(kept.data(), original.data());
    EXPECT_TRUE(arena.keep("").empty());
}

// Small texts follow one another in a block; one larger than half a block gets its own, and the
// small ones after it still go to the block being filled.
TEST(TextArena, PacksSmallTextsAndGivesALargeOneItsOwnBlock) {
    TextArena arena;
    SharedText first = arena.keep("abc");
    SharedText large = arena.keep(std::string(3u << 20, 'L'));
    SharedText second = arena.keep("defg");
    EXPECT_EQ(second.data(), first.data() + 3);
    EXPECT_EQ(large.size(), 3u << 20);
    EXPECT_EQ(large.view().find_first_not_of('L'), std::string_view::npos);
    EXPECT_EQ(first, "abc");
    EXPECT_EQ(second, "defg");
}

// Each text holds its block: the texts outlive the arena that copied them.
TEST(TextArena, TextsOutliveTheArena) {
    std::vector<SharedText> kept;
    {
        TextArena arena;
        for (int i = 0; i < 3000; ++i) kept.push_back(arena.keep(numbered(i, 1000)));  // 2 blocks
    }
    for (int i = 0; i < 3000; ++i) ASSERT_EQ(kept[i], numbered(i, 1000)) << i;
}

TEST(TextArena, ThreadsKeepTextsAtTheSameTime) {
    TextArena arena;
    constexpr int kThreads = 4;
    constexpr int kEach = 2000;
    std::vector<std::vector<SharedText>> kept(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&, t] {
            for (int i = 0; i < kEach; ++i)
                kept[t].push_back(arena.keep(numbered(t * kEach + i, 100 + i % 700)));
        });
    for (auto& thread : threads) thread.join();
    for (int t = 0; t < kThreads; ++t)
        for (int i = 0; i < kEach; ++i)
            ASSERT_EQ(kept[t][i], numbered(t * kEach + i, 100 + i % 700)) << t << " " << i;
}

}  // namespace
}  // namespace patchbay
