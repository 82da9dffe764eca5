#include "common/text_lines.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(SplitLines, KeepsTerminatorsAndUnterminatedLastLine) {
    auto lines = split_lines("a\nb\r\nc");
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0], "a\n");
    EXPECT_EQ(lines[1], "b\r\n");
    EXPECT_EQ(lines[2], "c");
    EXPECT_EQ(join_lines(lines), "a\nb\r\nc");
}

TEST(SplitLines, EmptyTextHasNoLines) { EXPECT_TRUE(split_lines("").empty()); }

TEST(WithoutTerminator, RemovesNewlineAndCarriageReturn) {
    EXPECT_EQ(without_terminator("x\r\n"), "x");
    EXPECT_EQ(without_terminator("x"), "x");
}

}  // namespace
}  // namespace patchbay
