#include "series/git_prefetch.hpp"

#include <gtest/gtest.h>

#include "tests/series/temp_tree.hpp"

namespace patchbay {
namespace {

using Kind = TreeEntry::Kind;
using patchbay::testing::TempTree;

// repo/: f0.txt … f19.txt ("file N\n"), sub/x.txt, link -> sub, one commit.
class GitPrefetchTest : public ::testing::Test {
  protected:
    void SetUp() override {
        for (int i = 0; i < 20; ++i)
            tree_.write("repo/f" + std::to_string(i) + ".txt", "file " + std::to_string(i) + "\n");
        tree_.write("repo/sub/x.txt", "x\n");
        tree_.run(
            "cd repo && git init -q . && ln -s sub link && git add -A && git -c user.name=t "
            "-c user.email=t@example.com -c commit.gpgsign=false commit -qm one");
        ensure_libgit2();
        git_repository* raw = nullptr;
        EXPECT_EQ(git_repository_open(&raw, (tree_ / "repo").c_str()), 0);
        RepositoryPtr repo(raw);
        git_object* tree = nullptr;
        EXPECT_EQ(git_revparse_single(&tree, repo.get(), "HEAD^{tree}"), 0);
        reader_.emplace(std::move(repo), TreePtr(reinterpret_cast<git_tree*>(tree)),
                        GitTreeReader::Components{});
    }

    std::vector<std::string> every_file() const {
        std::vector<std::string> paths;
        for (int i = 19; i >= 0; --i) paths.push_back("f" + std::to_string(i) + ".txt");
        return paths;
    }

    TempTree tree_;
    std::optional<GitTreeReader> reader_;
};

TEST_F(GitPrefetchTest, EveryPathReadAheadMatchesTheFile) {
    for (unsigned workers : {1u, 2u, 5u}) {
        GitPrefetch prefetch(*reader_, every_file(), workers);
        for (int i = 0; i < 20; ++i) {  // asked in another order than listed
            const std::string path = "f" + std::to_string(i) + ".txt";
            auto ahead = prefetch.take(path);
            ASSERT_TRUE(ahead.has_value()) << i;
            ASSERT_TRUE(ahead->entry.ok()) << i;
            EXPECT_EQ(ahead->entry->kind, Kind::file);
            EXPECT_EQ(ahead->entry->content, "file " + std::to_string(i) + "\n");
            char hex[GIT_OID_HEXSZ + 1] = {};
            git_oid_fmt(hex, &ahead->id);
            EXPECT_EQ(std::string(hex), tree_.run("cd repo && git rev-parse HEAD:" + path));
        }
    }
}

TEST_F(GitPrefetchTest, APathNotAskedForOrTakenTwiceIsLeftToTheCaller) {
    GitPrefetch prefetch(*reader_, {"f1.txt"}, 2);
    EXPECT_FALSE(prefetch.take("f2.txt").has_value());
    EXPECT_TRUE(prefetch.take("f1.txt").has_value());
    EXPECT_FALSE(prefetch.take("f1.txt").has_value());
}

TEST_F(GitPrefetchTest, AbsentAndUnreachablePathsAreAnsweredAsTheReaderWould) {
    GitPrefetch prefetch(*reader_, {"nope.txt", "link/x.txt", "link", "sub"}, 2);
    EXPECT_EQ(prefetch.take("nope.txt")->entry->kind, Kind::absent);
    EXPECT_EQ(prefetch.take("link/x.txt")->entry->kind, Kind::under_symlink);
    EXPECT_EQ(prefetch.take("link")->entry->content, "sub");
    EXPECT_EQ(prefetch.take("sub")->entry->kind, Kind::directory);
}

TEST_F(GitPrefetchTest, EndsCleanlyWithNothingTaken) {
    { GitPrefetch prefetch(*reader_, every_file(), 2); }
    // The reader it was made from still works: the workers had handles of their own.
    EXPECT_EQ(reader_->read("f3.txt")->content, "file 3\n");
}

TEST_F(GitPrefetchTest, FilesAreComparedWithTheWorkTreeWhenOneIsGiven) {
    tree_.write("repo/f2.txt", "edited\n");
    GitPrefetch prefetch(*reader_, {"f1.txt", "f2.txt", "sub", "sub/x.txt"}, 2, tree_ / "repo");
    EXPECT_TRUE(prefetch.take("f1.txt")->work_tree_same);
    EXPECT_FALSE(prefetch.take("f2.txt")->work_tree_same);
    EXPECT_FALSE(prefetch.take("sub")->work_tree_same);  // only files are compared
    EXPECT_TRUE(prefetch.take("sub/x.txt")->work_tree_same);
    GitPrefetch without(*reader_, {"f1.txt"}, 1);
    EXPECT_FALSE(without.take("f1.txt")->work_tree_same);
}

}  // namespace
}  // namespace patchbay
