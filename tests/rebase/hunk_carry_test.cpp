#include "rebase/hunk_carry.hpp"

#include <gtest/gtest.h>

#include <string>

#include "tests/support/tagged_lines.hpp"

namespace patchbay {
namespace {

using test_support::replaced;
using test_support::tagged_lines;

// A patch with three hunks on "f": lines 5, 20 and 35 changed.
std::string carry_theirs() {
    auto text = replaced(tagged_lines("f"), "f line 5\n", "f line five\n");
    text = replaced(text, "f line 20\n", "f line twenty\n");
    return replaced(text, "f line 35\n", "f line thirty-five\n");
}

TEST(HunkCarry, OnlyTheHunkUpstreamRewroteIsLeftToAPerson) {
    // Upstream changed line 20 its own way and line 34 beside the third hunk.
    auto ours = replaced(tagged_lines("f"), "f line 20\n", "f line TWENTY\n");
    ours = replaced(ours, "f line 34\n", "f line 34 (upstream)\n");
    auto carry = carry_hunks(tagged_lines("f"), carry_theirs(), ours);
    ASSERT_TRUE(carry.ok()) << carry.error().message;
    ASSERT_EQ(carry->hunks.size(), 3u);
    EXPECT_EQ(carry->hunks[0].fate, HunkFate::merged);
    EXPECT_EQ(carry->hunks[1].fate, HunkFate::conflict);
    EXPECT_EQ(carry->hunks[1].line, 20u);
    EXPECT_TRUE(carry->conflicts());
    auto expected = replaced(ours, "f line 5\n", "f line five\n");
    expected = replaced(expected, "f line 35\n", "f line thirty-five\n");
    EXPECT_EQ(carry->text, expected) << "the first and third hunks are carried";
    EXPECT_EQ(carry->left, replaced(tagged_lines("f"), "f line 20\n", "f line twenty\n"))
        << "their side of what is left holds the conflicting hunk only";
}

TEST(HunkCarry, AHunkWhoseContextUpstreamChangedIsMadeBesideIt) {
    // Upstream changed the lines right above and below line 20: git's merge conflicts (changes
    // on adjacent lines), and fuzz 2 does not reach inner context lines.
    auto theirs = replaced(tagged_lines("f"), "f line 20\n", "f line twenty\n");
    auto ours = replaced(tagged_lines("f"), "f line 19\n", "f line 19 (upstream)\n");
    ours = replaced(ours, "f line 21\n", "f line 21 (upstream)\n");
    auto carry = carry_hunks(tagged_lines("f"), theirs, ours);
    ASSERT_TRUE(carry.ok());
    ASSERT_EQ(carry->hunks.size(), 1u);
    EXPECT_EQ(carry->hunks[0].fate, HunkFate::fuzz);
    EXPECT_EQ(carry->text, replaced(ours, "f line 20\n", "f line twenty\n"));
    EXPECT_FALSE(carry->conflicts());
}

TEST(HunkCarry, AHunkInABlockUpstreamMovedAndEditedAtItsEdgeIsPlacedWithFuzz) {
    // Upstream moved lines 15-25 to the end and changed line 17 there: the merge sees a
    // deletion, GNU patch finds the block with fuzz 1 (line 17 is outer context).
    auto theirs = replaced(tagged_lines("f"), "f line 20\n", "f line twenty\n");
    std::string block, rest;
    for (int i = 1; i <= 40; ++i) {
        auto line = "f line " + std::to_string(i) + "\n";
        (i >= 15 && i <= 25 ? block : rest) += line;
    }
    auto ours = rest + replaced(block, "f line 17\n", "f line 17 (upstream)\n");
    auto carry = carry_hunks(tagged_lines("f"), theirs, ours);
    ASSERT_TRUE(carry.ok());
    ASSERT_EQ(carry->hunks.size(), 1u);
    EXPECT_EQ(carry->hunks[0].fate, HunkFate::fuzz);
    EXPECT_EQ(carry->text, replaced(ours, "f line 20\n", "f line twenty\n"));
}

TEST(HunkCarry, AHunkUpstreamAlreadyHasIsNotCarriedAgain) {
    auto ours = replaced(tagged_lines("f"), "f line 20\n", "f   line   twenty\n");
    ours = replaced(ours, "f line 6\n", "f line 6 (upstream)\n");
    auto carry = carry_hunks(tagged_lines("f"), carry_theirs(), ours);
    ASSERT_TRUE(carry.ok());
    ASSERT_EQ(carry->hunks.size(), 3u);
    EXPECT_EQ(carry->hunks[1].fate, HunkFate::upstream);
    EXPECT_EQ(carry->hunks[1].verdict.presence, HunkPresence::exact);
    EXPECT_EQ(carry->text.find("f line twenty\n"), std::string::npos) << "not added twice";
}

}  // namespace
}  // namespace patchbay
