#include "series/patch_applier.hpp"

#include <gtest/gtest.h>

#include "patches/diff_parser.hpp"
#include "tests/support/memory_source.hpp"
#include "tests/support/parsed_patch.hpp"

namespace patchbay {
namespace {

using test_support::MemorySource;
using test_support::parse;

AppliedPatch apply_text(const MemorySource& source, const std::string& text) {
    TreeState state(source);
    return apply_patch(state, parse(text), 1, PatchOptions{0, true}, "p.patch");
}

bool has_problem(const AppliedPatch& applied, ProblemKind kind) {
    for (const auto& p : applied.report.problems)
        if (p.kind == kind) return true;
    return false;
}

const char* kModify = "--- a/f.py\n+++ b/f.py\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n";

TEST(ApplyPatch, ModifiesAFileInMemory) {
    MemorySource source;
    source.file("f.py", "a\nb\nc\n");
    auto applied = apply_text(source, kModify);
    EXPECT_EQ(applied.report.status, PatchStatus::applied);
    ASSERT_EQ(applied.changes.count("f.py"), 1u);
    EXPECT_EQ(applied.changes.at("f.py")->content, "a\nB\nc\n");
    ASSERT_EQ(applied.report.files.size(), 1u);
    EXPECT_EQ(applied.report.files[0].hunks[0].status, HunkStatus::exact);
}

TEST(ApplyPatch, MissingFileIsARejectionByName) {
    MemorySource source;
    auto applied = apply_text(source, kModify);
    EXPECT_EQ(applied.report.status, PatchStatus::rejected);
    EXPECT_TRUE(has_problem(applied, ProblemKind::missing_file));
    EXPECT_NE(applied.report.reason.find("f.py"), std::string::npos);
    EXPECT_TRUE(applied.changes.empty());
}

TEST(ApplyPatch, RejectedHunkDiscardsTheWholePatch) {
    MemorySource source;
    source.file("f.py", "a\nb\nc\n");
    source.file("g.py", "x\ny\nz\n");
    auto applied =
        apply_text(source, std::string(kModify) +
                               "--- a/g.py\n+++ b/g.py\n@@ -1,3 +1,3 @@\n x\n-nope\n+Y\n z\n");
    EXPECT_EQ(applied.report.status, PatchStatus::rejected);
    EXPECT_TRUE(has_problem(applied, ProblemKind::rejected));
    EXPECT_TRUE(applied.changes.empty());
}

// The first context line differs ("A" for "a"): GNU patch applies it with fuzz 1, the policy
// (fuzz 0) rejects it, and the rejection says so first; a hunk that fits nowhere does not.
TEST(ApplyPatch, ARejectionOverTheFuzzPolicySaysTheFuzzItNeeds) {
    MemorySource source;
    source.file("f.py", "A\nb\nc\n");
    auto fuzzy = apply_text(source, kModify);
    ASSERT_EQ(fuzzy.report.problems.size(), 1u);
    const auto& problem = fuzzy.report.problems[0];
    EXPECT_EQ(problem.kind, ProblemKind::rejected);
    ASSERT_FALSE(problem.details.empty());
    EXPECT_EQ(problem.details[0], "it applies with fuzz 1, over the policy's 0");
    source.file("f.py", "x\ny\nz\n");
    auto misfit = apply_text(source, kModify);
    ASSERT_EQ(misfit.report.problems.size(), 1u);
    for (const auto& detail : misfit.report.problems[0].details)
        EXPECT_EQ(detail.find("applies with fuzz"), std::string::npos) << detail;
}

TEST(ApplyPatch, CreatingAFileThatExistsWithThatContentIsAlreadyApplied) {
    MemorySource source;
    source.file("n.py", "one\ntwo\n");
    auto applied = apply_text(source, "--- /dev/null\n+++ b/n.py\n@@ -0,0 +1,2 @@\n+one\n+two\n");
    EXPECT_TRUE(has_problem(applied, ProblemKind::already_applied));
    EXPECT_NE(applied.report.status, PatchStatus::failed);
}

TEST(ApplyPatch, CreatingAFileThatExistsWithOtherContentIsRejected) {
    MemorySource source;
    source.file("n.py", "other\n");
    auto applied = apply_text(source, "--- /dev/null\n+++ b/n.py\n@@ -0,0 +1,2 @@\n+one\n+two\n");
    EXPECT_EQ(applied.report.status, PatchStatus::rejected);
    EXPECT_TRUE(has_problem(applied, ProblemKind::exists));
}

TEST(ApplyPatch, RenameMovesTheFileAndAppliesItsHunk) {
    MemorySource source;
    source.file("old.py", "a\nb\nc\n");
    auto applied = apply_text(
        source,
        "diff --git a/old.py b/new.py\nsimilarity index 70%\nrename from old.py\n"
        "rename to new.py\n--- a/old.py\n+++ b/new.py\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
    ASSERT_EQ(applied.report.status, PatchStatus::applied) << applied.report.reason;
    EXPECT_FALSE(applied.changes.at("old.py").has_value());
    EXPECT_EQ(applied.changes.at("new.py")->content, "a\nB\nc\n");
    EXPECT_EQ(applied.report.files[0].op, FileOp::rename);
    EXPECT_EQ(applied.report.files[0].old_path, "old.py");
}

TEST(ApplyPatch, DeletingAFileWhoseContentDiffersIsRejected) {
    MemorySource source;
    source.file("d.py", "a\nb\nextra\n");
    auto applied = apply_text(source, "--- a/d.py\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-a\n-b\n");
    EXPECT_EQ(applied.report.status, PatchStatus::rejected);
    EXPECT_TRUE(has_problem(applied, ProblemKind::not_empty));
}

TEST(ApplyPatch, DeletesAFile) {
    MemorySource source;
    source.file("d.py", "a\nb\n");
    auto applied = apply_text(source, "--- a/d.py\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-a\n-b\n");
    ASSERT_EQ(applied.report.status, PatchStatus::applied) << applied.report.reason;
    EXPECT_FALSE(applied.changes.at("d.py").has_value());
}

TEST(ApplyPatch, PathOutsideTheTreeIsBadInput) {
    MemorySource source;
    auto applied =
        apply_text(source, "--- a/../escape.py\n+++ b/../escape.py\n@@ -0,0 +1 @@\n+x\n");
    EXPECT_EQ(applied.report.status, PatchStatus::failed);
    EXPECT_TRUE(has_problem(applied, ProblemKind::path));
    EXPECT_TRUE(applied.changes.empty());
}

TEST(ApplyPatch, PathThroughASymlinkIsRefused) {
    MemorySource source;
    source.symlink("link", "/etc");
    auto applied =
        apply_text(source, "--- a/link/passwd\n+++ b/link/passwd\n@@ -1 +1 @@\n-a\n+b\n");
    EXPECT_EQ(applied.report.status, PatchStatus::failed);
    EXPECT_TRUE(has_problem(applied, ProblemKind::path));
}

TEST(ApplyPatch, PatchThatChangesNothingIsVacuous) {
    MemorySource source;
    source.file("f.py", "a\n");
    auto applied = apply_text(source, "Just a description, no diff at all.\n");
    EXPECT_TRUE(has_problem(applied, ProblemKind::vacuous));
}

TEST(ApplyPatch, ModeChangeSetsTheExecutableBit) {
    MemorySource source;
    source.file("run.sh", "echo\n");
    auto applied =
        apply_text(source, "diff --git a/run.sh b/run.sh\nold mode 100644\nnew mode 100755\n");
    ASSERT_EQ(applied.report.status, PatchStatus::applied) << applied.report.reason;
    EXPECT_TRUE(applied.changes.at("run.sh")->executable);
    EXPECT_FALSE(has_problem(applied, ProblemKind::vacuous));
}

// GNU patch sets a mode only when the new one differs from the old one: an "index … 100644"
// line (both sides) keeps an executable file executable (gdb's aarch64-pauth-registers.patch
// on gdb/aarch64-linux-tdep.c, mode 755 in the gdb tarball).
TEST(ApplyPatch, AnIndexLineModeKeepsTheFilesOwnMode) {
    MemorySource source;
    source.file("f.c", "a\nb\nc\n", true);
    auto applied = apply_text(source,
                              "diff --git a/f.c b/f.c\nindex 1111111..2222222 100644\n--- a/f.c\n"
                              "+++ b/f.c\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
    ASSERT_EQ(applied.report.status, PatchStatus::applied) << applied.report.reason;
    EXPECT_TRUE(applied.changes.at("f.c")->executable);
}

TEST(ApplyPatch, CreatingAFileUnderAFileIsRefused) {
    MemorySource source;
    source.file("f.txt", "plain\n");
    auto applied = apply_text(source, "--- /dev/null\n+++ b/f.txt/x\n@@ -0,0 +1 @@\n+x\n");
    EXPECT_EQ(applied.report.status, PatchStatus::failed);
    EXPECT_TRUE(has_problem(applied, ProblemKind::path));
    EXPECT_NE(applied.report.reason.find("'f.txt' is not a folder"), std::string::npos)
        << applied.report.reason;
}

TEST(ReversedPatch, UndoesTheCreationOfASymlink) {
    MemorySource source;
    source.file("target.py", "x\n");
    const char* link =
        "diff --git a/lnk b/lnk\nnew file mode 120000\nindex 0000000..1de5659\n--- /dev/null\n"
        "+++ b/lnk\n@@ -0,0 +1 @@\n+target.py\n\\ No newline at end of file\n";
    TreeState state(source);
    auto created = apply_patch(state, parse(link), 1, PatchOptions{0, true}, "p.patch");
    ASSERT_EQ(created.report.status, PatchStatus::applied) << created.report.reason;
    ASSERT_TRUE(created.changes.at("lnk")->symlink);
    state.apply(created.changes);
    auto back = apply_patch(state, reversed(parse(link)), 1, PatchOptions{0, false}, "p.patch");
    ASSERT_EQ(back.report.status, PatchStatus::applied) << back.report.reason;
    EXPECT_FALSE(back.changes.at("lnk").has_value());
}

TEST(ReversedPatch, UndoesAModification) {
    MemorySource source;
    source.file("f.py", "a\nB\nc\n");
    TreeState state(source);
    auto back = apply_patch(state, reversed(parse(kModify)), 1, PatchOptions{0, false}, "p.patch");
    ASSERT_EQ(back.report.status, PatchStatus::applied) << back.report.reason;
    EXPECT_EQ(back.changes.at("f.py")->content, "a\nb\nc\n");
}

// GNU patch 2.7.6 on "--- a/d/old.c" "+++ b/d/new.c" with only d/old.c in the tree: "patching
// file d/old.c", "Hunk #1 succeeded at 1", and no d/new.c.
TEST(ApplyPatch, ModifiesTheOldNameInPlaceWhenTheNewOneIsMissing) {
    MemorySource source;
    source.file("d/old.c", "a\nb\nc\n");
    auto applied =
        apply_text(source, "--- a/d/old.c\n+++ b/d/new.c\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
    ASSERT_EQ(applied.report.status, PatchStatus::applied) << applied.report.reason;
    ASSERT_EQ(applied.changes.size(), 1u);
    EXPECT_EQ(applied.changes.at("d/old.c")->content, "a\nB\nc\n");
}

// zlib 1:1.2.13.dfsg-1's use-dso-really names "a/Makefile.orig" and "b/Makefile"; undone
// (`patch -R`), the new name is Makefile.orig, which does not exist: GNU patch 2.7.6 patches
// the name that does, Makefile, in place ("patching file d/Makefile", "Hunk #1 succeeded at 1").
TEST(ReversedPatch, PatchesTheOldNameWhenOnlyThatOneExists) {
    MemorySource source;
    source.file("d/Makefile", "a\nB\nc\n");
    TreeState state(source);
    auto patch = parse(
        "--- a/d/Makefile.orig\t2022-11-05 12:58:48.240820416 +0000\n"
        "+++ b/d/Makefile\t2022-11-05 12:59:42.329430869 +0000\n"
        "@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
    auto back = apply_patch(state, reversed(patch), 1, PatchOptions{0, false}, "p.patch");
    ASSERT_EQ(back.report.status, PatchStatus::applied) << back.report.reason;
    ASSERT_EQ(back.changes.size(), 1u);
    EXPECT_EQ(back.changes.at("d/Makefile")->content, "a\nb\nc\n");
    EXPECT_EQ(back.report.files.at(0).path, "d/Makefile");
}

const char* kCreateLink =
    "diff --git a/lnk b/lnk\nnew file mode 120000\n--- /dev/null\n+++ b/lnk\n@@ -0,0 +1 @@\n"
    "+../outside\n\\ No newline at end of file\n";

// Found by the hostile suite: apply --worktree wrote ../outside/pwn through the new symlink.
TEST(ApplyPatch, WriteThroughASymlinkOfTheSamePatchIsRefused) {
    MemorySource source;
    auto applied = apply_text(
        source, std::string(kCreateLink) + "--- /dev/null\n+++ b/lnk/pwn\n@@ -0,0 +1 @@\n+pwned\n");
    EXPECT_EQ(applied.report.status, PatchStatus::failed);
    EXPECT_TRUE(has_problem(applied, ProblemKind::path));
    EXPECT_EQ(applied.report.reason, "refusing 'lnk/pwn': it is reached through a symlink");
    EXPECT_TRUE(applied.changes.empty());
}

// Issue #27 item 9: git's verify_path refuses .gitmodules, in any spelling, as a symlink; as a
// file it is an ordinary one.
TEST(ApplyPatch, ASymlinkedGitmodulesIsRefused) {
    MemorySource source;
    auto link = apply_text(source,
                           "diff --git a/sub/.GitModules b/sub/.GitModules\nnew file mode 120000\n"
                           "--- /dev/null\n+++ b/sub/.GitModules\n@@ -0,0 +1 @@\n+/etc/passwd\n");
    EXPECT_EQ(link.report.status, PatchStatus::failed);
    EXPECT_EQ(link.report.reason,
              "refusing symlink 'sub/.GitModules': git refuses a .gitmodules that is a symlink");
    auto file = apply_text(source, "--- /dev/null\n+++ b/.gitmodules\n@@ -0,0 +1 @@\n+[x]\n");
    EXPECT_EQ(file.report.status, PatchStatus::applied) << file.report.reason;
}

// Found by the hostile suite: "./lnk/pwn" was another key than "lnk/pwn" for the tree state.
TEST(ApplyPatch, OtherSpellingOfAPathUnderAnEarlierSymlinkIsRefused) {
    MemorySource source;
    TreeState state(source);
    auto first = apply_patch(state, parse(kCreateLink), 1, PatchOptions{0, true}, "1.patch");
    ASSERT_EQ(first.report.status, PatchStatus::applied) << first.report.reason;
    state.apply(first.changes);
    auto second =
        apply_patch(state, parse("--- /dev/null\n+++ b/./lnk//pwn\n@@ -0,0 +1 @@\n+pwned\n"), 1,
                    PatchOptions{0, true}, "2.patch");
    EXPECT_EQ(second.report.status, PatchStatus::failed);
    EXPECT_EQ(second.report.reason, "refusing 'lnk/pwn': it is reached through a symlink");
}

TEST(ApplyPatch, PathsAreStoredInTheirOneSpelling) {
    MemorySource source;
    auto applied = apply_text(source, "--- /dev/null\n+++ b/./d//new.py\n@@ -0,0 +1 @@\n+x\n");
    ASSERT_EQ(applied.report.status, PatchStatus::applied) << applied.report.reason;
    EXPECT_EQ(applied.changes.count("d/new.py"), 1u);
}

TEST(SourcePaths, NamesTheFilesThePatchReadsInOrder) {
    const auto patch = parse(
        "--- a/z.py\n+++ b/z.py\n@@ -1 +1 @@\n-a\n+b\n"
        "--- /dev/null\n+++ b/new.py\n@@ -0,0 +1 @@\n+n\n"
        "--- a/gone.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-g\n"
        "--- a/./dir//y.py\n+++ b/./dir//y.py\n@@ -1 +1 @@\n-a\n+b\n"
        "diff --git a/old.py b/moved.py\nsimilarity index 100%\nrename from old.py\n"
        "rename to moved.py\n");
    EXPECT_EQ(source_paths(patch, 1),
              (std::vector<std::string>{"z.py", "gone.py", "dir/y.py", "old.py"}));
}

TEST(SourcePaths, LeavesOutWhatTheApplierRefuses) {
    const auto patch = parse(
        "--- a/../etc/passwd\n+++ b/../etc/passwd\n@@ -1 +1 @@\n-a\n+b\n"
        "--- a/ok.py\n+++ b/ok.py\n@@ -1 +1 @@\n-a\n+b\n"
        "--- x\n+++ y\n@@ -1 +1 @@\n-a\n+b\n");
    EXPECT_EQ(source_paths(patch, 1), (std::vector<std::string>{"ok.py"}));
    EXPECT_EQ(source_paths(patch, 0), (std::vector<std::string>{"b/ok.py", "y"}));
}

TEST(LookupPaths, BothNamesOfEverySection) {
    const auto patch = parse(
        "--- a/z.py\n+++ b/z.py\n@@ -1 +1 @@\n-a\n+b\n"
        "--- /dev/null\n+++ b/new/deep/n.py\n@@ -0,0 +1 @@\n+n\n"
        "--- a/../escape.py\n+++ b/../escape.py\n@@ -1 +1 @@\n-a\n+b\n"
        "diff --git a/old.py b/lib/moved.py\nsimilarity index 100%\nrename from old.py\n"
        "rename to lib/moved.py\n");
    EXPECT_EQ(lookup_paths(patch, 1),
              (std::vector<std::string>{"lib/moved.py", "new/deep/n.py", "old.py", "z.py"}));
}

}  // namespace
}  // namespace patchbay
