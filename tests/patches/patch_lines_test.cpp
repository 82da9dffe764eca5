#include "patches/patch_lines.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(PatchLines, StripsCarriageReturnsOnlyWhenAsked) {
    PatchLines lines("a\r\nb\nc\r");
    EXPECT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines.text(0), "a\r\n");
    EXPECT_TRUE(lines.ends_in_crlf(0));
    lines.strip_trailing_cr(true);
    EXPECT_EQ(lines.text(0), "a\n");
    EXPECT_EQ(lines.content(0), "a");
    EXPECT_EQ(lines.content(2), "c\r");  // no "\n": not a CRLF line
    EXPECT_FALSE(lines.terminated(2));
}

TEST(PatchLines, OffsetsAndPastTheEnd) {
    PatchLines lines("ab\ncd\n");
    EXPECT_EQ(lines.offset(1), 3u);
    EXPECT_EQ(lines.offset(2), 6u);
    EXPECT_TRUE(lines.at_end(2));
    EXPECT_EQ(lines.content(5), "");
    EXPECT_FALSE(lines.starts_with(5, "a"));
    EXPECT_EQ(line_number(0), 1);
}

}  // namespace
}  // namespace patchbay
