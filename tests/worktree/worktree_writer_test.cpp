// The worktree writer's own refusals: the applier already refuses these paths, so the steps here
// are built by hand, as a bug in the applier would hand them over.
#include "worktree/worktree_writer.hpp"

#include <gtest/gtest.h>

#include "tests/support/file_states.hpp"
#include "tests/support/git_command.hpp"
#include "tests/support/memory_source.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/temp_tree.hpp"
#include "worktree/interrupted_worktree.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::MemorySource;
using test_support::TempDir;

using test_support::text;
FileState link(std::string target) {
    return FileState{std::move(target), false, true};
}

Status write_steps(const fs::path& dir, const std::vector<AppliedStep>& steps) {
    static MemorySource source;
    return write_worktree(WorktreeRequest{dir, &source, {}, &steps});
}

TEST(WorktreeWriter, RefusesAFileUnderASymlinkTheStepsCreate) {
    TempDir parent;
    std::vector<AppliedStep> steps = {{"1.patch", {{"lnk", link("../outside")}}},
                                      {"2.patch", {{"lnk/pwn.txt", text("pwned\n")}}}};
    auto written = write_steps(parent / "wt", steps);
    ASSERT_FALSE(written.ok());
    EXPECT_EQ(written.error().message,
              "2.patch: refusing to write 'lnk/pwn.txt' through a symlink the series created");
    EXPECT_FALSE(fs::exists(parent / "wt")) << "checked before anything is written";
    EXPECT_FALSE(fs::exists(parent / "outside"));
}

TEST(WorktreeWriter, RefusesPathsLeavingTheTree) {
    TempDir parent;
    std::vector<AppliedStep> steps = {{"1.patch", {{"../escape.txt", text("x\n")}}}};
    auto written = write_steps(parent / "wt", steps);
    ASSERT_FALSE(written.ok());
    EXPECT_EQ(
        written.error().message,
        "1.patch: refusing to write: path '../escape.txt' leaves the tree (a '..' component)");
    EXPECT_FALSE(fs::exists(parent / "escape.txt"));
}

TEST(WorktreeWriter, ASymlinkReplacedByAFolderIsFine) {
    TempDir parent;
    std::vector<AppliedStep> steps = {
        {"1.patch", {{"lnk", link("elsewhere")}}},
        {"2.patch", {{"lnk", std::nullopt}, {"lnk/file.txt", text("inside\n")}}}};
    ASSERT_TRUE(write_steps(parent / "wt", steps).ok());
    EXPECT_EQ(test_support::read_file(parent / "wt/lnk/file.txt"), "inside\n");
}

// A git pristine tree: its objects are reused, its tree becomes the first commit as it is, and
// git (the CLI) is the oracle for what must be in the new repository.
using test_support::kGit;

// repo/: a .gitattributes that a filtered checkout would act on (LF blobs under eol=crlf, an
// $Id$ under ident), added after the blobs so that they keep their bytes; an executable, a
// symlink to a file and one to a folder, a subdirectory.
class GitWorktreeTest : public ::testing::Test {
  protected:
    void SetUp() override {
        tree_.write("repo/a.txt", "one\ntwo\n");
        tree_.write("repo/crlf.dat", "x\r\ny\r\n");
        tree_.write("repo/version.id", "$Id$\n");
        tree_.write("repo/bin/run.sh", "#!/bin/sh\necho run\n");
        tree_.write("repo/sub/deep/x.c", "int x;\n");
        tree_.write("repo/sub/y.c", "int y;\n");
        git("init -q . && chmod +x bin/run.sh && ln -s a.txt link && ln -s sub dirlink");
        git("add -A");
        tree_.write("repo/.gitattributes", "*.txt text eol=crlf\n*.c text eol=crlf\n*.id ident\n");
        git("add .gitattributes && " + std::string(kGit) + " commit -qm pristine");
    }

    std::string git(const std::string& args) {
        return tree_.run(std::string("cd repo && ") + kGit + " " + args);
    }
    std::string git_wt(const std::string& args) {
        return tree_.run(std::string("cd wt && ") + kGit + " " + args);
    }

    Status write(const std::vector<AppliedStep>& steps, const std::string& directory = "",
                 bool keep_marked = false) {
        auto source = open_pristine(SourceOptions{tree_ / "repo", "", directory, true, {}});
        EXPECT_TRUE(source.ok()) << source.error().located();
        auto files = (*source)->list_files();
        return write_worktree(
            WorktreeRequest{tree_ / "wt", source->get(), *files, &steps, keep_marked});
    }

    // Whether wt/`path` holds exactly the bytes of the pristine blob at `spec` (HEAD:path).
    bool same_as_blob(const std::string& path, const std::string& spec) {
        return tree_.run("sha256sum < wt/" + path) ==
               tree_.run("cd repo && git cat-file blob " + spec + " | sha256sum");
    }

    test_support::TempTree tree_;
    std::vector<AppliedStep> one_patch_ = {
        {"1.patch",
         {{"a.txt", text("one\nTWO\n")}, {"new.txt", text("new\n")}, {"sub/y.c", std::nullopt}}}};
};

TEST_F(GitWorktreeTest, TheFirstCommitIsThePristineTreeItself) {
    ASSERT_TRUE(write(one_patch_).ok());
    EXPECT_EQ(git_wt("rev-parse HEAD~1^{tree}"), git("rev-parse HEAD^{tree}"));
    EXPECT_EQ(git_wt("log --format=%s"), "1.patch\npristine upstream");
    EXPECT_EQ(git_wt("diff --name-status HEAD~1 HEAD"), "M\ta.txt\nA\tnew.txt\nD\tsub/y.c");
    EXPECT_EQ(git_wt("status --porcelain"), "");
}

TEST_F(GitWorktreeTest, FilesOnDiskAreTheBlobBytesWhateverGitattributesSay) {
    ASSERT_TRUE(write({}).ok());
    for (const char* path : {"a.txt", "crlf.dat", "version.id", "bin/run.sh", "sub/deep/x.c",
                             "sub/y.c", ".gitattributes"})
        EXPECT_TRUE(same_as_blob(path, std::string("HEAD:") + path)) << path;
    EXPECT_EQ(test_support::read_file(tree_ / "wt/a.txt"), "one\ntwo\n");
    EXPECT_EQ(test_support::read_file(tree_ / "wt/version.id"), "$Id$\n");
    EXPECT_EQ(git_wt("status --porcelain"), "");
}

TEST_F(GitWorktreeTest, ExecutableBitsAndSymlinksAsInThePristineTree) {
    ASSERT_TRUE(write(one_patch_).ok());
    auto exec = [](const fs::path& path) {
        return (fs::status(path).permissions() & fs::perms::owner_exec) != fs::perms::none;
    };
    EXPECT_TRUE(exec(tree_ / "wt/bin/run.sh"));
    EXPECT_FALSE(exec(tree_ / "wt/crlf.dat"));
    ASSERT_TRUE(fs::is_symlink(tree_ / "wt/link"));
    EXPECT_EQ(fs::read_symlink(tree_ / "wt/link"), "a.txt");
    EXPECT_EQ(fs::read_symlink(tree_ / "wt/dirlink"), "sub");
    EXPECT_EQ(tree_.run("find wt -path wt/.git -prune -o -print | sort | tr '\\n' ' '"),
              "wt wt/.gitattributes wt/a.txt wt/bin wt/bin/run.sh wt/crlf.dat wt/dirlink wt/link "
              "wt/new.txt wt/sub wt/sub/deep wt/sub/deep/x.c wt/version.id ");
}

TEST_F(GitWorktreeTest, ASubdirectoryIsTheRootOfTheFirstCommit) {
    std::vector<AppliedStep> steps = {{"1.patch", {{"y.c", text("int why;\n")}}}};
    ASSERT_TRUE(write(steps, "sub").ok());
    EXPECT_EQ(git_wt("rev-parse HEAD~1^{tree}"), git("rev-parse HEAD:sub"));
    EXPECT_TRUE(same_as_blob("deep/x.c", "HEAD:sub/deep/x.c"));
    EXPECT_EQ(test_support::read_file(tree_ / "wt/y.c"), "int why;\n");
    EXPECT_FALSE(fs::exists(tree_ / "wt/a.txt"));
    EXPECT_EQ(git_wt("status --porcelain"), "");
}

TEST_F(GitWorktreeTest, TheNewRepositoryNeedsNothingOfThePristineOne) {
    ASSERT_TRUE(write(one_patch_).ok());
    const std::string tree_id = git("rev-parse HEAD^{tree}");
    fs::remove_all(tree_ / "repo");
    EXPECT_FALSE(fs::exists(tree_ / "wt/.git/objects/info/alternates"));
    git_wt("fsck --full --strict 2>&1");
    EXPECT_EQ(git_wt("cat-file -t " + tree_id), "tree");
    EXPECT_NE(git_wt("log -p").find("-two\n+TWO"), std::string::npos);
}

TEST_F(GitWorktreeTest, ObjectsReachedThroughAlternatesAreSeededToo) {
    tree_.run(std::string(kGit) + " clone -q --shared repo shared");
    ASSERT_TRUE(fs::exists(tree_ / "shared/.git/objects/info/alternates"));
    auto source = open_pristine(SourceOptions{tree_ / "shared", "", "", true, {}});
    ASSERT_TRUE(source.ok()) << source.error().located();
    auto files = (*source)->list_files();
    ASSERT_TRUE(write_worktree(WorktreeRequest{tree_ / "wt", source->get(), *files, &one_patch_}));
    fs::remove_all(tree_ / "repo");
    fs::remove_all(tree_ / "shared");
    git_wt("fsck --full --strict 2>&1");
    EXPECT_EQ(test_support::read_file(tree_ / "wt/sub/deep/x.c"), "int x;\n");
}

// The new repository shares the pristine files' inodes: libgit2 touches an object it is asked
// to write again ("freshening"), which would change the pristine repository's files.
std::string object_times(const test_support::TempTree& tree) {
    return tree.run("find repo/.git/objects -type f -printf '%p %T@\\n' | sort");
}

TEST_F(GitWorktreeTest, LeavesThePristineLooseObjectsAlone) {
    const std::string before = object_times(tree_);
    std::vector<AppliedStep> steps = {{"1.patch", {{"copy.txt", text("one\ntwo\n")}}}};
    ASSERT_TRUE(write(steps).ok());
    EXPECT_EQ(
        tree_.run("stat -c %h repo/.git/objects/" + git("rev-parse HEAD:a.txt").insert(2, "/")),
        "2")
        << "hard-linked";
    EXPECT_EQ(object_times(tree_), before);
    EXPECT_EQ(git_wt("rev-parse HEAD:copy.txt"), git("rev-parse HEAD:a.txt"));
}

TEST_F(GitWorktreeTest, LeavesThePristinePackAlone) {
    git("repack -adq");
    const std::string before = object_times(tree_);
    ASSERT_TRUE(write(one_patch_).ok());
    EXPECT_EQ(object_times(tree_), before);
    EXPECT_EQ(git_wt("status --porcelain"), "");
}

TEST_F(GitWorktreeTest, APristineLinkedWorktreeSeedsFromTheCommonStore) {
    git("worktree add -q --detach ../linked");
    auto source = open_pristine(SourceOptions{tree_ / "linked", "", "", true, {}});
    ASSERT_TRUE(source.ok()) << source.error().located();
    auto files = (*source)->list_files();
    ASSERT_TRUE(write_worktree(WorktreeRequest{tree_ / "wt", source->get(), *files, &one_patch_}));
    EXPECT_EQ(git_wt("rev-parse HEAD~1^{tree}"), git("rev-parse HEAD^{tree}"));
    EXPECT_TRUE(same_as_blob("bin/run.sh", "HEAD:bin/run.sh"));
}

// The first commit is the pristine tree as it is, submodule entry included (the old writer
// dropped it); the submodule is not checked out, as after a plain git clone.
TEST_F(GitWorktreeTest, ASubmoduleStaysAnUncheckedOutGitlink) {
    git("update-index --add --cacheinfo 160000,1111111111111111111111111111111111111111,mod");
    git("commit -qm submodule");
    ASSERT_TRUE(write(one_patch_).ok());
    EXPECT_EQ(git_wt("rev-parse HEAD~1^{tree}"), git("rev-parse HEAD^{tree}"));
    EXPECT_EQ(git_wt("ls-tree HEAD mod"),
              "160000 commit 1111111111111111111111111111111111111111\tmod");
    EXPECT_TRUE(fs::is_empty(tree_ / "wt/mod"));
    EXPECT_EQ(git_wt("status --porcelain"), "");
}

TEST_F(GitWorktreeTest, RefusesToWriteThroughAPristineSymlink) {
    std::vector<AppliedStep> steps = {{"1.patch", {{"dirlink/evil.c", text("pwned\n")}}}};
    auto written = write(steps);
    ASSERT_FALSE(written.ok());
    EXPECT_NE(written.error().message.find("refusing to write 'dirlink/evil.c' through a symlink"),
              std::string::npos)
        << written.error().message;
    EXPECT_FALSE(fs::exists(tree_ / "repo/sub/evil.c"));
}

// Issue #27 item 6: a write that stops half-way (here refused while writing; a kill leaves the
// same) keeps its marker, and the next write into the folder names it as interrupted instead of
// "not empty". A whole write leaves no marker.
TEST_F(GitWorktreeTest, AWriteThatStoppedHalfWayIsNamedInterrupted) {
    std::vector<AppliedStep> steps = {{"1.patch", {{"dirlink/evil.c", text("pwned\n")}}}};
    ASSERT_FALSE(write(steps).ok());
    EXPECT_TRUE(fs::exists(tree_ / "wt/.git/patchbay-writing"));
    auto again = write(one_patch_);
    ASSERT_FALSE(again.ok());
    EXPECT_EQ(again.error().message,
              "a patchbay run that was interrupted left this worktree half-written (" +
                  (tree_ / "wt/.git/patchbay-writing").string() +
                  " is there); remove the folder (rm -rf " + (tree_ / "wt").string() +
                  ") and run the command again to write it whole");
    tree_.run("rm -rf wt");
    ASSERT_TRUE(write(one_patch_).ok());
    EXPECT_FALSE(fs::exists(tree_ / "wt/.git/patchbay-writing"));
    EXPECT_EQ(git_wt("status --porcelain"), "");
}

// rebase writes its state file after the worktree: killed in between, the folder must not pass
// for a finished one.
TEST_F(GitWorktreeTest, ACallerThatWritesMoreKeepsTheMarkUntilItIsDone) {
    ASSERT_TRUE(write(one_patch_, "", true).ok());
    EXPECT_TRUE(is_interrupted_worktree(tree_ / "wt"));
    ASSERT_TRUE(mark_written(tree_ / "wt").ok());
    EXPECT_FALSE(is_interrupted_worktree(tree_ / "wt"));
}

TEST_F(GitWorktreeTest, ANonEmptyFolderIsLeftAlone) {
    tree_.write("wt/keep.txt", "mine\n");
    auto written = write(one_patch_);
    ASSERT_FALSE(written.ok());
    EXPECT_EQ(written.error().message, "exists and is not empty");
    EXPECT_FALSE(fs::exists(tree_ / "wt/.git"));
}

// rebase --continue: commits added on top of what write_worktree made; a file of no step, and
// the person's untracked one, stay as they are.
TEST_F(GitWorktreeTest, AppendedStepsAreCommitsOnTopOfHead) {
    ASSERT_TRUE(write(one_patch_).ok());
    auto head = head_commit_id(tree_ / "wt");
    ASSERT_TRUE(head.ok()) << head.error().located();
    EXPECT_EQ(*head, git_wt("rev-parse HEAD"));
    tree_.write("wt/notes.txt", "mine\n");
    std::vector<AppliedStep> more = {{"2.patch", {{"sub/y.c", text("int y2;\n")}}},
                                     {"3.patch", {{"new.c", text("int n;\n")}}}};
    auto appended = append_to_worktree(tree_ / "wt", more);
    ASSERT_TRUE(appended.ok()) << appended.error().located();
    EXPECT_EQ(git_wt("log --format=%s -3 | tr '\\n' ,"), "3.patch,2.patch,1.patch,");
    EXPECT_EQ(git_wt("show HEAD~1:sub/y.c"), "int y2;");
    EXPECT_EQ(git_wt("status --porcelain"), "?? notes.txt");
}

// A lock file left by a killed git or patchbay: the error names it and what to do, where
// libgit2 says only "the index is locked" (issue #27 item 4).
TEST_F(GitWorktreeTest, ALockedIndexIsNamedWithTheWayOut) {
    ASSERT_TRUE(write(one_patch_).ok());
    tree_.write("wt/.git/index.lock", "");
    std::vector<AppliedStep> more = {{"2.patch", {{"new.c", text("int n;\n")}}}};
    auto appended = append_to_worktree(tree_ / "wt", more);
    ASSERT_FALSE(appended.ok());
    const std::string message = appended.error().message;
    EXPECT_NE(message.find("wt/.git/index.lock exists"), std::string::npos) << message;
    EXPECT_NE(message.find("if none is running, remove it and run again"), std::string::npos)
        << message;
}

TEST_F(GitWorktreeTest, UnstagedFilesAreWrittenButNotCommitted) {
    ASSERT_TRUE(write(one_patch_).ok());
    auto written = write_unstaged(tree_ / "wt", "2.patch", {{"a.txt", text("conflict\n")}});
    ASSERT_TRUE(written.ok()) << written.error().located();
    EXPECT_EQ(test_support::read_file(tree_ / "wt/a.txt"), "conflict\n");
    EXPECT_EQ(git_wt("status --porcelain"), " M a.txt");
    auto escape = write_unstaged(tree_ / "wt", "2.patch", {{"../x", text("x\n")}});
    EXPECT_FALSE(escape.ok());
    EXPECT_FALSE(fs::exists(tree_ / "x"));
}

}  // namespace
}  // namespace patchbay
