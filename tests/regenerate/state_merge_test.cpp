// Text merges are git's (text_merge_test.cpp); these pin the cases around them.

#include "regenerate/state_merge.hpp"
#include "tests/support/file_states.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

using test_support::text;

TEST(StateMerge, ASideThatDidNotChangeTakesTheOther) {
    auto ours = merge_states(text("a\n"), text("b\n"), text("a\n"));
    ASSERT_TRUE(ours.ok());
    EXPECT_EQ(**ours, text("b\n"));
    auto theirs = merge_states(text("a\n"), text("a\n"), std::nullopt);
    ASSERT_TRUE(theirs.ok());
    ASSERT_TRUE(theirs->has_value());
    EXPECT_FALSE(theirs->value().has_value()) << "the deletion is taken";
}

TEST(StateMerge, TextsMergeAndTheModeFollowsTheSideThatChangedIt) {
    std::string base = "1\n2\n3\n4\n5\n6\n7\n8\n";
    std::string ours = "one\n2\n3\n4\n5\n6\n7\n8\n", theirs = "1\n2\n3\n4\n5\n6\n7\neight\n";
    auto merged = merge_states(text(base), text(ours), text(theirs, true));
    ASSERT_TRUE(merged.ok());
    ASSERT_TRUE(merged->has_value());
    EXPECT_EQ((*merged)->value().content, "one\n2\n3\n4\n5\n6\n7\neight\n");
    EXPECT_TRUE((*merged)->value().executable);
}

TEST(StateMerge, ADeletionAgainstAChangeAndASymlinkDoNotMerge) {
    auto deleted = merge_states(text("a\n"), text("b\n"), std::nullopt);
    ASSERT_TRUE(deleted.ok());
    EXPECT_FALSE(deleted->has_value());
    auto link = merge_states(FileState{"x", false, true}, FileState{"y", false, true},
                             FileState{"z", false, true});
    ASSERT_TRUE(link.ok());
    EXPECT_FALSE(link->has_value());
}

}  // namespace
}  // namespace patchbay

namespace patchbay {
namespace {

TEST(ConflictState, ATextConflictIsGivenWithDiff3MarkersAndTheLabels) {
    MergeLabels labels{"v2", "0001-x.patch", "v1"};
    auto state = conflict_state(text("a\nb\nc\n"), text("a\nB2\nc\n"), text("a\nB1\nc\n"), labels);
    ASSERT_TRUE(state.ok());
    ASSERT_TRUE(state->has_value());
    EXPECT_EQ((*state)->content,
              "a\n<<<<<<< v2\nB2\n||||||| v1\nb\n=======\nB1\n>>>>>>> 0001-x.patch\nc\n");
}

TEST(ConflictState, ADeletionAgainstAnEditLeavesOurs) {
    auto state = conflict_state(text("a\n"), text("b\n"), std::nullopt, MergeLabels{});
    ASSERT_TRUE(state.ok());
    EXPECT_EQ(*state, PathState(text("b\n")));
}

}  // namespace
}  // namespace patchbay
