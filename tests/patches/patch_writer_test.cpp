// The writer is the inverse of the parser: every text below is written by hand in the format git
// emits (checked against `git diff` output shapes), parsed, rendered, and must come back byte for
// byte; the parsed model of the rendering must equal the first parse.

#include "patches/patch_writer.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "patches/diff_parser.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

void expect_same(const Hunk& a, const Hunk& b) {
    EXPECT_EQ(a.old_start, b.old_start);
    EXPECT_EQ(a.old_count, b.old_count);
    EXPECT_EQ(a.new_start, b.new_start);
    EXPECT_EQ(a.new_count, b.new_count);
    EXPECT_EQ(a.function_context, b.function_context);
    ASSERT_EQ(a.lines.size(), b.lines.size());
    for (std::size_t i = 0; i < a.lines.size(); ++i) {
        EXPECT_EQ(a.lines[i].kind, b.lines[i].kind);
        EXPECT_EQ(a.lines[i].text, b.lines[i].text);
    }
}

void expect_same(const PatchFile& a, const PatchFile& b) {
    EXPECT_EQ(a.preamble, b.preamble);
    ASSERT_EQ(a.files.size(), b.files.size());
    for (std::size_t i = 0; i < a.files.size(); ++i) {
        const auto &x = a.files[i], &y = b.files[i];
        EXPECT_EQ(x.old_name, y.old_name);
        EXPECT_EQ(x.new_name, y.new_name);
        EXPECT_EQ(x.op, y.op);
        EXPECT_EQ(x.git, y.git);
        EXPECT_EQ(x.old_mode, y.old_mode);
        EXPECT_EQ(x.new_mode, y.new_mode);
        EXPECT_EQ(x.similarity, y.similarity);
        EXPECT_EQ(x.old_index, y.old_index);
        EXPECT_EQ(x.new_index, y.new_index);
        ASSERT_EQ(x.hunks.size(), y.hunks.size());
        for (std::size_t h = 0; h < x.hunks.size(); ++h) expect_same(x.hunks[h], y.hunks[h]);
    }
}

void expect_round_trip(const std::string& text, const PatchStyle& style = {}) {
    auto parsed = parse_patch(text, "x.patch");
    ASSERT_TRUE(parsed) << parsed.error().located();
    std::string rendered = render_patch(*parsed, style);
    EXPECT_EQ(rendered, text);
    auto again = parse_patch(rendered, "x.patch");
    ASSERT_TRUE(again) << again.error().located();
    expect_same(*parsed, *again);
}

TEST(PatchWriter, ModifyWithIndexModeAndFunctionContext) {
    expect_round_trip(
        "Subject: fix\n\n--- exported from abc ---\n"
        "diff --git a/x.py b/x.py\nindex 0e525d1..6e364c2 100644\n--- a/x.py\n+++ b/x.py\n"
        "@@ -2,3 +2,3 @@ class A:\n a\n-b\n+c\n d\n@@ -10 +10,2 @@ def f():\n-x\n+y\n+z\n");
}

TEST(PatchWriter, NewAndDeletedFiles) {
    expect_round_trip(
        "diff --git a/n.py b/n.py\nnew file mode 100755\nindex 0000000..5359a66\n--- /dev/null\n"
        "+++ b/n.py\n@@ -0,0 +1,2 @@\n+one\n+two\n"
        "diff --git a/d.py b/d.py\ndeleted file mode 100644\nindex 90f20a8..0000000\n"
        "--- a/d.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-gone\n");
}

TEST(PatchWriter, EmptyNewFileHasNoHunks) {
    expect_round_trip("diff --git a/e b/e\nnew file mode 100644\nindex 0000000..e69de29\n");
}

TEST(PatchWriter, RenameWithSimilarityAndHunk) {
    expect_round_trip(
        "diff --git a/u.py b/u/__init__.py\nsimilarity index 89%\nrename from u.py\n"
        "rename to u/__init__.py\nindex 1ec8dfd..1e6326b 100644\n--- a/u.py\n"
        "+++ b/u/__init__.py\n@@ -1,2 +1,2 @@\n-old\n+new\n same\n");
}

TEST(PatchWriter, PureRenameAndModeChange) {
    expect_round_trip(
        "diff --git a/p b/q\nsimilarity index 100%\nrename from p\nrename to q\n"
        "diff --git a/s.sh b/s.sh\nold mode 100644\nnew mode 100755\n");
}

TEST(PatchWriter, NoNewlineAtEndOnBothSides) {
    expect_round_trip(
        "diff --git a/t b/t\nindex 1111111..2222222 100644\n--- a/t\n+++ b/t\n@@ -1,2 +1,2 @@\n"
        " a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n");
}

TEST(PatchWriter, TraditionalDiffWithoutPrefixes) {
    expect_round_trip("notes\n--- x.c\n+++ x.c\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n",
                      PatchStyle{"", ""});
}

TEST(PatchWriter, GitDiffWithoutIndexLinesAndCustomPrefixes) {
    expect_round_trip(
        "diff --git src/x dst/x\n--- src/x\n+++ dst/x\n@@ -1 +1 @@\n-a\n+b\n"
        "diff --git src/n dst/n\nnew file mode 100644\n--- /dev/null\n+++ dst/n\n@@ -0,0 +1 "
        "@@\n+n\n",
        PatchStyle{"src/", "dst/"});
}

TEST(PatchWriter, SymlinkMode) {
    expect_round_trip(
        "diff --git a/l b/l\nnew file mode 120000\nindex 0000000..abcdef0\n--- /dev/null\n"
        "+++ b/l\n@@ -0,0 +1 @@\n+target\n\\ No newline at end of file\n");
}

TEST(PatchWriter, HunkCountsOfOneAreOmitted) {
    Hunk hunk{3, 1, 3, 0, "", 0, {{LineKind::removed, "x\n", 0}}, {}};
    EXPECT_EQ(render_hunk(hunk), "@@ -3 +3,0 @@\n-x\n");
}

// A hunk regenerate keeps is written as its tool wrote it, not as the model would render it.
TEST(PatchWriter, VerbatimHunkIsWrittenAsItWas) {
    Hunk hunk{3, 1, 3, 0, "f", 0, {{LineKind::removed, "x\n", 0}}, "@@ -3,1 +3,0 @@  f\n-x\n"};
    EXPECT_EQ(render_hunk(hunk), "@@ -3,1 +3,0 @@  f\n-x\n");
    EXPECT_EQ(render_hunk_header(hunk), "@@ -3 +3,0 @@ f\n");
}

// The demo patches that git wrote come back byte for byte (0001 and 0005 too: the writer keeps
// what the model holds; quilt's timestamps are the one thing it drops).
TEST(PatchWriter, DemoPatchesRoundTrip) {
    namespace fs = std::filesystem;
    fs::path dir = fs::path(PATCHBAY_SOURCE_DIR) / "examples/demo/patches";
    for (const char* name :
         {"0001-scheduler-prefix-aware-preemption.patch", "0002-kv-int32-block-ids.patch",
          "0003-triton-paged-gather-v2.patch", "0004-utils-package.patch",
          "0006-widen-block-ids.patch", "dflash2-backport.patch"}) {
        SCOPED_TRACE(name);
        expect_round_trip(test_support::read_file(dir / name));
    }
}

}  // namespace
}  // namespace patchbay
