#include "source/git_tree_reader.hpp"

#include <gtest/gtest.h>

#include "common/git_handles.hpp"
#include "tests/support/git_command.hpp"
#include "tests/support/temp_tree.hpp"

namespace patchbay {
namespace {

using Kind = TreeEntry::Kind;
using patchbay::test_support::TempTree;

using test_support::kGit;

// repo/: up/a.py, up/run.sh (executable), up/link -> sub, up/sub/deep.py, one commit.
class GitTreeReaderTest : public ::testing::Test {
  protected:
    void SetUp() override {
        tree_.write("repo/up/a.py", "alpha\n");
        tree_.write("repo/up/run.sh", "#!/bin/sh\n");
        tree_.write("repo/up/sub/deep.py", "deep\n");
        tree_.run(
            std::string("cd repo && git init -q . && chmod +x up/run.sh && ln -s sub up/link") +
            " && git add -A && " + kGit + " commit -qm one");
    }

    GitTreeReader reader(const std::string& repo, GitTreeReader::Components prefix) {
        ensure_libgit2();
        git_repository* raw = nullptr;
        EXPECT_EQ(git_repository_open(&raw, (tree_ / repo).c_str()), 0);
        RepositoryPtr handle(raw);
        git_object* tree = nullptr;
        EXPECT_EQ(git_revparse_single(&tree, handle.get(), "HEAD^{tree}"), 0);
        return GitTreeReader(std::move(handle), TreePtr(reinterpret_cast<git_tree*>(tree)),
                             std::move(prefix));
    }

    TempTree tree_;
};

TEST_F(GitTreeReaderTest, ReadsEveryKindBelowThePrefix) {
    const auto up = reader("repo", {"up"});
    EXPECT_EQ(up.read("a.py").entry->content, "alpha\n");
    EXPECT_EQ(up.read("a.py").entry->kind, Kind::file);
    EXPECT_TRUE(up.read("run.sh").entry->executable);
    EXPECT_EQ(up.read("link").entry->kind, Kind::symlink);
    EXPECT_EQ(up.read("link").entry->content, "sub");
    EXPECT_EQ(up.read("link/deep.py").entry->kind, Kind::under_symlink);
    EXPECT_EQ(up.read("sub").entry->kind, Kind::directory);
    EXPECT_EQ(up.read("missing.py").entry->kind, Kind::absent);
    EXPECT_FALSE(up.read("../a.py").entry.ok());
}

TEST_F(GitTreeReaderTest, ReadGivesTheIdGitNames) {
    const auto up = reader("repo", {"up"});
    const auto read = up.read("a.py");
    EXPECT_EQ(read.entry->content, "alpha\n");
    EXPECT_EQ(oid_hex(read.id), tree_.run("cd repo && git rev-parse HEAD:up/a.py"));
    EXPECT_EQ(oid_hex(up.tree_id()), tree_.run("cd repo && git rev-parse 'HEAD^{tree}'"));
    const auto none = up.read("none.py");
    EXPECT_EQ(none.entry->kind, Kind::absent);
    EXPECT_TRUE(git_oid_is_zero(&none.id));
}

TEST_F(GitTreeReaderTest, PrefixTreeListsTheSubfolder) {
    const auto up = reader("repo", {"up"});
    auto subtree = up.prefix_tree();
    ASSERT_TRUE(subtree.ok());
    EXPECT_EQ(git_tree_entrycount(subtree->get()), 4u);  // a.py, link, run.sh, sub
}

// With the checkout preferred, a file whose bytes hash to the blob is read from the checkout;
// an edited one, or a symlink where the file was, gives the blob's bytes (git cat-file says
// which) from the object store.
TEST_F(GitTreeReaderTest, TheCheckoutStandsInForABlobOnlyWhenItHashesToIt) {
    auto up = reader("repo", {"up"});
    up.prefer_checkout_files();
    const auto same = up.read("a.py");
    EXPECT_TRUE(same.from_checkout);
    EXPECT_EQ(same.entry->content, tree_.run("cd repo && git cat-file blob HEAD:up/a.py") + "\n");

    tree_.write("repo/up/a.py", "edited\n");
    const auto edited = up.read("a.py");
    EXPECT_FALSE(edited.from_checkout);
    EXPECT_EQ(edited.entry->content, tree_.run("cd repo && git cat-file blob HEAD:up/a.py") + "\n");

    tree_.run("cd repo/up/sub && rm deep.py && ln -s ../a.py deep.py");
    tree_.write("repo/up/a.py", "deep\n");  // what the blob of sub/deep.py holds
    const auto linked = up.read("sub/deep.py");
    EXPECT_FALSE(linked.from_checkout);
    EXPECT_EQ(linked.entry->content, "deep\n");
}

TEST_F(GitTreeReaderTest, WithoutPreferringTheCheckoutEveryBlobIsInflated) {
    const auto up = reader("repo", {"up"});
    EXPECT_FALSE(up.read("a.py").from_checkout);
}

}  // namespace
}  // namespace patchbay
