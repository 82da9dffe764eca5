#include "patches/diff_parser.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace patchbay {
namespace {

using namespace std::string_literals;

PatchFile parse_ok(std::string_view text) {
    Result<PatchFile> patch = parse_patch(text, "p.patch");
    EXPECT_TRUE(patch.ok()) << (patch.ok() ? "" : patch.error().located());
    return patch.ok() ? *patch : PatchFile{};
}

Error parse_error(std::string_view text) {
    Result<PatchFile> patch = parse_patch(text, "p.patch");
    EXPECT_FALSE(patch.ok());
    return patch.ok() ? Error{} : patch.error();
}

std::string kinds(const Hunk& hunk) {
    std::string out;
    for (const HunkLine& line : hunk.lines) out += static_cast<char>(line.kind);
    return out;
}

constexpr const char* kSimpleHunk =
    "@@ -1,3 +1,3 @@\n"
    " one\n"
    "-two\n"
    "+TWO\n"
    " three\n";

// ---- preamble ------------------------------------------------------------------------------

TEST(ParsePatch, KeepsMailHeadersAndExportMarkerInPreambleByteForByte) {
    const std::string preamble =
        "From 1234abcd Mon Sep 17 00:00:00 2001\n"
        "From: Dev <dev@example.com>\n"
        "Date: Wed, 31 Jan 2024 10:00:00 +0100\n"
        "Subject: [PATCH] Widen block ids\n"
        "\n"
        "--- exported from abc123 (topic); regenerate with tools/export.sh, do not edit ---\n"
        "Body text.\n"
        "---\n"
        " x.py | 2 +-\n"
        " 1 file changed, 1 insertion(+), 1 deletion(-)\n"
        "\n";
    PatchFile patch =
        parse_ok(preamble + "diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n" + kSimpleHunk);
    EXPECT_EQ(patch.preamble, preamble);
    ASSERT_EQ(patch.files.size(), 1u);
    EXPECT_EQ(patch.files[0].header_line, 12);
    EXPECT_EQ(patch.path, "p.patch");
}

TEST(ParsePatch, EmptyPatchHasNoFilesAndKeepsTextAsPreamble) {
    PatchFile patch = parse_ok("just a description\n--- not a header\n");
    EXPECT_TRUE(patch.files.empty());
    EXPECT_EQ(patch.preamble, "just a description\n--- not a header\n");
    EXPECT_TRUE(parse_ok("").files.empty());
}

TEST(ParsePatch, FormatPatchMailWithSignatureTrailerParses) {
    PatchFile patch = parse_ok(std::string("Subject: [PATCH] x\n---\ndiff --git a/x b/x\n"
                                           "index 1111111..2222222 100644\n--- a/x\n+++ b/x\n") +
                               kSimpleHunk + "-- \n2.39.0\n\n");
    ASSERT_EQ(patch.files.size(), 1u);
    EXPECT_EQ(patch.files[0].hunks[0].lines.size(), 4u);
}

TEST(ParsePatch, SkipsFreeTextBetweenSections) {
    PatchFile patch = parse_ok(std::string("--- a/x\n+++ b/x\n") + kSimpleHunk +
                               "Only in b: new.txt\n--- a/y\n+++ b/y\n" + kSimpleHunk);
    ASSERT_EQ(patch.files.size(), 2u);
    EXPECT_EQ(patch.files[1].old_name, "a/y");
    EXPECT_EQ(patch.files[1].header_line, 9);
}

// ---- git sections --------------------------------------------------------------------------

TEST(ParsePatch, GitDiffWithoutIndexLine) {
    PatchFile patch =
        parse_ok(std::string("diff --git a/src/x.py b/src/x.py\n--- a/src/x.py\n+++ b/src/x.py\n") +
                 kSimpleHunk);
    ASSERT_EQ(patch.files.size(), 1u);
    const FileDiff& file = patch.files[0];
    EXPECT_TRUE(file.git);
    EXPECT_EQ(file.op, FileOp::modify);
    EXPECT_EQ(file.old_name, "a/src/x.py");
    EXPECT_EQ(file.new_name, "b/src/x.py");
    EXPECT_TRUE(file.old_index.empty());
    EXPECT_FALSE(file.old_mode);
    EXPECT_EQ(file.header_line, 1);
    ASSERT_EQ(file.hunks.size(), 1u);
    EXPECT_EQ(file.hunks[0].header_line, 4);
    EXPECT_EQ(kinds(file.hunks[0]), " -+ ");
    EXPECT_EQ(file.hunks[0].lines[2].text, "TWO\n");
    EXPECT_EQ(file.hunks[0].lines[2].patch_line, 7);
}

TEST(ParsePatch, GitIndexLineWithModeSetsBothModes) {
    PatchFile patch = parse_ok(std::string("diff --git a/x b/x\nindex abc123..def456 100755\n"
                                           "--- a/x\n+++ b/x\n") +
                               kSimpleHunk);
    const FileDiff& file = patch.files.at(0);
    EXPECT_EQ(file.old_index, "abc123");
    EXPECT_EQ(file.new_index, "def456");
    EXPECT_EQ(file.old_mode, 0100755u);
    EXPECT_EQ(file.new_mode, 0100755u);
    EXPECT_FALSE(file.changes_mode());
}

TEST(ParsePatch, GitNewFileFromDevNull) {
    PatchFile patch = parse_ok(
        "diff --git a/new.py b/new.py\nnew file mode 100644\nindex 0000000..e69de29\n"
        "--- /dev/null\n+++ b/new.py\n@@ -0,0 +1,2 @@\n+a\n+b\n");
    const FileDiff& file = patch.files.at(0);
    EXPECT_EQ(file.op, FileOp::create);
    EXPECT_EQ(file.old_name, "/dev/null");
    EXPECT_EQ(file.new_name, "b/new.py");
    EXPECT_EQ(file.new_mode, 0100644u);
    EXPECT_FALSE(file.old_mode);
    EXPECT_EQ(file.old_index, "0000000");
    EXPECT_EQ(file.hunks.at(0).new_count, 2);
}

TEST(ParsePatch, GitEmptyNewFileWithoutHunks) {
    PatchFile patch = parse_ok(
        "diff --git a/empty b/empty\nnew file mode 100644\n"
        "index 0000000..e69de29\n");
    const FileDiff& file = patch.files.at(0);
    EXPECT_EQ(file.op, FileOp::create);
    EXPECT_TRUE(file.hunks.empty());
    EXPECT_EQ(file.old_name, "a/empty");
    EXPECT_EQ(file.new_name, "b/empty");
}

TEST(ParsePatch, GitDeletion) {
    PatchFile patch = parse_ok(
        "diff --git a/old.py b/old.py\ndeleted file mode 100644\n"
        "index 1234567..0000000\n--- a/old.py\n+++ /dev/null\n"
        "@@ -1,2 +0,0 @@\n-a\n-b\n");
    const FileDiff& file = patch.files.at(0);
    EXPECT_EQ(file.op, FileOp::remove);
    EXPECT_EQ(file.old_mode, 0100644u);
    EXPECT_EQ(file.new_name, "/dev/null");
    EXPECT_EQ(kinds(file.hunks.at(0)), "--");
}

TEST(ParsePatch, GitPureRenameWithoutHunksPrefixesNames) {
    PatchFile patch = parse_ok(
        "diff --git a/dir/old name.py b/dir/new name.py\n"
        "similarity index 100%\nrename from dir/old name.py\n"
        "rename to dir/new name.py\n");
    const FileDiff& file = patch.files.at(0);
    EXPECT_EQ(file.op, FileOp::rename);
    EXPECT_EQ(file.similarity, 100);
    EXPECT_EQ(file.old_name, "a/dir/old name.py");
    EXPECT_EQ(file.new_name, "b/dir/new name.py");
    EXPECT_TRUE(file.hunks.empty());
}

TEST(ParsePatch, GitRenameWithHunkTakesNamesFromHeaderPair) {
    PatchFile patch = parse_ok(std::string("diff --git a/old.py b/new.py\nsimilarity index 90%\n"
                                           "dissimilarity index 10%\nrename from old.py\n"
                                           "rename to new.py\nindex 1111111..2222222 100644\n"
                                           "--- a/old.py\n+++ b/new.py\n") +
                               kSimpleHunk);
    const FileDiff& file = patch.files.at(0);
    EXPECT_EQ(file.op, FileOp::rename);
    EXPECT_EQ(file.similarity, 90);
    EXPECT_EQ(file.old_name, "a/old.py");
    EXPECT_EQ(file.new_name, "b/new.py");
    EXPECT_EQ(file.hunks.size(), 1u);
}

TEST(ParsePatch, GitCopy) {
    PatchFile patch = parse_ok(
        "diff --git a/src.c b/dup.c\nsimilarity index 100%\n"
        "copy from src.c\ncopy to dup.c\n");
    const FileDiff& file = patch.files.at(0);
    EXPECT_EQ(file.op, FileOp::copy);
    EXPECT_EQ(file.old_name, "a/src.c");
    EXPECT_EQ(file.new_name, "b/dup.c");
}

TEST(ParsePatch, GitModeChangeOnly) {
    PatchFile patch = parse_ok(
        "diff --git a/run.sh b/run.sh\nold mode 100644\nnew mode 100755\n"
        "diff --git a/b.txt b/b.txt\nold mode 100755\nnew mode 100644\n");
    ASSERT_EQ(patch.files.size(), 2u);
    EXPECT_EQ(patch.files[0].op, FileOp::modify);
    EXPECT_EQ(patch.files[0].old_mode, 0100644u);
    EXPECT_EQ(patch.files[0].new_mode, 0100755u);
    EXPECT_TRUE(patch.files[0].changes_mode());
    EXPECT_EQ(patch.files[1].header_line, 4);
}

TEST(ParsePatch, GitQuotedNamesAreUnquoted) {
    PatchFile patch = parse_ok(std::string("diff --git \"a/x y\\t.py\" \"b/x y\\t.py\"\n"
                                           "--- \"a/x y\\t.py\"\n+++ \"b/x y\\t.py\"\n") +
                               kSimpleHunk);
    EXPECT_EQ(patch.files.at(0).old_name, "a/x y\t.py");
    EXPECT_EQ(patch.files.at(0).new_name, "b/x y\t.py");
}

TEST(ParsePatch, GitUnquotedNamesWithSpacesSplitWhereTheyAgree) {
    PatchFile patch = parse_ok(
        "diff --git a/my dir/a b.txt b/my dir/a b.txt\n"
        "old mode 100644\nnew mode 100755\n");
    EXPECT_EQ(patch.files.at(0).old_name, "a/my dir/a b.txt");
    EXPECT_EQ(patch.files.at(0).new_name, "b/my dir/a b.txt");
}

TEST(ParsePatch, GitBinaryPatchIsBinary) {
    PatchFile patch = parse_ok(
        "diff --git a/img.png b/img.png\nindex 1111111..2222222 100644\nGIT binary patch\n"
        "literal 7\nOcmYdHieN}djRF7(0s=n(\n\nliteral 7\nOcmYdHN@hq&O#=W4MFLg;\n\n"
        "diff --git a/x b/x\n--- a/x\n+++ b/x\n" +
        std::string(kSimpleHunk));
    ASSERT_EQ(patch.files.size(), 2u);
    EXPECT_TRUE(patch.files[0].binary);
    EXPECT_EQ(patch.files[0].old_name, "a/img.png");
    ASSERT_TRUE(patch.files[0].git_binary);
    EXPECT_EQ(patch.files[0].git_binary->forward, "literal 7\nOcmYdHieN}djRF7(0s=n(\n");
    EXPECT_EQ(patch.files[0].git_binary->reverse, "literal 7\nOcmYdHN@hq&O#=W4MFLg;\n");
    EXPECT_FALSE(patch.files[1].binary);
    EXPECT_EQ(patch.files[1].header_line, 10);
}

// git's own wording for data that is not base85 ("corrupt binary patch at line 5").
TEST(ParsePatch, ACorruptGitBinaryPatchIsBadInput) {
    Error error = parse_error(
        "diff --git a/img.png b/img.png\nindex 1111111..2222222 100644\nGIT binary patch\n"
        "literal 7\nOcmYdHieN}djRF7(0s=n\n\n");
    EXPECT_EQ(error.line, 5);
    EXPECT_EQ(error.message, "corrupt binary patch");
}

TEST(ParsePatch, BinaryFilesDifferIsBinaryInGitAndTraditionalDiffs) {
    PatchFile patch = parse_ok(
        "diff --git a/a.bin b/a.bin\nindex 1111111..2222222 100644\n"
        "Binary files a/a.bin and b/a.bin differ\n"
        "diff -ruN a/b.bin b/b.bin\nBinary files a/b.bin and b/b.bin differ\n");
    ASSERT_EQ(patch.files.size(), 2u);
    EXPECT_TRUE(patch.files[0].binary);
    EXPECT_TRUE(patch.files[0].git);
    EXPECT_TRUE(patch.files[1].binary);
    EXPECT_FALSE(patch.files[1].git);
    EXPECT_EQ(patch.files[1].old_name, "a/b.bin");
    EXPECT_EQ(patch.files[1].new_name, "b/b.bin");
    EXPECT_EQ(patch.files[1].header_line, 4);
}

// ---- traditional and quilt sections --------------------------------------------------------

TEST(ParsePatch, TraditionalNewFileFromDevNull) {
    PatchFile patch = parse_ok("--- /dev/null\n+++ b/new.c\n@@ -0,0 +1,3 @@\n+a\n+b\n+c\n");
    const FileDiff& file = patch.files.at(0);
    EXPECT_FALSE(file.git);
    EXPECT_EQ(file.op, FileOp::create);
    EXPECT_EQ(file.new_name, "b/new.c");
}

TEST(ParsePatch, TraditionalNewFileFromZeroRangeWithRealOldName) {
    PatchFile patch = parse_ok("--- a/new.c\n+++ b/new.c\n@@ -0,0 +1,3 @@\n+a\n+b\n+c\n");
    EXPECT_EQ(patch.files.at(0).op, FileOp::create);
    EXPECT_EQ(patch.files.at(0).old_name, "a/new.c");
}

TEST(ParsePatch, TraditionalRemovalToDevNull) {
    PatchFile patch = parse_ok("--- a/gone.c\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-a\n-b\n");
    EXPECT_EQ(patch.files.at(0).op, FileOp::remove);
}

TEST(ParsePatch, TraditionalTimestampsAfterTabAndAfterSpaces) {
    PatchFile patch = parse_ok(std::string("--- old/x.c\t2024-01-31 10:00:00.000000000 +0100\n"
                                           "+++ new/x.c  2024-01-31 11:00:00.000000000 +0100\n") +
                               kSimpleHunk);
    const FileDiff& file = patch.files.at(0);
    EXPECT_EQ(file.old_name, "old/x.c");
    EXPECT_EQ(file.new_name, "new/x.c");
    EXPECT_TRUE(file.old_has_timestamp);
    EXPECT_TRUE(file.new_has_timestamp);
    EXPECT_EQ(file.op, FileOp::modify);
}

TEST(ParsePatch, EpochTimestampMeansCreateOrRemove) {
    PatchFile patch = parse_ok(
        "--- a/new.c\t1970-01-01 01:00:00.000000000 +0100\n"
        "+++ b/new.c\t2024-01-31 10:00:00.000000000 +0100\n@@ -0,0 +1 @@\n+x\n"
        "--- a/old.c\t2024-01-31 10:00:00.000000000 +0100\n"
        "+++ b/old.c\tThu Jan  1 00:00:00 1970\n@@ -1 +0,0 @@\n-x\n");
    ASSERT_EQ(patch.files.size(), 2u);
    EXPECT_EQ(patch.files[0].op, FileOp::create);
    EXPECT_EQ(patch.files[1].op, FileOp::remove);
    EXPECT_EQ(patch.files[1].new_name, "b/old.c");
}

TEST(ParsePatch, QuiltIndexHeaderBelongsToTheSection) {
    PatchFile patch = parse_ok(
        std::string(
            "Fix it.\n\nIndex: pkg/x.py\n===================================================="
            "===============\n--- pkg.orig/x.py\n+++ pkg/x.py\n") +
        kSimpleHunk);
    EXPECT_EQ(patch.preamble, "Fix it.\n\n");
    const FileDiff& file = patch.files.at(0);
    EXPECT_EQ(file.header_line, 3);
    EXPECT_EQ(file.old_name, "pkg.orig/x.py");
    EXPECT_EQ(file.hunks.at(0).header_line, 7);
}

TEST(ParsePatch, DiffCommandLineBelongsToTheSection) {
    PatchFile patch =
        parse_ok(std::string("notes\ndiff -ruN a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n") + kSimpleHunk);
    EXPECT_EQ(patch.preamble, "notes\n");
    EXPECT_EQ(patch.files.at(0).header_line, 2);
}

// ---- hunks ---------------------------------------------------------------------------------

TEST(ParsePatch, OmittedCountsAreOneAndFunctionContextIsCaptured) {
    PatchFile patch = parse_ok(
        "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n"
        "@@ -10,2 +10,2 @@ def forward(self, x):\n ctx\n-c\n+d\n");
    const FileDiff& file = patch.files.at(0);
    ASSERT_EQ(file.hunks.size(), 2u);
    EXPECT_EQ(file.hunks[0].old_start, 1);
    EXPECT_EQ(file.hunks[0].old_count, 1);
    EXPECT_EQ(file.hunks[0].new_count, 1);
    EXPECT_EQ(file.hunks[0].function_context, "");
    EXPECT_EQ(file.hunks[1].function_context, "def forward(self, x):");
    EXPECT_EQ(file.hunks[1].header_line, 6);
    EXPECT_EQ(file.hunks[1].lines[0].patch_line, 7);
}

TEST(ParsePatch, EmptyLineInBodyIsEmptyContext) {
    PatchFile patch = parse_ok("--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n\n-b\n+B\n");
    const Hunk& hunk = patch.files.at(0).hunks.at(0);
    EXPECT_EQ(kinds(hunk), "  -+");
    EXPECT_EQ(hunk.lines[1].text, "\n");
}

TEST(ParsePatch, NoNewlineMarkerOnOldSide) {
    PatchFile patch =
        parse_ok("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n");
    const Hunk& hunk = patch.files.at(0).hunks.at(0);
    EXPECT_EQ(hunk.lines.at(0).text, "a");
    EXPECT_EQ(hunk.lines.at(1).text, "a\n");
    EXPECT_EQ(hunk.lines.at(1).patch_line, 6);
}

TEST(ParsePatch, NoNewlineMarkerOnNewSideInAnyLanguage) {
    PatchFile patch = parse_ok("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n\\ Kein Zeilenumbruch\n");
    const Hunk& hunk = patch.files.at(0).hunks.at(0);
    EXPECT_EQ(hunk.lines.at(0).text, "a\n");
    EXPECT_EQ(hunk.lines.at(1).text, "b");
}

TEST(ParsePatch, CrlfPatchHasItsCarriageReturnsStripped) {
    PatchFile patch = parse_ok(
        "diff --git a/x b/x\r\n--- a/x\r\n+++ b/x\r\n@@ -1,2 +1,2 @@\r\n"
        " a\r\n-b\r\n+c\r\n");
    const FileDiff& file = patch.files.at(0);
    EXPECT_EQ(file.old_name, "a/x");
    EXPECT_EQ(file.new_name, "b/x");
    EXPECT_EQ(file.hunks.at(0).lines.at(0).text, "a\n");
    EXPECT_EQ(file.hunks.at(0).lines.at(2).text, "c\n");
}

// GNU patch 2.7.6 applies a NUL byte of a body line as any other byte (vim 9.0.1378-2's
// CVE-2023-4781.patch adds `+sv \xff\x7f\0n\0\0\x01\0`); the line's text keeps it.
TEST(ParsePatch, NulBytesInBodyLinesAreKept) {
    PatchFile patch = parse_ok("--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\0\n-b\n+c\0\0d\n"s);
    const Hunk& hunk = patch.files.at(0).hunks.at(0);
    EXPECT_EQ(hunk.lines.at(0).text, "a\0\n"s);
    EXPECT_EQ(hunk.lines.at(2).text, "c\0\0d\n"s);
}

TEST(ParsePatch, CrlfBodyOfLfPatchIsKept) {
    PatchFile patch = parse_ok("--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n");
    const Hunk& hunk = patch.files.at(0).hunks.at(0);
    EXPECT_EQ(hunk.lines.at(0).text, "a\r\n");
    EXPECT_EQ(hunk.lines.at(2).text, "c\r\n");
}

// ---- bad input -----------------------------------------------------------------------------

TEST(ParsePatch, NulByteInAFileNameIsAnErrorOnItsLine) {
    Error error = parse_error("--- /dev/null\n+++ b/evil\0.py\n@@ -0,0 +1 @@\n+x\n"s);
    EXPECT_EQ(error.file, "p.patch");
    EXPECT_EQ(error.line, 2);
    EXPECT_EQ(error.message, "NUL byte in a file name");
}

TEST(ParsePatch, HeaderPairWithoutHunkIsAnError) {
    Error error = parse_error("intro\n--- a/x\n+++ b/x\nnothing here\n");
    EXPECT_EQ(error.line, 2);
    EXPECT_EQ(error.message, "file header \"--- a/x\" is not followed by a hunk");
}

TEST(ParsePatch, MalformedHunkHeaderIsAnError) {
    Error error = parse_error("--- a/x\n+++ b/x\n@@ -1,a +1 @@\n-a\n+b\n");
    EXPECT_EQ(error.line, 3);
    EXPECT_EQ(error.message, "malformed hunk header \"@@ -1,a +1 @@\"");
}

TEST(ParsePatch, HunkNumberTooLargeIsAnError) {
    Error error = parse_error("--- a/x\n+++ b/x\n@@ -99999999999999999999,1 +1 @@\n-a\n+b\n");
    EXPECT_EQ(error.line, 3);
    EXPECT_EQ(error.message,
              "hunk header @@ -99999999999999999999,1 +1 @@ has a number too large for a line "
              "number");
}

TEST(ParsePatch, CountsTooLargeNameTheRightCounts) {
    Error error = parse_error(
        "--- a/x\n+++ b/x\n@@ -10,7 +10,8 @@ ctx\n a\n b\n c\n-d\n+D\n+E\n+F\n e\n f\n");
    EXPECT_EQ(error.line, 3);
    EXPECT_EQ(error.message,
              "hunk header @@ -10,7 +10,8 @@ does not match its body (6 old, 8 new lines): "
              "@@ -10,6 +10,8 @@ would match");
}

TEST(ParsePatch, TruncatedHunkBeforeNextSectionIsAnError) {
    Error error = parse_error(
        "--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n"
        "--- a/y\n+++ b/y\n@@ -1 +1 @@\n-a\n+b\n");
    EXPECT_EQ(error.line, 3);
    EXPECT_EQ(error.message,
              "hunk header @@ -1,3 +1,3 @@ does not match its body (2 old, 2 new lines): "
              "@@ -1,2 +1,2 @@ would match");
}

TEST(ParsePatch, TruncatedHunkAtEndOfFileIsAnError) {
    Error error = parse_error("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n-b\n");
    EXPECT_EQ(error.line, 4);
    EXPECT_EQ(error.message,
              "hunk header @@ -1,3 +1,3 @@ does not match its body (2 old, 1 new lines): "
              "@@ -1,2 +1,1 @@ would match");
}

TEST(ParsePatch, HunkCutShortByNextHunkHeaderIsAnError) {
    Error error = parse_error(
        "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n"
        "@@ -5,3 +5,3 @@\n c\n-d\n+D\n@@ -20 +20 @@\n-e\n+E\n");
    EXPECT_EQ(error.line, 7);
    EXPECT_EQ(error.message,
              "hunk header @@ -5,3 +5,3 @@ does not match its body (2 old, 2 new lines): "
              "@@ -5,2 +5,2 @@ would match");
}

TEST(ParsePatch, HunkCutShortByFreeTextIsAnError) {
    Error error = parse_error("--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n+b\nOnly in b: y\n");
    EXPECT_EQ(error.line, 3);
    EXPECT_EQ(error.message,
              "hunk header @@ -1,2 +1,2 @@ does not match its body (1 old, 1 new lines): "
              "@@ -1,1 +1,1 @@ would match");
}

TEST(ParsePatch, QuiltIndexWithoutDiffIsAnError) {
    Error error = parse_error("Index: x\n=====\nnothing\n");
    EXPECT_EQ(error.line, 3);
    EXPECT_EQ(error.message, "file header is not followed by a diff");
}

// GNU patch 2.7.6 reads the counted lines and ignores the rest up to the next file header.
TEST(ParsePatch, CountsTooSmallWhenBodyRunsOnAreReadAsGnuPatchReadsThem) {
    auto patch = parse_patch(
        "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n c\n d\n\n--- a/y\n+++ b/y\n@@ -1 +1 "
        "@@\n-a\n+b\n",
        "p.patch");
    ASSERT_TRUE(patch.ok()) << patch.error().message;
    ASSERT_EQ(patch->files.size(), 2u);
    ASSERT_EQ(patch->files[0].hunks[0].lines.size(), 3u);  //  a, -b, +B
    ASSERT_GE(patch->notes.size(), 1u);
    EXPECT_EQ(patch->notes[0].kind, "header-counts");
    EXPECT_EQ(patch->notes[0].line, 3);
    EXPECT_EQ(patch->notes[0].message,
              "hunk header @@ -1,2 +1,2 @@ does not match its body (4 old, 4 new lines): "
              "@@ -1,4 +1,4 @@ would match; GNU patch applies the 3 counted lines and ignores "
              "line 7 on");
}

TEST(ParsePatch, ALineStartingWithATabIsContextWhoseSpaceWasEaten) {
    auto patch = parse_patch("--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n\tA\n-b\n+B\n", "p.patch");
    ASSERT_TRUE(patch.ok()) << patch.error().message;
    EXPECT_EQ(patch->files[0].hunks[0].lines[0].kind, LineKind::context);
    EXPECT_EQ(patch->files[0].hunks[0].lines[0].text, "\tA\n");
}

TEST(ParsePatch, TextAfterASectionIsOneGarbageNote) {
    auto patch = parse_patch(
        "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\nnew file mode 100644\n---\ntg: x\n-- \n2.39\n",
        "p.patch");
    ASSERT_TRUE(patch.ok());
    ASSERT_EQ(patch->notes.size(), 1u);
    EXPECT_EQ(patch->notes[0].kind, "garbage");
    EXPECT_EQ(patch->notes[0].line, 6);
    EXPECT_NE(patch->notes[0].message.find("3 lines"), std::string::npos)
        << patch->notes[0].message;
}

// python3.11 3.11.2-6+deb12u8's frame_dealloc-crash.diff creates "Misc/NEWS.d/next/Core and
// Builtins/….rst" with no TAB after the name; GNU patch 2.7.6 creates Misc/NEWS.d/next/Core.
TEST(ParsePatch, ANameWithASpaceAndNoTabIsReadWholeAndNoted) {
    auto patch = parse_patch(
        "--- /dev/null\n+++ b/Misc/NEWS.d/next/Core and Builtins/2023.gh-1.rst\n"
        "@@ -0,0 +1 @@\n+Fix a crash.\n",
        "p.patch");
    ASSERT_TRUE(patch.ok()) << patch.error().message;
    EXPECT_EQ(patch->files[0].new_name, "b/Misc/NEWS.d/next/Core and Builtins/2023.gh-1.rst");
    ASSERT_EQ(patch->notes.size(), 1u);
    EXPECT_EQ(patch->notes[0].kind, "spaced-name");
    EXPECT_EQ(patch->notes[0].line, 2);
    EXPECT_NE(patch->notes[0].message.find("GNU patch reads it as \"b/Misc/NEWS.d/next/Core\""),
              std::string::npos)
        << patch->notes[0].message;
    auto both = parse_patch("--- a/my file.c\n+++ b/my file.c\n@@ -1 +1 @@\n-a\n+b\n", "q.patch");
    ASSERT_TRUE(both.ok());
    ASSERT_EQ(both->notes.size(), 1u);  // one note for the section, on its new name
    EXPECT_EQ(both->notes[0].line, 2);
}

TEST(ParsePatch, AHunkHeaderAfterFreeTextIsAnError) {
    Error error = parse_error("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\nnote\n@@ -5 +5 @@\n-c\n+d\n");
    EXPECT_EQ(error.line, 7);
}

TEST(ParsePatch, HunkWithoutChangesIsAnError) {
    Error error = parse_error("--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n b\n");
    EXPECT_EQ(error.line, 3);
    EXPECT_EQ(error.message, "hunk @@ -1,2 +1,2 @@ has no added or removed line");
}

TEST(ParsePatch, UnterminatedLastHunkLineIsAnError) {
    Error error = parse_error("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b");
    EXPECT_EQ(error.line, 5);
}

}  // namespace
}  // namespace patchbay

namespace patchbay {
namespace {

std::string read_fixture(const std::string& name) {
    std::ifstream in(std::string(PATCHBAY_SOURCE_DIR) + "/tests/fixtures/patches/" + name,
                     std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// Written by `git format-patch --binary` (git 2.39): every kind of git section in one mail.
TEST(ParsePatch, GitFormatPatchFixture) {
    std::string text = read_fixture("format_patch_mail.patch");
    ASSERT_FALSE(text.empty());
    PatchFile patch = parse_ok(text);
    EXPECT_TRUE(patch.preamble.starts_with("From ede7599d2351646c26ebb4a0e6ed1ee58cb819e8 Mon"));
    EXPECT_TRUE(patch.preamble.ends_with(" rename sp ace.txt => sp ace2.txt (100%)\n\n"));
    ASSERT_EQ(patch.files.size(), 6u);
    const std::vector<FileOp> ops = {FileOp::create, FileOp::create, FileOp::remove,
                                     FileOp::modify, FileOp::modify, FileOp::rename};
    const std::vector<std::int64_t> header_lines = {21, 28, 38,
                                                    45, 56, 59};  // grep -n "^diff --git"
    for (std::size_t i = 0; i < ops.size(); ++i) {
        EXPECT_EQ(patch.files[i].op, ops[i]) << i;
        EXPECT_EQ(patch.files[i].header_line, header_lines[i]) << i;
    }
    EXPECT_TRUE(patch.files[1].binary);
    EXPECT_EQ(patch.files[3].hunks.at(0).header_line, 49);
    EXPECT_EQ(patch.files[3].hunks.at(0).function_context, "def f():");
    EXPECT_EQ(patch.files[3].hunks.at(0).lines.at(0).text, "\n");
    EXPECT_EQ(patch.files[3].old_mode, 0100644u);
    EXPECT_EQ(patch.files[4].new_mode, 0100755u);
    EXPECT_EQ(patch.files[5].old_name, "a/sp ace.txt");
    EXPECT_EQ(patch.files[5].new_name, "b/sp ace2.txt");
}

}  // namespace
}  // namespace patchbay
