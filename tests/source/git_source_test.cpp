// A git repository as the pristine upstream: HEAD or a revision, dirty checkouts, bare
// repositories.
// Also tests common/git_handles.cpp (commit ids in hex, checked against git rev-parse).

#include "source/git_source.hpp"

#include <gtest/gtest.h>

#include "source/pristine_source.hpp"
#include "tests/support/git_command.hpp"
#include "tests/support/temp_tree.hpp"

namespace patchbay {
namespace {

using Kind = TreeEntry::Kind;
using patchbay::test_support::TempTree;

using test_support::kGit;

// repo/: vllm/a.py (changed by the second commit), an executable, a subdirectory, a symlink to
// it, tag v1.0 on the first commit.
class GitSourceTest : public ::testing::Test {
  protected:
    void SetUp() override {
        tree_.write("repo/vllm/a.py", "one\n");
        tree_.write("repo/vllm/run.sh", "#!/bin/sh\n");
        tree_.write("repo/vllm/sub/deep.py", "deep\n");
        tree_.write("repo/README", "readme\n");
        git("init -q . && chmod +x vllm/run.sh && ln -s sub vllm/link && git add -A");
        git("commit -qm one && git tag v1.0");
        tree_.write("repo/vllm/a.py", "two\n");
        git("commit -qam two");
    }

    std::string git(const std::string& args) {
        return tree_.run(std::string("cd repo && ") + kGit + " " + args);
    }

    Result<std::unique_ptr<PristineSource>> open(const std::string& rev = "",
                                                 const std::string& directory = "",
                                                 bool allow_dirty = false) {
        return open_pristine(SourceOptions{tree_ / "repo", rev, directory, allow_dirty, {}});
    }

    TreeEntry lookup_ok(const PristineSource& source, const std::string& path) {
        auto entry = source.lookup(path);
        EXPECT_TRUE(entry.ok()) << (entry ? "" : entry.error().located());
        return entry ? entry.value() : TreeEntry{};
    }

    TempTree tree_;
};

TEST_F(GitSourceTest, HeadTreeWhenNoRev) {
    auto source = open();
    ASSERT_TRUE(source.ok()) << source.error().located();
    const TreeEntry entry = lookup_ok(**source, "vllm/a.py");
    EXPECT_EQ(entry.kind, Kind::file);
    EXPECT_EQ(entry.content, "two\n");
    EXPECT_FALSE(entry.executable);
    EXPECT_EQ((*source)->description().commit, git("rev-parse HEAD"));
    EXPECT_TRUE((*source)->description().notes.empty());
}

TEST_F(GitSourceTest, RevIsReadFromTheObjectStoreWithANote) {
    auto source = open("v1.0");
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_EQ(lookup_ok(**source, "vllm/a.py").content, "one\n");
    EXPECT_EQ((*source)->description().commit, git("rev-parse 'v1.0^{commit}'"));
    EXPECT_EQ((*source)->description().rev, "v1.0");
    const std::string expected_note = "checkout HEAD is at " + git("rev-parse --short=7 HEAD") +
                                      ", reading v1.0 (" + git("rev-parse --short=7 v1.0") +
                                      ") from the object store";
    EXPECT_EQ((*source)->description().notes, std::vector<std::string>{expected_note});
}

TEST_F(GitSourceTest, RevAtHeadGivesNoNote) {
    git("tag v2.0");
    auto source = open("v2.0");
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_TRUE((*source)->description().notes.empty());
}

TEST_F(GitSourceTest, EveryLookupKind) {
    auto source = open();
    ASSERT_TRUE(source.ok()) << source.error().located();
    const TreeEntry link = lookup_ok(**source, "vllm/link");
    EXPECT_EQ(link.kind, Kind::symlink);
    EXPECT_EQ(link.content, "sub");
    EXPECT_EQ(lookup_ok(**source, "vllm/link/deep.py").kind, Kind::under_symlink);
    EXPECT_EQ(lookup_ok(**source, "vllm/sub").kind, Kind::directory);
    EXPECT_EQ(lookup_ok(**source, "vllm/sub/deep.py").content, "deep\n");
    EXPECT_EQ(lookup_ok(**source, "vllm/nope.py").kind, Kind::absent);
    EXPECT_EQ(lookup_ok(**source, "nope/x.py").kind, Kind::absent);
    EXPECT_EQ(lookup_ok(**source, "vllm/a.py/x").kind, Kind::absent);
}

TEST_F(GitSourceTest, ExecutableBitComesFromTheMode) {
    auto source = open();
    ASSERT_TRUE(source.ok()) << source.error().located();
    const TreeEntry script = lookup_ok(**source, "vllm/run.sh");
    EXPECT_EQ(script.kind, Kind::file);
    EXPECT_TRUE(script.executable);
    EXPECT_EQ(script.content, "#!/bin/sh\n");
}

TEST_F(GitSourceTest, DirectoryIsASubfolderOfTheTree) {
    auto source = open("v1.0", "vllm");
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_EQ(lookup_ok(**source, "a.py").content, "one\n");
    EXPECT_EQ(lookup_ok(**source, "README").kind, Kind::absent);
    EXPECT_EQ(lookup_ok(**source, "link/deep.py").kind, Kind::under_symlink);
    EXPECT_EQ((*source)->description().directory, "vllm");
}

TEST_F(GitSourceTest, MissingDirectoryIsAnError) {
    auto source = open("", "vllm/nope");
    ASSERT_FALSE(source.ok());
    EXPECT_EQ(source.error().message, "'vllm/nope' is not a directory in the revision read");
}

TEST_F(GitSourceTest, UnknownRevIsAnErrorNamingIt) {
    auto source = open("v9.9");
    ASSERT_FALSE(source.ok());
    EXPECT_EQ(source.error().file, (tree_ / "repo").string());
    EXPECT_EQ(source.error().message, "unknown revision 'v9.9'");
}

TEST_F(GitSourceTest, BadLookupPathsAreErrors) {
    auto source = open();
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_FALSE((*source)->lookup("../repo/README").ok());
    EXPECT_FALSE((*source)->lookup("vllm/../../x").ok());
    EXPECT_FALSE((*source)->lookup("/etc/passwd").ok());
    EXPECT_FALSE((*source)->lookup("").ok());
    EXPECT_FALSE((*source)->lookup(std::string("vllm/a.py\0x", 11)).ok());
}

TEST_F(GitSourceTest, DirtyCheckoutIsRefused) {
    tree_.write("repo/vllm/sub/deep.py", "edited\n");
    auto source = open();
    ASSERT_FALSE(source.ok());
    EXPECT_EQ(source.error().message,
              "the upstream checkout has local modifications to tracked files (vllm/sub/deep.py); "
              "commit or stash them, or pass --allow-dirty to read it anyway");
}

TEST_F(GitSourceTest, DeferredDirtyCheckReportsWhenFinished) {
    tree_.write("repo/vllm/sub/deep.py", "edited\n");
    SourceOptions options{tree_ / "repo", "", "", false, {}};
    options.defer_checks = true;
    auto source = open_pristine(options);
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_EQ(lookup_ok(**source, "vllm/sub/deep.py").content, "deep\n");
    for (int twice = 0; twice < 2; ++twice) {
        auto checked = (*source)->finish_checks();
        ASSERT_FALSE(checked.ok());
        EXPECT_EQ(checked.error().message,
                  "the upstream checkout has local modifications to tracked files "
                  "(vllm/sub/deep.py); commit or stash them, or pass --allow-dirty to read it "
                  "anyway");
        EXPECT_EQ(checked.error().file, (tree_ / "repo").string());
    }
}

TEST_F(GitSourceTest, DeferredCheckOfACleanCheckoutIsOk) {
    SourceOptions options{tree_ / "repo", "", "", false, {}};
    options.defer_checks = true;
    auto source = open_pristine(options);
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_TRUE((*source)->finish_checks().ok());
    EXPECT_TRUE((*source)->finish_checks().ok());
}

TEST_F(GitSourceTest, DeferredCheckSeesStagedChangesToAFileReadFromASubdirectory) {
    tree_.write("repo/vllm/sub/deep.py", "staged\n");
    git("add vllm/sub/deep.py");
    SourceOptions options{tree_ / "repo/vllm", "HEAD", "", false, {}};
    options.defer_checks = true;
    auto source = open_pristine(options);
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_EQ(lookup_ok(**source, "sub/deep.py").content, "deep\n");
    auto checked = (*source)->finish_checks();
    ASSERT_FALSE(checked.ok());
    EXPECT_NE(checked.error().message.find("(vllm/sub/deep.py)"), std::string::npos)
        << checked.error().message;
}

// Deliberate: the deferred check looks only at what was read; an edit elsewhere cannot have
// changed any result computed from the object store.
TEST_F(GitSourceTest, DeferredCheckIgnoresEditsToFilesNeverRead) {
    tree_.write("repo/README", "edited, never read\n");
    SourceOptions options{tree_ / "repo", "", "", false, {}};
    options.defer_checks = true;
    auto source = open_pristine(options);
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_EQ(lookup_ok(**source, "vllm/sub/deep.py").content, "deep\n");
    EXPECT_TRUE((*source)->finish_checks().ok());
}

TEST_F(GitSourceTest, ReadsTheRevAndDirectoryOfABareRepository) {
    tree_.run(std::string(kGit) + " clone -q --bare repo bare.git");
    auto source = open_pristine(SourceOptions{tree_ / "bare.git", "v1.0", "vllm", false, {}});
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_EQ(lookup_ok(**source, "a.py").content, "one\n");
    EXPECT_EQ(lookup_ok(**source, "sub/deep.py").content, "deep\n");
}

// The deferred dirty check covers the files looked up so far, and grows with them.
TEST_F(GitSourceTest, DeferredCheckCoversTheFilesLookedUpSoFar) {
    tree_.write("repo/README", "edited, not looked up at first\n");
    SourceOptions options{tree_ / "repo", "", "", false, {}};
    options.defer_checks = true;
    auto source = open_pristine(options);
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_EQ(lookup_ok(**source, "vllm/a.py").content, "two\n");
    EXPECT_TRUE((*source)->finish_checks().ok());
    EXPECT_EQ(lookup_ok(**source, "README").content, "readme\n");
    EXPECT_FALSE((*source)->finish_checks().ok());
}

// Reading another revision than HEAD: the check compares the work tree with HEAD's entries,
// not with the blobs read.
TEST_F(GitSourceTest, DeferredCheckOfAnOlderRevComparesWithHead) {
    SourceOptions options{tree_ / "repo", "v1.0", "", false, {}};
    options.defer_checks = true;
    auto clean = open_pristine(options);
    ASSERT_TRUE(clean.ok()) << clean.error().located();
    EXPECT_EQ(lookup_ok(**clean, "vllm/a.py").content, "one\n");
    EXPECT_TRUE((*clean)->finish_checks().ok());

    tree_.write("repo/vllm/a.py", "one\n");  // v1.0's bytes, but HEAD has "two"
    auto dirty = open_pristine(options);
    ASSERT_TRUE(dirty.ok()) << dirty.error().located();
    EXPECT_EQ(lookup_ok(**dirty, "vllm/a.py").content, "one\n");
    auto checked = (*dirty)->finish_checks();
    ASSERT_FALSE(checked.ok());
    EXPECT_NE(checked.error().message.find("(vllm/a.py)"), std::string::npos);
}

TEST_F(GitSourceTest, DeferredCheckOfFilesFromASubdirectory) {
    tree_.write("repo/vllm/sub/deep.py", "edited\n");
    SourceOptions options{tree_ / "repo", "", "vllm", false, {}};
    options.defer_checks = true;
    auto source = open_pristine(options);
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_EQ(lookup_ok(**source, "a.py").content, "two\n");
    EXPECT_TRUE((*source)->finish_checks().ok());  // a.py is clean
    EXPECT_EQ(lookup_ok(**source, "sub/deep.py").content, "deep\n");
    auto checked = (*source)->finish_checks();
    ASSERT_FALSE(checked.ok());
    EXPECT_NE(checked.error().message.find("(vllm/sub/deep.py)"), std::string::npos)
        << checked.error().message;
}

// With --allow-dirty an edited checkout file is still read from the object store: an edit never
// reaches the pristine tree.
TEST_F(GitSourceTest, AnEditedCheckoutFileNeverReachesThePristineTree) {
    tree_.write("repo/vllm/a.py", "edited\n");
    SourceOptions options{tree_ / "repo", "", "vllm", true, {}};
    auto source = open_pristine(options);
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_EQ(lookup_ok(**source, "a.py").content, "two\n");
    EXPECT_EQ(lookup_ok(**source, "sub/deep.py").content, "deep\n");
}

// --rev names the release the series targets; HEAD may have moved or deleted the files the
// series touches there (an upstream reorganisation). git status is clean, so the checkout is.
TEST_F(GitSourceTest, DeferredCheckOfAnOlderRevAcceptsFilesHeadMovedOrDeleted) {
    git("mv vllm/a.py vllm/moved.py");
    git("rm -q vllm/sub/deep.py");
    git("commit -qm reorganise");
    SourceOptions options{tree_ / "repo", "v1.0", "", false, {}};
    options.defer_checks = true;
    auto source = open_pristine(options);
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_EQ(lookup_ok(**source, "vllm/a.py").content, "one\n");
    EXPECT_EQ(lookup_ok(**source, "vllm/sub/deep.py").content, "deep\n");
    auto checked = (*source)->finish_checks();
    EXPECT_TRUE(checked.ok()) << checked.error().located();
}

// The same reorganisation left uncommitted is a local modification.
TEST_F(GitSourceTest, DeferredCheckOfAnOlderRevRefusesAnUncommittedDeletion) {
    git("rm -q vllm/sub/deep.py");
    SourceOptions options{tree_ / "repo", "v1.0", "", false, {}};
    options.defer_checks = true;
    auto source = open_pristine(options);
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_EQ(lookup_ok(**source, "vllm/sub/deep.py").content, "deep\n");
    auto checked = (*source)->finish_checks();
    ASSERT_FALSE(checked.ok());
    EXPECT_NE(checked.error().message.find("(vllm/sub/deep.py)"), std::string::npos);
}

TEST_F(GitSourceTest, UndeferredOpenHasNothingLeftToFinish) {
    auto source = open();
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_TRUE((*source)->finish_checks().ok());
}

TEST_F(GitSourceTest, StagedChangeIsDirtyToo) {
    tree_.write("repo/README", "staged\n");
    git("add README");
    auto source = open();
    ASSERT_FALSE(source.ok());
    EXPECT_NE(source.error().message.find("(README)"), std::string::npos);
}

// Issue #28 item 6: and says so, naming the commit.
TEST_F(GitSourceTest, AllowDirtyReadsTheCommittedBlob) {
    tree_.write("repo/vllm/a.py", "edited in the work tree\n");
    auto source = open("", "", true);
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_EQ(lookup_ok(**source, "vllm/a.py").content, "two\n");
    const auto& notes = (*source)->description().notes;
    ASSERT_EQ(notes.size(), 1u);
    EXPECT_EQ(notes[0], "the bytes read are commit " + git("rev-parse --short=7 HEAD") +
                            "'s: edits in the checkout that are not committed are not used");
}

TEST_F(GitSourceTest, UntrackedFilesDoNotMakeItDirty) {
    tree_.write("repo/vllm/untracked.py", "new\n");
    auto source = open();
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_EQ(lookup_ok(**source, "vllm/untracked.py").kind, Kind::absent);
}

TEST_F(GitSourceTest, ManyDirtyPathsAreCappedAtTen) {
    for (int i = 0; i < 12; ++i) tree_.write("repo/f" + std::to_string(10 + i), "x\n");
    git("add -A && " + std::string(kGit) + " commit -qm many");
    for (int i = 0; i < 12; ++i) tree_.write("repo/f" + std::to_string(10 + i), "y\n");
    auto source = open();
    ASSERT_FALSE(source.ok());
    EXPECT_NE(source.error().message.find("f10, f11, f12, f13, f14, f15, f16, f17, f18, f19 and "
                                          "2 more"),
              std::string::npos)
        << source.error().message;
}

TEST_F(GitSourceTest, BareRepository) {
    tree_.run(std::string(kGit) + " clone -q --bare repo bare.git");
    auto source = open_pristine(SourceOptions{tree_ / "bare.git", "v1.0", "vllm", false, {}});
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_EQ(lookup_ok(**source, "a.py").content, "one\n");
    EXPECT_TRUE((*source)->description().notes.empty());
}

TEST_F(GitSourceTest, PathInsideACheckoutWithRev) {
    auto source = open_pristine(SourceOptions{tree_ / "repo" / "vllm", "v1.0", "", false, {}});
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_EQ(lookup_ok(**source, "a.py").content, "one\n");
    EXPECT_EQ(lookup_ok(**source, "sub").kind, Kind::directory);
}

TEST_F(GitSourceTest, ManifestWithAGitUpstreamIsAnError) {
    tree_.write("SHA256SUMS", "");
    auto source = open_pristine(SourceOptions{tree_ / "repo", "", "", false, tree_ / "SHA256SUMS"});
    ASSERT_FALSE(source.ok());
    EXPECT_EQ(source.error().message,
              "a manifest verifies a plain directory; the upstream is read from git");
}

TEST_F(GitSourceTest, IsGitRepositoryDoesNotSearchParents) {
    EXPECT_TRUE(is_git_repository(tree_ / "repo"));
    EXPECT_FALSE(is_git_repository(tree_ / "repo" / "vllm"));
    EXPECT_FALSE(is_git_repository(tree_.root()));
}

TEST_F(GitSourceTest, MayBeGitRepositoryAnswersFromTheFileSystem) {
    tree_.run(std::string(kGit) + " clone -q --bare repo bare.git");
    tree_.run(std::string(kGit) + " -C repo worktree add -q ../linked HEAD");
    tree_.write("plain/HEAD", "not a repository\n");
    EXPECT_TRUE(may_be_git_repository(tree_ / "repo"));
    EXPECT_TRUE(may_be_git_repository(tree_ / "bare.git"));
    EXPECT_TRUE(may_be_git_repository(tree_ / "linked"));  // .git is a file there
    EXPECT_TRUE(is_git_repository(tree_ / "linked"));
    EXPECT_FALSE(may_be_git_repository(tree_ / "repo/vllm"));
    EXPECT_FALSE(may_be_git_repository(tree_ / "plain"));
    EXPECT_FALSE(is_git_repository(tree_ / "plain"));
}

}  // namespace
}  // namespace patchbay
