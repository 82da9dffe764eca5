// The merges are git merge-file's (text_merge_test.cpp checks that against git itself); these
// tests pin what is carried, what is reported and what is refused.

#include "regenerate/edit_rebase.hpp"

#include <gtest/gtest.h>

#include "tests/support/file_states.hpp"
#include "tests/support/memory_source.hpp"
#include "tests/support/numbered_lines.hpp"

namespace patchbay {
namespace {

using test_support::MemorySource;

using test_support::text;

using test_support::numbered_lines;

class Carry : public ::testing::Test {
  protected:
    void SetUp() override { source.file("f.txt", numbered_lines(20)); }
    // The series now: 0001 changed line 3 to THREE.
    TreeState series_now() {
        TreeState state(source);
        state.apply(TreeChanges{{"f.txt", text(numbered_lines(20, {{3, "THREE"}}))}});
        return state;
    }
    CarryContext context() {
        return {"W2", "0002", [&](const std::string& path) -> Result<std::vector<std::string>> {
                    asked.push_back(path);
                    return std::vector<std::string>{"0001"};
                }};
    }
    MemorySource source;
    std::vector<std::string> asked;
};

TEST_F(Carry, AnEditOnTheCurrentBaseIsTakenAsIsWithoutAskingWhatMoved) {
    TreeState state(source);
    auto carried =
        carry_edits({{"f.txt", text(numbered_lines(20)), text(numbered_lines(20, {{15, "x"}}))}},
                    state, context());
    ASSERT_TRUE(carried.ok());
    ASSERT_EQ(carried->changes.size(), 1u);
    EXPECT_EQ(carried->changes[0].after->content, numbered_lines(20, {{15, "x"}}));
    EXPECT_TRUE(carried->rebased.empty());
    EXPECT_TRUE(asked.empty());
}

// The example: the worktree's base still has "three"; the edit lands on "THREE".
TEST_F(Carry, AnEditOnAMovedBaseIsMergedOntoTheSeriesAndReported) {
    auto carried = carry_edits({{"f.txt", text(numbered_lines(20, {{3, "three"}})),
                                 text(numbered_lines(20, {{3, "three"}, {15, "FIFTEEN"}}))}},
                               series_now(), context());
    ASSERT_TRUE(carried.ok()) << carried.error().message;
    EXPECT_EQ(carried->changes[0].before->content, numbered_lines(20, {{3, "THREE"}}));
    EXPECT_EQ(carried->changes[0].after->content,
              numbered_lines(20, {{3, "THREE"}, {15, "FIFTEEN"}}));
    ASSERT_EQ(carried->rebased.size(), 1u);
    EXPECT_EQ(carried->rebased[0].path, "f.txt");
    EXPECT_EQ(carried->rebased[0].changed_by, std::vector<std::string>{"0001"});
}

TEST_F(Carry, AnEditThatConflictsIsRefusedNamingTheFileAndThePatch) {
    auto carried = carry_edits({{"f.txt", text(numbered_lines(20, {{3, "three"}})),
                                 text(numbered_lines(20, {{3, "3!"}}))}},
                               series_now(), context());
    ASSERT_FALSE(carried.ok());
    EXPECT_EQ(carried.error().file, "W2");
    EXPECT_NE(carried.error().message.find("f.txt (changed since by 0001)"), std::string::npos)
        << carried.error().message;
    EXPECT_NE(carried.error().message.find("--upto 0002"), std::string::npos);
}

// A path NAME left alone (on disk as in its base) stays as the series has it now.
TEST_F(Carry, APathTheWorktreeLeftAloneFollowsTheSeries) {
    auto carried = carry_edits({{"f.txt", text(numbered_lines(20, {{3, "three"}})),
                                 text(numbered_lines(20, {{3, "three"}}))}},
                               series_now(), context());
    ASSERT_TRUE(carried.ok());
    EXPECT_EQ(carried->changes[0].after, carried->changes[0].before);
    EXPECT_TRUE(carried->rebased.empty());
}

TEST_F(Carry, AFileCreatedMeanwhileBySomeoneElseConflicts) {
    auto carried = carry_edits(
        {{"n.txt", std::nullopt, text("mine\n")}},
        [&] {
            TreeState state(source);
            state.apply(TreeChanges{{"n.txt", text("theirs\n")}});
            return state;
        }(),
        context());
    ASSERT_FALSE(carried.ok());
    EXPECT_NE(carried.error().message.find("n.txt"), std::string::npos);
}

}  // namespace
}  // namespace patchbay
