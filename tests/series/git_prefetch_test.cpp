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

    std::string blob_id(const std::string& path) {
        return tree_.run("cd repo && git rev-parse HEAD:" + path);
    }

    TempTree tree_;
    std::optional<GitTreeReader> reader_;
};

std::string hex(const git_oid& id) {
    char text[GIT_OID_HEXSZ + 1] = {};
    git_oid_fmt(text, &id);
    return text;
}

TEST_F(GitPrefetchTest, EveryPathReadAheadMatchesTheFile) {
    for (unsigned workers : {1u, 2u, 5u}) {
        GitPrefetch prefetch(reader_->location(), every_file(), workers);
        prefetch.wait_for_workers();
        for (int i = 0; i < 20; ++i) {  // asked in another order than listed
            const std::string path = "f" + std::to_string(i) + ".txt";
            auto ahead = prefetch.take(path);
            ASSERT_TRUE(ahead.has_value()) << i;
            ASSERT_TRUE(ahead->entry.ok()) << i;
            EXPECT_EQ(ahead->entry->kind, Kind::file);
            EXPECT_EQ(ahead->entry->content, "file " + std::to_string(i) + "\n");
            EXPECT_EQ(hex(ahead->id), blob_id(path));
        }
    }
}

// Taken at once, a path is either read by a worker (and then right) or left to the caller;
// either way it is answered once.
TEST_F(GitPrefetchTest, APathNobodyStartedIsLeftToTheCaller) {
    GitPrefetch prefetch(reader_->location(), every_file(), 1);
    for (const auto& path : every_file()) {
        if (auto ahead = prefetch.take(path)) {
            EXPECT_EQ(hex(ahead->id), blob_id(path));
        }
        EXPECT_FALSE(prefetch.take(path).has_value());
    }
}

TEST_F(GitPrefetchTest, APathNotAskedForOrTakenTwiceIsLeftToTheCaller) {
    GitPrefetch prefetch(reader_->location(), {"f1.txt"}, 2);
    prefetch.wait_for_workers();
    EXPECT_FALSE(prefetch.take("f2.txt").has_value());
    EXPECT_TRUE(prefetch.take("f1.txt").has_value());
    EXPECT_FALSE(prefetch.take("f1.txt").has_value());
}

TEST_F(GitPrefetchTest, AbsentAndUnreachablePathsAreAnsweredAsTheReaderWould) {
    GitPrefetch prefetch(reader_->location(), {"nope.txt", "link/x.txt", "link", "sub"}, 2);
    prefetch.wait_for_workers();
    EXPECT_EQ(prefetch.take("nope.txt")->entry->kind, Kind::absent);
    EXPECT_EQ(prefetch.take("link/x.txt")->entry->kind, Kind::under_symlink);
    EXPECT_EQ(prefetch.take("link")->entry->content, "sub");
    EXPECT_EQ(prefetch.take("sub")->entry->kind, Kind::directory);
}

TEST_F(GitPrefetchTest, AnUnopenableRepositoryLeavesEveryPathToTheCaller) {
    auto where = reader_->location();
    where.git_dir = (tree_ / "no-such-repo").string();
    GitPrefetch prefetch(where, every_file(), 2);
    prefetch.wait_for_workers();
    EXPECT_FALSE(prefetch.take("f3.txt").has_value());
}

TEST_F(GitPrefetchTest, EndsCleanlyWithNothingTaken) {
    { GitPrefetch prefetch(reader_->location(), every_file(), 2); }
    // The reader it was made from still works: the workers had handles of their own.
    EXPECT_EQ(reader_->read("f3.txt").entry->content, "file 3\n");
}

TEST_F(GitPrefetchTest, FilesAreComparedWithTheWorkTreeWhenOneIsGiven) {
    tree_.write("repo/f2.txt", "edited\n");
    GitPrefetch prefetch(reader_->location(), {"f1.txt", "f2.txt", "sub", "sub/x.txt"}, 2,
                         tree_ / "repo");
    prefetch.wait_for_workers();
    EXPECT_TRUE(prefetch.take("f1.txt")->work_tree_same);
    const auto edited = prefetch.take("f2.txt");
    EXPECT_FALSE(edited->work_tree_same);
    EXPECT_EQ(edited->entry->content, "file 2\n");       // the blob, never the edit
    EXPECT_FALSE(prefetch.take("sub")->work_tree_same);  // only files are compared
    EXPECT_TRUE(prefetch.take("sub/x.txt")->work_tree_same);
    GitPrefetch without(reader_->location(), {"f1.txt"}, 1);
    without.wait_for_workers();
    EXPECT_FALSE(without.take("f1.txt")->work_tree_same);
}

}  // namespace
}  // namespace patchbay
