#include "source/path_history.hpp"

#include <gtest/gtest.h>

#include "common/git_handles.hpp"
#include "tests/support/git_command.hpp"
#include "tests/support/temp_tree.hpp"

namespace patchbay {
namespace {

using patchbay::test_support::TempTree;

using test_support::kGit;

// A history with a move, a second move of the moved file, and a deletion; git itself (log
// with rename detection) is the oracle for which commit did what.
class PathHistoryTest : public ::testing::Test {
  protected:
    void SetUp() override {
        std::string body;
        for (int i = 0; i < 40; ++i) body += "line " + std::to_string(i) + "\n";
        tree_.write("repo/worker/runner.py", body);
        tree_.write("repo/gone.py", "bye\n");
        tree_.write("repo/stays.py", "here\n");
        commit("git add -A", "start");
        commit("mkdir -p v1/worker && git mv worker/runner.py v1/worker/runner.py", "Move runner");
        commit("echo more >> stays.py && git add stays.py", "Unrelated");
        commit("git rm -q gone.py", "Drop gone.py");
        commit("mkdir -p v2 && git mv v1/worker/runner.py v2/model_runner.py", "Rename runner");
        ensure_libgit2();
        git_repository* raw = nullptr;
        EXPECT_EQ(git_repository_open(&raw, (tree_ / "repo").c_str()), 0);
        repo_.reset(raw);
        EXPECT_EQ(git_reference_name_to_id(&head_, repo_.get(), "HEAD"), 0);
    }

    void commit(const std::string& change, const std::string& subject) {
        tree_.run("cd repo && (git init -q . 2>/dev/null || true) && " + change + " && " + kGit +
                  " commit -qm '" + subject + "'");
    }

    // git's answer: the commit (full id) whose rename of `path` (status R) git log reports.
    std::string git(const std::string& args) const { return tree_.run("cd repo && git " + args); }

    TempTree tree_;
    RepositoryPtr repo_;
    RenameCache renames_;
    git_oid head_{};
};

TEST_F(PathHistoryTest, FollowsAMovedFileToWhereItIsNow) {
    auto move = find_path_move(repo_.get(), head_, "worker/runner.py", 100, renames_);
    ASSERT_TRUE(move.has_value());
    ASSERT_EQ(move->steps.size(), 2u);
    // git log -M names each move's commit, oldest last.
    const auto moves = git("log -M --diff-filter=R --format=%H");
    EXPECT_EQ(moves, move->steps[1].commit + "\n" + move->steps[0].commit);
    EXPECT_EQ(move->steps[0].subject, "Move runner");
    EXPECT_EQ(move->steps[0].new_path, "v1/worker/runner.py");
    EXPECT_EQ(move->steps[1].new_path, git("ls-files v2"));
}

TEST_F(PathHistoryTest, ADeletedFileNamesTheCommitThatDeletedIt) {
    auto move = find_path_move(repo_.get(), head_, "gone.py", 100, renames_);
    ASSERT_TRUE(move.has_value());
    ASSERT_EQ(move->steps.size(), 1u);
    EXPECT_EQ(move->steps[0].commit, git("log --diff-filter=D --format=%H -- gone.py"));
    EXPECT_EQ(move->steps[0].new_path, "");
}

TEST_F(PathHistoryTest, StopsWhereTheMovedFileStillIsAtTheStart) {
    git_oid before_second_move{};
    ASSERT_EQ(git_oid_fromstr(&before_second_move, git("rev-parse HEAD~1").c_str()), 0);
    auto move = find_path_move(repo_.get(), before_second_move, "worker/runner.py", 100, renames_);
    ASSERT_TRUE(move.has_value());
    ASSERT_EQ(move->steps.size(), 1u);
    EXPECT_EQ(move->steps[0].new_path, "v1/worker/runner.py");
}

TEST_F(PathHistoryTest, NothingForAPathTheStartHasOrNoCommitHad) {
    EXPECT_FALSE(find_path_move(repo_.get(), head_, "stays.py", 100, renames_).has_value());
    EXPECT_FALSE(find_path_move(repo_.get(), head_, "never.py", 100, renames_).has_value());
}

// A move made on a branch and merged: the commit on the branch is named, not the merge.
TEST_F(PathHistoryTest, AMergedMoveNamesTheCommitOnTheMergedSide) {
    commit("git checkout -q -b side && mkdir -p lib && git mv stays.py lib/stays.py", "Move it");
    commit("git checkout -q - && echo x > other.py && git add other.py", "Meanwhile");
    tree_.run(std::string("cd repo && ") + kGit + " merge -q --no-ff -m 'Merge side' side");
    git_oid head{};
    ASSERT_EQ(git_reference_name_to_id(&head, repo_.get(), "HEAD"), 0);
    auto move = find_path_move(repo_.get(), head, "stays.py", 100, renames_);
    ASSERT_TRUE(move.has_value());
    ASSERT_EQ(move->steps.size(), 1u);
    EXPECT_EQ(move->steps[0].commit, git("rev-parse side"));
    EXPECT_EQ(move->steps[0].new_path, "lib/stays.py");
}

TEST_F(PathHistoryTest, TheWalkStopsAtItsLimit) {
    // gone.py was deleted by HEAD's parent: a walk of one commit (to that parent) misses it.
    EXPECT_FALSE(find_path_move(repo_.get(), head_, "gone.py", 1, renames_).has_value());
    EXPECT_TRUE(find_path_move(repo_.get(), head_, "gone.py", 2, renames_).has_value());
}

}  // namespace
}  // namespace patchbay
