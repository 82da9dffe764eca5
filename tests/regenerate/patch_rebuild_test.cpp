// Rebuilt sections are compared with what git writes for the same two states (`git diff` of two
// commits in a scratch repository): a patch git wrote, rebuilt from git's own states, must come
// out as git writes it.

#include "regenerate/patch_rebuild.hpp"

#include <gtest/gtest.h>

#include "patches/patch_writer.hpp"
#include "tests/support/file_states.hpp"
#include "tests/support/parsed_patch.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/temp_tree.hpp"

namespace patchbay {
namespace {

using test_support::parse;
using test_support::TempTree;

std::string lines(const std::string& tag, int from, int to) {
    std::string text;
    for (int i = from; i <= to; ++i) text += tag + " " + std::to_string(i) + "\n";
    return text;
}

using test_support::text;

// Two commits of a scratch repository: git's diff between them is the expected patch.
class GitStates : public ::testing::Test {
  protected:
    void SetUp() override {
        tree.run("git init -q && git config user.name T && git config user.email t@t");
    }
    void commit() { tree.run("git add -A && git commit -qm c --allow-empty"); }
    std::string git_diff(const std::string& from, const std::string& to) {
        return tree.run("git diff " + from + " " + to) + "\n";
    }
    TempTree tree;
};

TEST_F(GitStates, AGitPatchRebuiltFromNewStatesIsWhatGitWritesForThem) {
    tree.write("vllm/a.py", "class A:\n" + lines("    x", 1, 30));
    tree.write("vllm/old.py", lines("old", 1, 20));
    commit();  // HEAD~2: the state before the patch
    tree.write("vllm/a.py", "class A:\n" + lines("    x", 1, 29) + "    changed\n");
    tree.run("git mv vllm/old.py vllm/new.py");
    commit();  // HEAD~1: the patch as it was
    tree.write("vllm/a.py", "class A:\n" + lines("    x", 1, 9) + "    also\n" +
                                lines("    x", 11, 29) + "    changed\n");
    tree.write("vllm/new.py", lines("old", 1, 19) + "edited\n");
    commit();  // HEAD: the edit
    auto old = parse(git_diff("HEAD~2", "HEAD~1"));
    std::vector<PathChange> changes{
        {"vllm/a.py", text("class A:\n" + lines("    x", 1, 30)),
         text(test_support::read_file(tree / "vllm/a.py"))},
        {"vllm/old.py", text(lines("old", 1, 20)), std::nullopt},
        {"vllm/new.py", std::nullopt, text(test_support::read_file(tree / "vllm/new.py"))},
    };
    auto rebuilt = rebuild_patch(old, 1, changes);
    ASSERT_TRUE(rebuilt.ok()) << rebuilt.error().message;
    EXPECT_EQ(render_patch(*rebuilt, conventions_of(old, 1).style), git_diff("HEAD~2", "HEAD"));
}

// Issue #27 item 8: a file the user replaced by a symlink is recorded as git records it (the
// file deleted, the link created with mode 120000), never as the link's target for text.
TEST_F(GitStates, AFileReplacedByASymlinkIsWhatGitWrites) {
    tree.write("x", lines("x", 1, 5));
    commit();
    tree.write("x", lines("x", 1, 4) + "changed\n");
    commit();
    tree.run("rm x && ln -s ../outside.txt x");
    commit();
    auto old = parse(git_diff("HEAD~2", "HEAD~1"));
    std::vector<PathChange> changes{
        {"x", text(lines("x", 1, 5)), FileState{"../outside.txt", false, true}}};
    auto rebuilt = rebuild_patch(old, 1, changes);
    ASSERT_TRUE(rebuilt.ok()) << rebuilt.error().message;
    EXPECT_EQ(render_patch(*rebuilt, conventions_of(old, 1).style), git_diff("HEAD~2", "HEAD"));
}

TEST(PatchRebuild, ConventionsAreReadFromTheOldPatch) {
    auto git = parse(
        "diff --git a/x b/x\nindex 1234567890ab..ba0987654321 100644\n--- a/x\n+++ "
        "b/x\n@@ -1 +1 @@\n-a\n+b\n");
    auto conventions = conventions_of(git, 1);
    EXPECT_EQ(conventions.style.old_prefix, "a/");
    EXPECT_TRUE(conventions.git);
    EXPECT_EQ(conventions.index_length, 12u);
    EXPECT_TRUE(conventions.function_context) << "git writes it wherever it finds a line";
    auto plain = parse("--- x.orig\n+++ x\n@@ -1 +1 @@\n-a\n+b\n");
    auto p0 = conventions_of(plain, 0);
    EXPECT_FALSE(p0.git);
    EXPECT_FALSE(p0.function_context);
    EXPECT_EQ(p0.style.new_prefix, "");
}

TEST(PatchRebuild, OwnedPathsAreBothSidesStrippedWithoutDevNull) {
    auto patch = parse(
        "diff --git a/x b/y\nsimilarity index 90%\nrename from x\nrename to y\n"
        "diff --git a/new b/new\nnew file mode 100644\n--- /dev/null\n+++ b/new\n@@ -0,0 +1 "
        "@@\n+n\n");
    EXPECT_EQ(owned_paths(patch, 1), (std::set<std::string>{"new", "x", "y"}));
}

TEST(PatchRebuild, APathThatEndsAsItStartedGetsNoSection) {
    auto old = parse("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n");
    auto rebuilt = rebuild_patch(old, 1, {{"x", text("a\n"), text("a\n")}});
    ASSERT_TRUE(rebuilt.ok());
    EXPECT_TRUE(rebuilt->files.empty());
}

TEST(PatchRebuild, ABinaryFileIsAnError) {
    auto old = parse("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n");
    auto rebuilt = rebuild_patch(old, 1, {{"x", text("a\n"), text(std::string("\0\1", 2))}});
    ASSERT_FALSE(rebuilt.ok());
    EXPECT_NE(rebuilt.error().message.find("binary"), std::string::npos);
}

TEST(PatchRebuild, AModeChangeInATraditionalPatchIsAnError) {
    auto old = parse("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n");
    auto rebuilt = rebuild_patch(old, 1, {{"x", text("a\n"), FileState{"a\n", true, false}}});
    ASSERT_FALSE(rebuilt.ok());
    EXPECT_NE(rebuilt.error().message.find("needs a git-style patch"), std::string::npos);
}

// A traditional patch has no modes: the link would read as a file holding its target's name.
TEST(PatchRebuild, ASymlinkInATraditionalPatchIsAnError) {
    auto old = parse("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n");
    for (auto [before, after] : {std::pair{text("a\n"), FileState{"/etc/passwd", false, true}},
                                 std::pair{FileState{"/etc/passwd", false, true}, text("a\n")}}) {
        auto rebuilt = rebuild_patch(old, 1, {{"x", before, after}});
        ASSERT_FALSE(rebuilt.ok());
        EXPECT_EQ(rebuilt.error().message,
                  "is a symlink (before or after the edit): only a git-style patch records one "
                  "(mode 120000), and this patch is not one");
    }
    auto created = rebuild_patch(
        old, 1,
        {{"x", text("a\n"), text("a\n")}, {"l", std::nullopt, FileState{"x", false, true}}});
    EXPECT_FALSE(created.ok()) << "a new symlink too";
}

TEST(PatchRebuild, NewPathsComeAfterTheOldSectionsSorted) {
    auto old = parse("--- a/m\n+++ b/m\n@@ -1 +1 @@\n-a\n+b\n");
    auto rebuilt = rebuild_patch(old, 1,
                                 {{"z", std::nullopt, text("z\n")},
                                  {"b", std::nullopt, text("b\n")},
                                  {"m", text("a\n"), text("c\n")}});
    ASSERT_TRUE(rebuilt.ok());
    ASSERT_EQ(rebuilt->files.size(), 3u);
    EXPECT_EQ(rebuilt->files[0].new_name, "b/m");
    EXPECT_EQ(rebuilt->files[1].new_name, "b/b");
    EXPECT_EQ(rebuilt->files[2].new_name, "b/z");
}

}  // namespace
}  // namespace patchbay
