// Rebuilt sections are compared with what git writes for the same two states (`git diff` of two
// commits in a scratch repository): a patch git wrote, rebuilt from git's own states, must come
// out as git writes it.

#include "regenerate/patch_rebuild.hpp"

#include <gtest/gtest.h>

#include "patches/patch_writer.hpp"
#include "regenerate/patch_rewrite.hpp"
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

// Issue #28 item 1: git writes hunks with its indent heuristic (the default since 2.14); a patch
// git wrote is rebuilt with it too, or an unedited one would come out aligned differently.
TEST_F(GitStates, AGitPatchIsRebuiltWithGitsIndentHeuristic) {
    // t4061's case: a function added above one that starts with the same comment line.
    const std::string foo = "/* function */\nfoo() {\n    foo\n}\n\n";
    const std::string bar = "/* function */\nbar() {\n    foo\n}\n\n";
    const std::string before = "1\n2\n" + foo + "3\n4\n";
    const std::string after = "1\n2\n" + bar + foo + "3\n4\n";
    tree.write("m.c", before);
    commit();
    tree.write("m.c", "1\n2\n" + foo + "three\n4\n");
    commit();
    tree.write("m.c", after);
    commit();
    const std::string expected = git_diff("HEAD~2", "HEAD");
    ASSERT_NE(expected, tree.run("git diff --no-indent-heuristic HEAD~2 HEAD") + "\n")
        << "the states must be ones where the heuristic moves the hunk";
    auto old = parse(git_diff("HEAD~2", "HEAD~1"));
    EXPECT_TRUE(conventions_of(old, 1).layout.indent_heuristic);
    auto rebuilt = rebuild_patch(old, 1, {{"m.c", text(before), text(after)}});
    ASSERT_TRUE(rebuilt.ok()) << rebuilt.error().message;
    EXPECT_EQ(render_patch(*rebuilt, conventions_of(old, 1).style), expected);
}

// A patch quilt wrote: Index: and ==== lines, timestamps, GNU diff -p function names cut at 40
// bytes, one line of context (-U1).
const std::string kQuiltA =
    "Index: pkg/a.c\n===================================================================\n"
    "--- pkg.orig/a.c\t2024-01-01 10:00:00.000000000 +0000\n"
    "+++ pkg/a.c\t2024-01-02 10:00:00.000000000 +0000\n"
    "@@ -5,3 +5,3 @@ static int a_function_with_a_long_name_i\n"
    " \ta4\n-\ta5\n+\tA5\n \ta6\n";
const std::string kQuiltB =
    "Index: pkg/b.c\n===================================================================\n"
    "--- pkg.orig/b.c\t2024-01-01 10:00:00.000000000 +0000\n"
    "+++ pkg/b.c\t2024-01-02 10:00:00.000000000 +0000\n"
    "@@ -2,3 +2,3 @@\n \tb1\n-\tb2\n+\tB2\n \tb3\n";
const std::string kQuiltPatch = "Description: two fixes\nAuthor: A <a@a>\n\n" + kQuiltA + kQuiltB;

std::string numbered(const std::string& tag, int from, int to) {
    std::string out;
    for (int i = from; i <= to; ++i) out += tag + std::to_string(i) + "\n";
    return out;
}

// Its body lines start with a tab: GNU diff -p and git take the function line from the last line
// above a hunk that starts with a letter, '_' or '$'.
const std::string kABefore =
    "static int a_function_with_a_long_name_indeed(void)\n{\n" + numbered("\ta", 2, 12);
const std::string kBBefore = numbered("\tb", 0, 6);

std::string with(std::string text, const std::string& from, const std::string& to) {
    return text.replace(text.find(from), from.size(), to);
}

// Issue #28 items 1 and 3: a quilt patch whose states are what it makes comes back byte for
// byte; an edit of one file rewrites that file's hunks alone, below the header quilt wrote, in
// quilt's layout (-U1, function names cut at 40 bytes), and leaves the other file's as it was.
TEST(PatchRewrite, AQuiltPatchKeepsItsBytesAndItsLayout) {
    auto old = parse(kQuiltPatch);
    const auto conventions = conventions_of(old, 1);
    EXPECT_EQ(conventions.layout.context_lines, 1);
    EXPECT_FALSE(conventions.layout.indent_heuristic);
    EXPECT_EQ(conventions.function_context_width, 40u);
    const std::string a_after = with(kABefore, "\ta5\n", "\tA5\n");
    const std::string b_after = with(kBBefore, "\tb2\n", "\tB2\n");
    auto same = rewrite_patch(
        old, kQuiltPatch, 1,
        {{"a.c", text(kABefore), text(a_after)}, {"b.c", text(kBBefore), text(b_after)}});
    ASSERT_TRUE(same.ok()) << same.error().message;
    EXPECT_EQ(same->text, kQuiltPatch);
    auto edited = rewrite_patch(old, kQuiltPatch, 1,
                                {{"a.c", text(kABefore), text(with(a_after, "\ta10\n", "\tA10\n"))},
                                 {"b.c", text(kBBefore), text(b_after)}});
    ASSERT_TRUE(edited.ok()) << edited.error().message;
    const std::string a_header = kQuiltA.substr(0, kQuiltA.find("@@"));
    EXPECT_EQ(edited->text, "Description: two fixes\nAuthor: A <a@a>\n\n" + a_header +
                                "@@ -5,3 +5,3 @@ static int a_function_with_a_long_name_i\n"
                                " \ta4\n-\ta5\n+\tA5\n \ta6\n"
                                "@@ -10,3 +10,3 @@ static int a_function_with_a_long_name_i\n"
                                " \ta9\n-\ta10\n+\tA10\n \ta11\n" +
                                kQuiltB);
}

// A hunk that lands at an offset still does what it did: regenerate keeps it (nothing to
// refresh in what the patch does); rebase rewrites it, so the series it writes carries the new
// upstream's line numbers.
TEST(PatchRewrite, ASectionAtAnOffsetIsKeptByRegenerateAndRewrittenByRebase) {
    auto old = parse(kQuiltPatch);
    const std::string b_moved = "new top\n" + kBBefore;
    const std::vector<PathChange> changes{
        {"a.c", text(kABefore), text(with(kABefore, "\ta5\n", "\tA5\n"))},
        {"b.c", text(b_moved), text(with(b_moved, "\tb2\n", "\tB2\n"))}};
    auto regenerated = rewrite_patch(old, kQuiltPatch, 1, changes, KeepRule::same_effect);
    ASSERT_TRUE(regenerated.ok()) << regenerated.error().message;
    EXPECT_EQ(regenerated->text, kQuiltPatch);
    auto rebased = rewrite_patch(old, kQuiltPatch, 1, changes, KeepRule::exact);
    ASSERT_TRUE(rebased.ok()) << rebased.error().message;
    EXPECT_NE(rebased->text.find("@@ -3,3 +3,3 @@ new top\n \tb1\n-\tb2\n+\tB2\n \tb3\n"),
              std::string::npos)
        << rebased->text;
    EXPECT_NE(rebased->text.find(kQuiltA), std::string::npos) << "a.c did not move";
}

// A file the quilt patch did not touch joins it with the header quilt writes.
TEST(PatchRewrite, ANewFileInAQuiltPatchGetsQuiltsHeader) {
    auto old = parse(kQuiltPatch);
    const std::string a_after = with(kABefore, "\ta5\n", "\tA5\n");
    const std::string b_after = with(kBBefore, "\tb2\n", "\tB2\n");
    auto rewritten = rewrite_patch(old, kQuiltPatch, 1,
                                   {{"a.c", text(kABefore), text(a_after)},
                                    {"b.c", text(kBBefore), text(b_after)},
                                    {"new.c", std::nullopt, text("int n;\n")}});
    ASSERT_TRUE(rewritten.ok()) << rewritten.error().message;
    EXPECT_EQ(rewritten->text, kQuiltPatch + "Index: pkg/new.c\n" + std::string(67, '=') +
                                   "\n--- /dev/null\n+++ pkg/new.c\n@@ -0,0 +1 @@\n+int n;\n");
}

// Real git-made patches carry index ids of other revisions of their files, or hand-edited ones
// (10 of 157 in Debian's series, bench/REGENERATE_RESULTS.md): what the patch does is the same,
// so regenerate keeps it; rebase, writing for a new upstream, writes the new ids.
TEST(PatchRewrite, AStaleIndexLineIsKeptByRegenerateAndRewrittenByRebase) {
    const std::string patch =
        "Subject: fix\n\ndiff --git a/a.txt b/a.txt\nindex 1111111..2222222 100644\n"
        "--- a/a.txt\n+++ b/a.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n";
    auto old = parse(patch);
    const std::vector<PathChange> changes{
        {"a.txt", text("one\ntwo\nthree\n"), text("one\nTWO\nthree\n")}};
    auto regenerated = rewrite_patch(old, patch, 1, changes, KeepRule::same_effect);
    ASSERT_TRUE(regenerated.ok()) << regenerated.error().message;
    EXPECT_EQ(regenerated->text, patch);
    auto rebased = rewrite_patch(old, patch, 1, changes, KeepRule::exact);
    ASSERT_TRUE(rebased.ok()) << rebased.error().message;
    // `git hash-object` of the two texts.
    EXPECT_NE(rebased->text.find("index 4cb29ea..ddc897f 100644\n"), std::string::npos)
        << rebased->text;
    // Edited, regenerate keeps the pre-image id as written and names the new text's blob
    // (`git hash-object`).
    auto edited = rewrite_patch(old, patch, 1,
                                {{"a.txt", text("one\ntwo\nthree\n"), text("one\nTWO!\nthree\n")}});
    ASSERT_TRUE(edited.ok()) << edited.error().message;
    EXPECT_NE(edited->text.find("index 1111111..0917d02 100644\n"), std::string::npos)
        << edited->text;
}

// Issue #28 item 2: --dialect overrides what was detected, and then every section is written
// anew in it.
TEST(PatchRewrite, ADialectAskedForRewritesEverySectionInIt) {
    auto old = parse(kQuiltPatch);
    const std::string a_after = with(kABefore, "\ta5\n", "\tA5\n");
    const std::string b_after = with(kBBefore, "\tb2\n", "\tB2\n");
    const std::vector<PathChange> changes{{"a.c", text(kABefore), text(a_after)},
                                          {"b.c", text(kBBefore), text(b_after)}};
    auto git =
        rewrite_patch(old, kQuiltPatch, 1, changes, KeepRule::same_effect, PatchDialect::git);
    ASSERT_TRUE(git.ok()) << git.error().message;
    EXPECT_NE(git->text.find("diff --git pkg.orig/a.c pkg/a.c\nindex "), std::string::npos)
        << git->text;
    EXPECT_EQ(git->text.find("Index: "), std::string::npos) << git->text;
    auto plain =
        rewrite_patch(old, kQuiltPatch, 1, changes, KeepRule::same_effect, PatchDialect::plain);
    ASSERT_TRUE(plain.ok()) << plain.error().message;
    EXPECT_EQ(plain->text,
              "Description: two fixes\nAuthor: A <a@a>\n\n"
              "--- pkg.orig/a.c\n+++ pkg/a.c\n"
              "@@ -5,3 +5,3 @@ static int a_function_with_a_long_name_i\n"
              " \ta4\n-\ta5\n+\tA5\n \ta6\n"
              "--- pkg.orig/b.c\n+++ pkg/b.c\n@@ -2,3 +2,3 @@\n"
              " \tb1\n-\tb2\n+\tB2\n \tb3\n");
    EXPECT_EQ(dialect_named("quilt"), PatchDialect::quilt);
    EXPECT_FALSE(dialect_named("svn").has_value());
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
