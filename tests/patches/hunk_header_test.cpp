#include "patches/hunk_header.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(ParseHunkHeader, ReadsRangesAndFunctionContext) {
    Result<Hunk> hunk = parse_hunk_header("@@ -12,7 +13,8 @@ static int f(void)", "p", 4);
    ASSERT_TRUE(hunk.ok());
    EXPECT_EQ(hunk->old_start, 12);
    EXPECT_EQ(hunk->old_count, 7);
    EXPECT_EQ(hunk->new_start, 13);
    EXPECT_EQ(hunk->new_count, 8);
    EXPECT_EQ(hunk->function_context, "static int f(void)");
    EXPECT_EQ(hunk->header_line, 4);
}

TEST(ParseHunkHeader, OmittedCountIsOne) {
    Result<Hunk> hunk = parse_hunk_header("@@ -0,0 +1 @@", "p", 1);
    ASSERT_TRUE(hunk.ok());
    EXPECT_EQ(hunk->old_count, 0);
    EXPECT_EQ(hunk->new_count, 1);
    EXPECT_EQ(hunk->function_context, "");
}

TEST(ParseHunkHeader, RejectsMalformedHeaders) {
    for (const char* bad :
         {"@@ -1 +1", "@@ 1 +1 @@", "@@ -1,+1 @@", "@@@ -1 -1 +1 @@@", "@@ -1 +x @@"}) {
        Result<Hunk> hunk = parse_hunk_header(bad, "p.patch", 9);
        ASSERT_FALSE(hunk.ok()) << bad;
        EXPECT_EQ(hunk.error().line, 9);
        EXPECT_EQ(hunk.error().message, "malformed hunk header \"" + std::string(bad) + "\"");
    }
}

TEST(ParseHunkHeader, RejectsNumbersBeyondInt64) {
    EXPECT_TRUE(parse_hunk_header("@@ -9223372036854775807 +1 @@", "p", 1).ok());
    Result<Hunk> hunk = parse_hunk_header("@@ -1 +1,9223372036854775808 @@", "p", 1);
    ASSERT_FALSE(hunk.ok());
    EXPECT_EQ(hunk.error().message,
              "hunk header @@ -1 +1,9223372036854775808 @@ has a number too large for a line "
              "number");
}

TEST(HunkRanges, StopsAtClosingMarks) {
    EXPECT_EQ(hunk_ranges("@@ -1,2 +1,3 @@ int main()"), "@@ -1,2 +1,3 @@");
}

}  // namespace
}  // namespace patchbay
