#include "tool/counted.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(Counted, OneTakesTheSingular) {
    EXPECT_EQ(counted(1, "file"), "1 file");
    EXPECT_EQ(counted(1, "entry", "entries"), "1 entry");
}

TEST(Counted, ZeroAndManyTakeThePlural) {
    EXPECT_EQ(counted(0, "finding"), "0 findings");
    EXPECT_EQ(counted(3, "later hunk"), "3 later hunks");
    EXPECT_EQ(counted(2, "entry", "entries"), "2 entries");
}

}  // namespace
}  // namespace patchbay
