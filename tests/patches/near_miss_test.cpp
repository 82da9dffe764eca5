#include "patches/near_miss.hpp"

#include <gtest/gtest.h>

#include "common/text_lines.hpp"
#include "tests/support/parsed_patch.hpp"

namespace patchbay {
namespace {

Hunk hunk_of(const std::string& body) {
    return test_support::parse("--- a/f\n+++ b/f\n" + body).files.at(0).hunks.at(0);
}

TEST(NearMiss, FindsThePlaceWithTheMostEqualLinesAndNamesTheOnesThatDiffer) {
    const std::string text = "x\ny\na\nB\nc\nd\nz\n";
    const auto lines = split_lines(text);
    auto miss = near_miss(lines, hunk_of("@@ -1,4 +1,4 @@\n a\n b\n-c\n+C\n d\n"));
    ASSERT_TRUE(miss);
    EXPECT_EQ(miss->line, 3);
    EXPECT_EQ(miss->matching, 3);
    EXPECT_EQ(miss->total, 4);
    ASSERT_EQ(miss->mismatches.size(), 1u);
    EXPECT_EQ(miss->mismatches[0].line, 4);
    EXPECT_EQ(miss->mismatches[0].expected, "b");
    EXPECT_EQ(miss->mismatches[0].found, "B");
    EXPECT_EQ(describe(*miss),
              "closest match at line 3 (3 of 4 lines equal); line 4 expected \"b\", found \"B\"");
}

TEST(NearMiss, TiesGoToThePlaceNearestTheHunksOldStart) {
    const std::string text = "a\nq\nr\ns\na\nq\n";
    const auto lines = split_lines(text);
    auto miss = near_miss(lines, hunk_of("@@ -5,2 +5,2 @@\n a\n-b\n+B\n"));
    ASSERT_TRUE(miss);
    EXPECT_EQ(miss->line, 5);
}

TEST(NearMiss, NothingInCommonIsNoNearMiss) {
    const std::string text = "p\nq\n";
    EXPECT_FALSE(near_miss(split_lines(text), hunk_of("@@ -1,2 +1,2 @@\n a\n-b\n+B\n")));
}

}  // namespace
}  // namespace patchbay
