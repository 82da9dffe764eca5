#include "regenerate/worktree_record.hpp"

#include <gtest/gtest.h>

#include "tests/regenerate/worktree_fixture.hpp"
#include "tests/support/series_names.hpp"

namespace patchbay {
namespace {

using test_support::GitWorktree;

using test_support::kOne;
using test_support::kThree;
using test_support::kTwo;

class Record : public ::testing::Test {
  protected:
    void SetUp() override {
        wt.commit("pristine upstream", {{"f.txt", "1\n2\n3\n"}, {"g.txt", "g\n"}});
        wt.commit(kOne, {{"f.txt", "1\ntwo\n3\n"}});
        wt.commit(kTwo, {{"f.txt", "1\ntwo\nthree\n"}, {"h.txt", "h\n"}});
    }
    Result<WorktreeRecord> open(const std::string& name, bool applies = true) {
        return WorktreeRecord::open(wt.tree.root(), {name, {kOne, kTwo}, applies});
    }
    GitWorktree wt;
};

TEST_F(Record, TheBaseOfNamesOwnCommitIsItsParent) {
    auto record = WorktreeRecord::open(wt.tree.root(), {kTwo, {kOne}, true});
    ASSERT_TRUE(record.ok()) << record.error().message;
    EXPECT_TRUE(record->holds_name());
    auto f = record->base_state("f.txt");
    ASSERT_TRUE(f.ok());
    EXPECT_EQ((*f)->content, "1\ntwo\n3\n");
    auto h = record->base_state("h.txt");
    ASSERT_TRUE(h.ok());
    EXPECT_FALSE(h->has_value()) << "h.txt is 0002's own";
}

TEST_F(Record, AWorktreeThatStopsBeforeNameIsAcceptedOnlyWhileNameDoesNotApply) {
    auto refused = open(kThree, true);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().message.find("its HEAD commit is \"0002-two.patch\""),
              std::string::npos)
        << refused.error().message;
    auto accepted = open(kThree, false);
    ASSERT_TRUE(accepted.ok()) << accepted.error().message;
    EXPECT_FALSE(accepted->holds_name());
    auto h = accepted->base_state("h.txt");
    ASSERT_TRUE(h.ok());
    EXPECT_EQ((*h)->content, "h\n") << "the base is HEAD itself";
}

TEST_F(Record, AHeadOfALaterPatchIsRefusedWithTheApplyCommand) {
    auto refused = WorktreeRecord::open(wt.tree.root(), {kOne, {}, false, {kTwo, kThree}});
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().message.find("patchbay apply --worktree NEW_DIR --upto " + kOne),
              std::string::npos)
        << refused.error().message;
}

// Issue #28 item 5: edits committed on top of NAME's commit are the user's, not a patch's: the
// base stays NAME's parent and the commits' changes are part of the edit.
TEST_F(Record, CommitsOnTopOfNamesAreTheUsersOwn) {
    wt.commit("fix typo", {{"f.txt", "1\ntwo\nthree!\n"}});
    wt.commit("and another", {{"g.txt", "G\n"}});
    auto record = WorktreeRecord::open(wt.tree.root(), {kTwo, {kOne}, true, {kThree}});
    ASSERT_TRUE(record.ok()) << record.error().message;
    EXPECT_TRUE(record->holds_name());
    auto f = record->base_state("f.txt");
    ASSERT_TRUE(f.ok());
    EXPECT_EQ((*f)->content, "1\ntwo\n3\n") << "the base is still 0002's parent";
    wt.commit(kThree, {{"g.txt", "g3\n"}});
    auto later = WorktreeRecord::open(wt.tree.root(), {kTwo, {kOne}, true, {kThree}});
    ASSERT_FALSE(later.ok()) << "a later patch's commit is not the user's";
    EXPECT_NE(later.error().message.find("its HEAD commit is \"" + kThree + "\""),
              std::string::npos)
        << later.error().message;
}

TEST_F(Record, AFolderThatIsNoRepositoryIsRefused) {
    test_support::TempTree empty;
    auto refused = WorktreeRecord::open(empty.root(), {kOne, {}, true});
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().message.find("is not a git repository"), std::string::npos);
}

TEST_F(Record, HistoryListsEachCommitThatChangedThePath) {
    wt.commit(kThree, {{"f.txt", "one\ntwo\nthree\n"}});
    auto record = WorktreeRecord::open(wt.tree.root(), {kThree, {kOne, kTwo}, true});
    ASSERT_TRUE(record.ok());
    auto history = record->history("f.txt");
    ASSERT_TRUE(history.ok());
    EXPECT_EQ(history->pristine->content, "1\n2\n3\n");
    ASSERT_EQ(history->steps.size(), 2u) << "0003 is NAME: not part of its base";
    EXPECT_EQ(history->steps[0].patch, kOne);
    EXPECT_EQ(history->steps[1].patch, kTwo);
    EXPECT_EQ(history->steps[1].after->content, "1\ntwo\nthree\n");
    auto g = record->history("g.txt");
    ASSERT_TRUE(g.ok());
    EXPECT_TRUE(g->steps.empty());
}

}  // namespace
}  // namespace patchbay
