// What undoing an applied patch takes, and whether the undo restores the tree before it.
// Also tests series/patch_undo.cpp (the hunks an undo keeps and the fuzz each gets).

#include "series/undo_snapshot.hpp"

#include <gtest/gtest.h>

#include "patches/diff_parser.hpp"
#include "series/patch_applier.hpp"
#include "tests/support/memory_source.hpp"
#include "tests/support/parsed_patch.hpp"

namespace patchbay {
namespace {

using test_support::MemorySource;
using test_support::parse;

// Applies `text` to `source` with `fuzz` and captures the check as the series runner does.
UndoSnapshot applied_check(const MemorySource& source, const std::string& text, int fuzz = 0) {
    TreeState state(source);
    auto patch = std::make_shared<const PatchFile>(parse(text));
    auto applied = apply_patch(state, *patch, 1, PatchOptions{fuzz, true, {}}, "p.patch");
    EXPECT_EQ(applied.report.status, PatchStatus::applied) << applied.report.reason;
    TreeChanges before;
    for (const auto& [path, change] : applied.changes)
        before.emplace(path, to_state(state.lookup(path).value()));
    state.apply(applied.changes);
    auto undo = std::make_shared<const PatchUndo>(undo_of(*patch, applied.report));
    return capture_undo_snapshot(state, patch, undo, 1, "p.patch", std::move(before));
}

// Issue #14: a hunk that needed fuzz 1 is undone with fuzz 1, as `patch -R -F1` undoes it.
TEST(UndoSnapshot, AHunkAppliedWithFuzzIsUndoneWithThatFuzz) {
    MemorySource source;
    source.file("f.txt", "1\n2\n3\n4\n5\n6\n7\n8\n");
    const auto check = applied_check(
        source, "--- a/f.txt\n+++ b/f.txt\n@@ -2,6 +2,7 @@\n TWO\n 3\n 4\n+4.5\n 5\n 6\n 7\n", 1);
    ASSERT_EQ(check.undo->section_options.size(), 1u);
    EXPECT_EQ(check.undo->section_options[0].hunk_fuzz, std::vector<int>{1});
    EXPECT_TRUE(undoes_cleanly(check));
}

// The tree never changed where a hunk was already applied: the undo leaves it alone (undoing
// it would remove what upstream already has).
TEST(UndoSnapshot, AnAlreadyAppliedHunkIsLeftOutOfTheUndo) {
    MemorySource source;
    source.file("f.txt", "a\nB\nc\nd\ne\nf\ng\nh\n");
    const auto check = applied_check(source,
                                     "--- a/f.txt\n+++ b/f.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"
                                     "@@ -6,3 +6,3 @@\n f\n-g\n+G\n h\n");
    ASSERT_EQ(check.undo->patch.files.size(), 1u);
    EXPECT_EQ(check.undo->patch.files[0].hunks.size(), 1u);
    EXPECT_TRUE(undoes_cleanly(check));
}

// A patch whose every hunk was already applied changed nothing, so it has nothing to undo.
TEST(UndoSnapshot, APatchThatChangedNothingHasNothingToUndo) {
    MemorySource source;
    source.file("f.txt", "a\nB\nc\n");
    const auto check =
        applied_check(source, "--- a/f.txt\n+++ b/f.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
    EXPECT_TRUE(check.undo->patch.files.empty());
    EXPECT_TRUE(undoes_cleanly(check));
}

TEST(UndoSnapshot, AModificationCreationAndDeletionUndoCleanly) {
    MemorySource source;
    source.file("f.py", "a\nb\nc\n");
    source.file("gone.py", "bye\n");
    const auto check = applied_check(source,
                                     "--- a/f.py\n+++ b/f.py\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"
                                     "--- /dev/null\n+++ b/dir/new.py\n@@ -0,0 +1 @@\n+new\n"
                                     "--- a/gone.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-bye\n");
    EXPECT_TRUE(check.after.holds("dir"));  // the folder above a new file is captured too
    EXPECT_TRUE(undoes_cleanly(check));
}

// As GNU patch -R does: the undo lands on the first copy of the block, not where the patch
// applied (offset 4).
TEST(UndoSnapshot, AnUndoThatLandsElsewhereFails) {
    MemorySource source;
    source.file("f.py", "Z\nA\nQ\nC\nA\nB\nC\n");
    EXPECT_FALSE(undoes_cleanly(
        applied_check(source, "--- a/f.py\n+++ b/f.py\n@@ -1,3 +1,3 @@\n A\n-B\n+Q\n C\n")));
}

TEST(UndoSnapshot, APathMissingFromTheSnapshotFailsRatherThanGuess) {
    MemorySource source;
    source.file("f.py", "a\nb\nc\n");
    auto check = applied_check(source, "--- a/f.py\n+++ b/f.py\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
    ASSERT_TRUE(undoes_cleanly(check));
    check.after.forget("f.py");
    EXPECT_FALSE(undoes_cleanly(check));
}

TEST(UndoSnapshot, TheSnapshotIsTheStateWhenThePatchApplied) {
    MemorySource source;
    source.file("f.py", "a\nb\nc\n");
    TreeState state(source);
    const PatchFile patch = parse("--- a/f.py\n+++ b/f.py\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
    auto applied = apply_patch(state, patch, 1, PatchOptions{0, true, {}}, "p.patch");
    TreeChanges before{{"f.py", FileState{"a\nb\nc\n", false, false}}};
    state.apply(applied.changes);
    const auto check = capture_undo_snapshot(
        state, std::make_shared<const PatchFile>(patch),
        std::make_shared<const PatchUndo>(undo_of(patch, applied.report)), 1, "p.patch", before);
    state.apply({{"f.py", FileState{"later\n", false, false}}});  // a later patch
    EXPECT_TRUE(undoes_cleanly(check));
}

}  // namespace
}  // namespace patchbay
