#include "tool/markdown.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(MarkdownCell, EscapesPipesAndFlattensLines) {
    EXPECT_EQ(markdown_cell("a | b\nc\r\n"), "a \\| b c  ");
}

TEST(MarkdownCode, TheFenceOutgrowsBackticksInside) {
    EXPECT_EQ(markdown_code("x.py:3"), "`x.py:3`");
    EXPECT_EQ(markdown_code("a`b"), "``a`b``");
    EXPECT_EQ(markdown_code("`a"), "`` `a ``");
    EXPECT_EQ(markdown_code("a|b"), "`a\\|b`");
}

TEST(MarkdownLeftOut, OnlyWhenRowsWereCut) {
    EXPECT_EQ(markdown_left_out(5, 5, "problems"), "");
    EXPECT_EQ(markdown_left_out(7, 5, "problems"), "\n… and 2 more problems.\n");
}

}  // namespace
}  // namespace patchbay
