#include "checks/python/node_pool.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace patchbay {
namespace {

TEST(NodePool, HandsAFreedBlockOutAgainForTheSameSize) {
    void* first = pool_allocate(104);
    pool_deallocate(first, 104);
    void* second = pool_allocate(100);  // same 16-byte class
    EXPECT_EQ(second, first);
    pool_deallocate(second, 100);
}

TEST(NodePool, KeepsSizesApart) {
    void* small = pool_allocate(32);
    pool_deallocate(small, 32);
    void* larger = pool_allocate(208);
    EXPECT_NE(larger, small);
    pool_deallocate(larger, 208);
}

TEST(NodePool, ListsMoveWithoutCopyingTheirElements) {
    std::vector<int, PoolAllocator<int>> from = {1, 2, 3};
    const int* data = from.data();
    std::vector<int, PoolAllocator<int>> to;
    to = std::move(from);
    EXPECT_EQ(to.data(), data);
    EXPECT_EQ(to, (std::vector<int, PoolAllocator<int>>{1, 2, 3}));
}

}  // namespace
}  // namespace patchbay
