// A rebase worktree built with the git CLI (worktree_fixture.hpp): the person's files are read
// from disk against the commit the conflict was merged onto.

#include "rebase/rebase_resume.hpp"

#include <gtest/gtest.h>

#include "tests/regenerate/worktree_fixture.hpp"

namespace patchbay {
namespace {

using test_support::GitWorktree;

class RebaseResume : public ::testing::Test {
  protected:
    void SetUp() override {
        wt.commit("pristine upstream", {{"e.txt", "1\n2\n3\n"}, {"doc.rst", "Title\n=======\n"}});
        base = wt.tree.run("git rev-parse HEAD");
    }
    PendingPatch pending() const {
        return PendingPatch{"0002-e.patch", base, {"e.txt", "doc.rst"}};
    }
    GitWorktree wt;
    std::string base;
};

TEST_F(RebaseResume, MarkersLeftAreFoundWithTheirLines) {
    wt.tree.write("e.txt",
                  "1\n<<<<<<< v2\n2\n||||||| v1\nb\n=======\nB\n>>>>>>> 0002-e.patch\n3\n");
    wt.tree.write("doc.rst", "Title\n=======\nmore\n");
    auto read = read_pending(wt.tree.root(), pending());
    ASSERT_TRUE(read.ok()) << read.error().located();
    ASSERT_EQ(read->markers.size(), 4u) << "the heading of doc.rst was there before: not one";
    EXPECT_EQ(read->markers[0].path, "e.txt");
    EXPECT_EQ(read->markers[0].line, 2);
    EXPECT_EQ(read->markers[3].line, 8);
}

TEST_F(RebaseResume, TheResolutionIsTheFilesOnDiskNewOnesIncluded) {
    wt.tree.write("e.txt", "1\nTWO\n3\n");
    wt.tree.write("added.txt", "new\n");
    wt.tree.run("git rm -q doc.rst");
    auto read = read_pending(wt.tree.root(), pending());
    ASSERT_TRUE(read.ok()) << read.error().located();
    EXPECT_TRUE(read->markers.empty());
    ASSERT_EQ(read->changes.size(), 3u);
    EXPECT_EQ(read->changes.at("e.txt")->content.view(), "1\nTWO\n3\n");
    EXPECT_EQ(read->changes.at("added.txt")->content.view(), "new\n");
    EXPECT_FALSE(read->changes.at("doc.rst").has_value()) << "deleted";
}

TEST_F(RebaseResume, RecordedResolutionsAreReadFromTheirCommits) {
    wt.commit("0002-e.patch", {{"e.txt", "1\nTWO\n3\n"}});
    auto resolved = wt.tree.run("git rev-parse HEAD");
    wt.commit("0003-e.patch", {{"e.txt", "1\nTWO\nthree\n"}});
    RebaseState state;
    state.resolved = {{"0002-e.patch", resolved, {"e.txt", "gone.txt"}}};
    auto read = recorded_resolutions(wt.tree.root(), state);
    ASSERT_TRUE(read.ok()) << read.error().located();
    const auto& changes = read->at("0002-e.patch");
    EXPECT_EQ(changes.at("e.txt")->content.view(), "1\nTWO\n3\n") << "not HEAD's";
    EXPECT_FALSE(changes.at("gone.txt").has_value());
}

TEST_F(RebaseResume, ACommitTheWorktreeLacksIsAnError) {
    auto read = read_pending(wt.tree.root(),
                             PendingPatch{"x", "0123456789012345678901234567890123456789", {}});
    EXPECT_FALSE(read.ok());
}

}  // namespace
}  // namespace patchbay
