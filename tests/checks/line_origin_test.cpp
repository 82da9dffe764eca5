// Which patch added a line of the result tree, and the patch-file line that adds it. Every
// expected value is read off the small texts below by hand (line numbers counted in the
// comments beside them).

#include "checks/line_origin.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "tests/support/memory_source.hpp"
#include "tests/support/parsed_patch.hpp"

namespace patchbay {
namespace {

using test_support::MemorySource;

// Each line of `lines` with a "\n".
std::string lines_text(const std::vector<std::string_view>& lines) {
    std::string text;
    for (auto line : lines) (text += line) += '\n';
    return text;
}

std::vector<std::int64_t> kept(std::vector<std::string_view> before,
                               std::vector<std::string_view> after) {
    auto map = kept_lines(lines_text(before), lines_text(after));
    EXPECT_TRUE(map.ok());
    return map.ok() ? *map : std::vector<std::int64_t>{};
}

TEST(KeptLines, InsertedLinesAreMinusOneAndTheRestMapBack) {
    EXPECT_EQ(kept({"a", "b", "c", "d"}, {"a", "x", "b", "d", "y"}),
              (std::vector<std::int64_t>{0, -1, 1, 3, -1}));
    EXPECT_EQ(kept({"x", "x"}, {"x", "y", "x"}), (std::vector<std::int64_t>{0, -1, 1}));
    EXPECT_EQ(kept({}, {"a", "b"}), (std::vector<std::int64_t>{-1, -1}));
    EXPECT_EQ(kept({"a", "b"}, {"a", "b"}), (std::vector<std::int64_t>{0, 1}));
    // "q" replaces "c" between equal runs.
    EXPECT_EQ(kept({"a", "b", "c", "d", "e"}, {"a", "b", "q", "d", "e"}),
              (std::vector<std::int64_t>{0, 1, -1, 3, 4}));
    // "a" and "b" swapped: either one is kept (a tie), never both, and d, e, f stay.
    auto swapped = kept({"a", "b", "c", "d", "e", "f"}, {"b", "a", "q", "d", "e", "f"});
    EXPECT_EQ(std::count(swapped.begin(), swapped.end(), -1), 2);
    EXPECT_EQ(swapped[2], -1);
    EXPECT_EQ(std::vector<std::int64_t>(swapped.begin() + 3, swapped.end()),
              (std::vector<std::int64_t>{3, 4, 5}));
}

// Long files with few edits stay exact, and so do rewrites: git's diff has no edit budget (the
// hand-written Myers diff this replaced gave up past 2,000 edits and counted every line of the
// changed middle as inserted, "k" below included).
TEST(KeptLines, LongFilesAndRewrites) {
    std::vector<std::string> names;
    for (int i = 0; i < 3000; ++i) names.push_back("line " + std::to_string(i));
    std::vector<std::string_view> before(names.begin(), names.end());
    auto after = before;
    after.insert(after.begin() + 1500, "added");
    after.erase(after.begin() + 10);  // "line 10" removed: later lines move up by one
    auto map = kept(before, after);
    // after: lines 0-9, then 11-1499 at 10-1498, "added" at 1499, then 1500-2999 in place.
    EXPECT_EQ(map.size(), 3000u);
    EXPECT_EQ(map[9], 9);
    EXPECT_EQ(map[10], 11);
    EXPECT_EQ(map[1498], 1499);
    EXPECT_EQ(map[1499], -1);
    EXPECT_EQ(map[1500], 1500);
    EXPECT_EQ(map.back(), 2999);
    // 1,200 lines replaced on each side of "k": 2,400 edits, and "k" is still upstream's.
    std::vector<std::string> olds, news;
    for (int i = 0; i < 1200; ++i) olds.push_back("o" + std::to_string(i));
    for (int i = 0; i < 1200; ++i) news.push_back("n" + std::to_string(i));
    std::vector<std::string_view> from{"k"}, to(news.begin(), news.end());
    from.insert(from.end(), olds.begin(), olds.end());
    to.push_back("k");
    auto rewritten = kept(from, to);
    EXPECT_EQ(std::count(rewritten.begin(), rewritten.end(), -1), 1200);
    EXPECT_EQ(rewritten.back(), 0);
}

// An unterminated last line differs from the same line with its "\n".
TEST(KeptLines, AnUnterminatedLastLineIsItsOwnLine) {
    auto map = kept_lines("a\nb", "a\nb\nc");
    ASSERT_TRUE(map.ok());
    EXPECT_EQ(*map, (std::vector<std::int64_t>{0, -1, -1}));
}

AppliedStep step(std::string name, std::string path, std::string text) {
    TreeChanges changes;
    changes[path] = FileState{SharedText(std::move(text)), false, false};
    return AppliedStep{std::move(name), std::move(changes)};
}

class TwoSteps : public ::testing::Test {
  protected:
    void SetUp() override {
        source.file("k.py", "a\nb\nc\n");
        steps.push_back(step("p1", "k.py", "a\nNEW1\nb\nc\n"));
        steps.push_back(step("p2", "k.py", "top\na\nNEW1\nb\nc\nNEW2\n"));
        steps.push_back(step("p3", "new.py", "one\ntwo\n"));  // a file upstream lacks
    }
    MemorySource source;
    std::vector<AppliedStep> steps;
};

TEST_F(TwoSteps, ALineIsTracedBackToThePatchThatAddedIt) {
    auto first = added_by(source, steps, "k.py", 3);  // NEW1, line 2 when p1 added it
    ASSERT_TRUE(first);
    EXPECT_EQ(first->step, 0u);
    EXPECT_EQ(first->line, 2);
    EXPECT_EQ(first->text, "NEW1");
    EXPECT_EQ(first->path, "k.py");
    auto last = added_by(source, steps, "k.py", 6);  // NEW2
    ASSERT_TRUE(last);
    EXPECT_EQ(last->step, 1u);
    EXPECT_EQ(last->line, 6);
    EXPECT_EQ(added_by(source, steps, "k.py", 1)->step, 1u);  // "top"
    auto created = added_by(source, steps, "new.py", 2);
    ASSERT_TRUE(created);
    EXPECT_EQ(created->step, 2u);
}

TEST_F(TwoSteps, UpstreamLinesAndLinesPastTheEndHaveNoOrigin) {
    EXPECT_FALSE(added_by(source, steps, "k.py", 2));   // "a"
    EXPECT_FALSE(added_by(source, steps, "k.py", 5));   // "c"
    EXPECT_FALSE(added_by(source, steps, "k.py", 10));  // the file has 6 lines
    EXPECT_FALSE(added_by(source, steps, "absent.py", 1));
}

// Line numbers of the patch file, counted by hand:
//  1 desc            5  a           9  c           13 +++ b/other.py
//  2 --- a/k.py      6 +dup        10 +dup         14 @@ -1 +1,2 @@
//  3 +++ b/k.py      7  b          11  d           15  z
//  4 @@ -1,2 +1,3 @@ 8 @@ -10,2 +11,3 @@  12 --- a/other.py  16 +dup
const char* kTwoDups =
    "desc\n"
    "--- a/k.py\n"
    "+++ b/k.py\n"
    "@@ -1,2 +1,3 @@\n"
    " a\n"
    "+dup\n"
    " b\n"
    "@@ -10,2 +11,3 @@\n"
    " c\n"
    "+dup\n"
    " d\n"
    "--- a/other.py\n"
    "+++ b/other.py\n"
    "@@ -1 +1,2 @@\n"
    " z\n"
    "+dup\n";

TEST(PatchLineAdding, TheAddedLineNearestTheResultLineInTheRightFile) {
    auto patch = test_support::parse(kTwoDups);
    EXPECT_EQ(patch_line_adding(patch, 1, "k.py", "dup", 2), 6);
    EXPECT_EQ(patch_line_adding(patch, 1, "k.py", "dup", 12), 10);  // hunk 2: c at 11, dup 12
    EXPECT_EQ(patch_line_adding(patch, 1, "other.py", "dup", 2), 16);
    EXPECT_EQ(patch_line_adding(patch, 1, "k.py", "  dup\t", 2), 6);  // whitespace collapsed
    EXPECT_EQ(patch_line_adding(patch, 1, "k.py", "nope", 2), 0);
    EXPECT_EQ(patch_line_adding(patch, 0, "k.py", "dup", 2), 0);  // -p0: the path is b/k.py
}

// 1 --- a/k.py / 2 +++ b/k.py / 3 @@ / 4  a / 5 +NEW1 / 6  b / 7  c
const char* kAddsNew1 =
    "--- a/k.py\n"
    "+++ b/k.py\n"
    "@@ -1,3 +1,4 @@\n"
    " a\n"
    "+NEW1\n"
    " b\n"
    " c\n";

Finding finding_at(std::int64_t line, std::vector<RelatedLocation> related = {}) {
    Finding f;
    f.rule = "r";
    f.path = "k.py";
    f.line = line;
    f.related = std::move(related);
    return f;
}

TEST(AttributeToPatches, ALineOrItsRelatedLineNamesThePatchFileLine) {
    MemorySource source;
    source.file("k.py", "a\nb\nc\n");
    std::vector<AppliedStep> steps{step("p1", "k.py", "a\nNEW1\nb\nc\n")};
    auto patch = test_support::parse(kAddsNew1);
    std::vector<Finding> findings{finding_at(2), finding_at(3, {{"k.py", 2, 1, "load"}}),
                                  finding_at(1)};
    attribute_to_patches(findings, source, steps, [&](std::size_t index) {
        EXPECT_EQ(index, 0u);
        return StepPatch{&patch, 1, "patches/p1"};
    });
    EXPECT_EQ(findings[0].patch, "p1");
    EXPECT_EQ(findings[0].patch_file, "patches/p1");
    EXPECT_EQ(findings[0].patch_line, 5);
    EXPECT_EQ(findings[1].patch, "p1");  // "b" is upstream's; the load on line 2 is p1's
    EXPECT_EQ(findings[1].patch_line, 5);
    EXPECT_EQ(findings[2].patch, "");
    EXPECT_EQ(findings[2].patch_line, 0);
}

}  // namespace
}  // namespace patchbay
