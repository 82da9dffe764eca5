#include "regenerate/commit_edits.hpp"

#include <gtest/gtest.h>

#include "tests/regenerate/worktree_fixture.hpp"

namespace patchbay {
namespace {

using test_support::GitWorktree;

class Fork : public ::testing::Test {
  protected:
    void SetUp() override {
        fork.commit("base", {{"src/vllm/a.py", "a\n"}, {"README", "r\n"}});
        fork.commit("topic",
                    {{"src/vllm/a.py", "A\n"}, {"src/vllm/new.py", "n\n"}, {"README", "R\n"}});
    }
    GitWorktree fork;
};

TEST_F(Fork, TheCommitsChangesBelowTheDirectoryWithThePrefixStripped) {
    auto changes = commit_edits(fork.tree.root(), "HEAD", "src");
    ASSERT_TRUE(changes.ok()) << changes.error().message;
    ASSERT_EQ(changes->size(), 2u) << "README is outside src/";
    EXPECT_EQ((*changes)[0].path, "vllm/a.py");
    EXPECT_EQ((*changes)[0].before->content, "a\n");
    EXPECT_EQ((*changes)[0].after->content, "A\n");
    EXPECT_EQ((*changes)[1].path, "vllm/new.py");
    EXPECT_FALSE((*changes)[1].before.has_value());
}

TEST_F(Fork, AnUnknownRevisionAndARootCommitAreErrors) {
    auto unknown = commit_edits(fork.tree.root(), "no-such-rev", "");
    ASSERT_FALSE(unknown.ok());
    EXPECT_NE(unknown.error().message.find("--from-commit no-such-rev"), std::string::npos);
    auto root = commit_edits(fork.tree.root(), "HEAD~1", "");
    ASSERT_FALSE(root.ok());
    EXPECT_NE(root.error().message.find("has no parent"), std::string::npos);
}

TEST_F(Fork, AnyFolderInsideTheCheckoutFindsIt) {
    auto changes = commit_edits(fork.tree / "src/vllm", "HEAD", "");
    ASSERT_TRUE(changes.ok());
    EXPECT_EQ(changes->size(), 3u);
}

}  // namespace
}  // namespace patchbay
