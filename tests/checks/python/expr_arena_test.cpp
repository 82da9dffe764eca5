// The arena of a parse's nodes and its lists (ArenaList: ExprList and StmtList of
// checks/python/python_syntax.hpp).

#include "checks/python/expr_arena.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "checks/python/python_syntax.hpp"

namespace patchbay {
namespace {

bool aligned(const void* block) {
    return reinterpret_cast<std::uintptr_t>(block) % alignof(std::max_align_t) == 0;
}

TEST(ExprArena, HandsOutAlignedBlocksThatDoNotOverlap) {
    ExprArena arena;
    auto* first = static_cast<char*>(arena.allocate(3));
    auto* second = static_cast<char*>(arena.allocate(40));
    EXPECT_TRUE(aligned(first));
    EXPECT_TRUE(aligned(second));
    EXPECT_GE(second - first, 3);
}

TEST(ExprArena, KeepsEveryBlockPastItsFirstChunk) {
    ExprArena arena;
    std::vector<unsigned char*> blocks;
    for (int i = 0; i < 200; ++i) {  // several chunks, one block larger than a chunk
        const std::size_t bytes = i == 100 ? 4 * 1024 * 1024 : 1000;
        auto* block = static_cast<unsigned char*>(arena.allocate(bytes));
        std::memset(block, i, bytes);
        blocks.push_back(block);
    }
    for (int i = 0; i < 200; ++i) EXPECT_EQ(blocks[static_cast<std::size_t>(i)][999], i);
}

TEST(ExprList, GrowsIntoTheArenaKeepingItsChildren) {
    ExprArena arena;
    ExprList list;
    EXPECT_TRUE(list.empty());
    for (int i = 0; i < 9; ++i) {
        Expr child;
        child.line = i;
        list.push_back(arena, child);
    }
    ASSERT_EQ(list.size(), 9u);
    int line = 0;
    for (const Expr& child : list) EXPECT_EQ(child.line, line++);
    EXPECT_EQ(list.front().line, 0);
    EXPECT_EQ(list.back().line, 8);
}

TEST(ExprList, BuildsAnItemInItsPlace) {
    ExprArena arena;
    StmtList block;
    Stmt& first = block.emplace_back(arena);
    first.line = 7;
    block.emplace_back(arena);
    block.emplace_back(arena).line = 9;  // the list moved to a longer run
    ASSERT_EQ(block.size(), 3u);
    EXPECT_EQ(block[0].line, 7);
    EXPECT_EQ(block[1].kind, StmtKind::other);
    EXPECT_EQ(block[2].line, 9);
}

TEST(ExprList, CopiesShareTheirChildren) {
    ExprArena arena;
    ExprList list;
    list.push_back(arena, Expr{});
    const ExprList copy = list;
    EXPECT_EQ(&copy[0], &list[0]);
}

}  // namespace
}  // namespace patchbay
