// The series carried from one in-memory upstream to another. Expected texts are hand-written.

#include "rebase/series_rebase.hpp"

#include <gtest/gtest.h>

#include "series/series_file.hpp"
#include "tests/support/memory_source.hpp"
#include "tests/support/numbered_lines.hpp"
#include "tests/support/temp_tree.hpp"

namespace patchbay {
namespace {

using test_support::MemorySource;
using test_support::TempTree;

using test_support::numbered_lines;

// Line `line` of numbered_lines(30) changed to `to`, with three lines of context on each side.
std::string one_line_patch(const std::string& file, int line, const std::string& to) {
    std::string text = "--- a/" + file + "\n+++ b/" + file + "\n@@ -" + std::to_string(line - 3) +
                       ",7 +" + std::to_string(line - 3) + ",7 @@\n";
    for (int i = line - 3; i < line; ++i) text += " " + std::to_string(i) + "\n";
    text += "-" + std::to_string(line) + "\n+" + to + "\n";
    for (int i = line + 1; i <= line + 3; ++i) text += " " + std::to_string(i) + "\n";
    return text;
}

class SeriesCarry : public ::testing::Test {
  protected:
    void add(const std::string& name, const std::string& text) {
        files.write("patches/" + name, text);
        series += name + "\n";
    }
    Result<SeriesRebase> rebase() {
        files.write("patches/series", series);
        plan.series = *parse_series(series, "patches/series");
        plan.patches_dir = files / "patches";
        plan.patches_label = "patches";
        return rebase_series(plan, old_upstream, new_upstream, options);
    }
    RebaseOptions options;
    MemorySource old_upstream, new_upstream;
    TempTree files;
    SeriesPlan plan;
    std::string series;
};

TEST_F(SeriesCarry, EachOutcomeFromOneSeries) {
    old_upstream.file("a", numbered_lines(30));
    old_upstream.file("b", numbered_lines(30));
    old_upstream.file("c", numbered_lines(30));
    old_upstream.file("d", numbered_lines(30));
    new_upstream.file("a", numbered_lines(30));
    new_upstream.file("b", "0\n" + numbered_lines(30));         // shifted by one line
    new_upstream.file("c", numbered_lines(30, {{10, "ten"}}));  // the patch's own change
    new_upstream.file("d", numbered_lines(30, {{12, "twelve"}, {20, "TWENTY"}}));
    add("1.patch", one_line_patch("a", 5, "five"));
    add("2.patch", one_line_patch("b", 5, "five"));
    add("3.patch", one_line_patch("c", 10, "ten"));
    add("4.patch", one_line_patch("d", 10, "ten"));     // beside upstream's line 12
    add("5.patch", one_line_patch("d", 20, "twenty"));  // upstream changed the same line
    auto result = rebase();
    ASSERT_TRUE(result.ok()) << result.error().message;
    ASSERT_EQ(result->patches.size(), 5u);
    EXPECT_EQ(result->patches[0].outcome, RebaseOutcome::applies);
    EXPECT_FALSE(result->patches[0].new_text.has_value());
    EXPECT_EQ(result->patches[1].outcome, RebaseOutcome::offset);
    EXPECT_EQ(*result->patches[1].new_text,
              "--- a/b\n+++ b/b\n@@ -3,7 +3,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n")
        << "refreshed: the hunk now says where it applies";
    EXPECT_EQ(result->patches[2].outcome, RebaseOutcome::already_upstream);
    EXPECT_EQ(result->patches[3].outcome, RebaseOutcome::merged);
    EXPECT_EQ(*result->patches[3].new_text,
              "--- a/d\n+++ b/d\n@@ -7,7 +7,7 @@\n 7\n 8\n 9\n-10\n"
              "+ten\n 11\n twelve\n 13\n");
    EXPECT_EQ(result->patches[4].outcome, RebaseOutcome::conflict);
    EXPECT_EQ(result->patches[4].conflicts, std::vector<std::string>{"d"});
    ASSERT_EQ(result->steps.size(), 3u) << "1, 2 and 4 are carried";
    EXPECT_TRUE(carried(RebaseOutcome::merged));
    EXPECT_FALSE(carried(RebaseOutcome::conflict));
}

TEST_F(SeriesCarry, ASkipRuleWhoseChangeIsNotUpstreamIsSaid) {
    old_upstream.file("a", numbered_lines(30));
    new_upstream.file("a", numbered_lines(30));
    add("1.patch", one_line_patch("a", 5, "five"));
    plan.skip.push_back({"1.patch", "native upstream since 2.0", 1});
    auto result = rebase();
    ASSERT_TRUE(result.ok());
    EXPECT_EQ(result->patches[0].outcome, RebaseOutcome::skipped);
    EXPECT_TRUE(result->patches[0].skip_not_upstream);
}

// Line 20 changed by upstream and by 1.patch: the person gets d with diff3 markers named
// after the two upstreams and the patch; 2.patch, after it, is carried on the state without it.
TEST_F(SeriesCarry, AConflictIsGivenWithMarkersAndTheStateItIsResolvedOn) {
    old_upstream.file("a", numbered_lines(30));
    old_upstream.file("d", numbered_lines(30));
    new_upstream.file("a", numbered_lines(30));
    new_upstream.file("d", numbered_lines(30, {{20, "TWENTY"}}));
    add("0.patch", one_line_patch("a", 5, "five"));
    add("1.patch", one_line_patch("d", 20, "twenty") + one_line_patch("a", 25, "x"));
    add("2.patch", one_line_patch("a", 10, "ten"));
    options.old_label = "v1";
    options.new_label = "v2";
    auto result = rebase();
    ASSERT_TRUE(result.ok()) << result.error().message;
    ASSERT_EQ(result->first_conflict, std::optional<std::size_t>(1));
    EXPECT_EQ(result->steps_before_conflict, 1u) << "0.patch only";
    const auto& attempt = result->patches[1].attempt;
    ASSERT_EQ(attempt.size(), 2u);
    EXPECT_EQ(
        attempt.at("d")->content.view(),
        numbered_lines(
            30, {{20, "<<<<<<< v2\nTWENTY\n||||||| v1\n20\n=======\ntwenty\n>>>>>>> 1.patch"}}));
    EXPECT_EQ(attempt.at("a")->content.view(), numbered_lines(30, {{5, "five"}, {25, "x"}}))
        << "the path that merges is given merged, on top of 0.patch";
    EXPECT_EQ(result->patches[2].outcome, RebaseOutcome::applies);
    EXPECT_EQ(result->steps.size(), 2u);
}

TEST_F(SeriesCarry, AResolutionIsCarriedAndItsTextRebuilt) {
    old_upstream.file("d", numbered_lines(30));
    new_upstream.file("d", numbered_lines(30, {{20, "TWENTY"}}));
    add("1.patch", one_line_patch("d", 20, "twenty"));
    add("2.patch", one_line_patch("d", 25, "x"));
    Resolutions resolutions{
        {"1.patch", {{"d", FileState{numbered_lines(30, {{20, "TWENTY twenty"}}), false, false}}}}};
    options.resolutions = &resolutions;
    auto result = rebase();
    ASSERT_TRUE(result.ok()) << result.error().message;
    EXPECT_FALSE(result->first_conflict);
    EXPECT_EQ(result->patches[0].outcome, RebaseOutcome::resolved);
    EXPECT_TRUE(carried(RebaseOutcome::resolved));
    ASSERT_TRUE(result->patches[0].new_text);
    EXPECT_EQ(*result->patches[0].new_text,
              "--- a/d\n+++ b/d\n@@ -17,7 +17,7 @@\n 17\n 18\n 19\n-TWENTY\n+TWENTY twenty\n 21\n"
              " 22\n 23\n");
    EXPECT_EQ(result->patches[1].outcome, RebaseOutcome::applies);
    ASSERT_EQ(result->steps.size(), 2u);
    EXPECT_EQ(result->steps[1].changes.at("d")->content.view(),
              numbered_lines(30, {{20, "TWENTY twenty"}, {25, "x"}}));
}

TEST_F(SeriesCarry, AResolutionThatKeepsUpstreamLeavesThePatchUpstream) {
    old_upstream.file("d", numbered_lines(30));
    new_upstream.file("d", numbered_lines(30, {{20, "TWENTY"}}));
    add("1.patch", one_line_patch("d", 20, "twenty"));
    Resolutions resolutions{
        {"1.patch", {{"d", FileState{numbered_lines(30, {{20, "TWENTY"}}), false, false}}}}};
    options.resolutions = &resolutions;
    auto result = rebase();
    ASSERT_TRUE(result.ok());
    EXPECT_EQ(result->patches[0].outcome, RebaseOutcome::already_upstream);
    EXPECT_TRUE(result->steps.empty());
}

// Upstream deleted the file the patch changes: no markers can say that; the person is told.
TEST_F(SeriesCarry, AConflictWithoutMarkersIsSaid) {
    old_upstream.file("d", numbered_lines(30));
    new_upstream.file("e", numbered_lines(30));
    add("1.patch", one_line_patch("d", 20, "twenty"));
    auto result = rebase();
    ASSERT_TRUE(result.ok()) << result.error().message;
    EXPECT_EQ(result->patches[0].outcome, RebaseOutcome::conflict);
    EXPECT_EQ(result->patches[0].unmarked, std::vector<std::string>{"d"});
    EXPECT_FALSE(result->patches[0].attempt.at("d").has_value()) << "the new upstream's side";
}

// Upstream deleted the list the patch adds a test to, and lists the test in the file beside it.
TEST_F(SeriesCarry, AChangeToADeletedFileFoundBesideItIsUpstream) {
    old_upstream.file("t/Makefile.inc", "TESTS = test480 \\\n test481\n");
    old_upstream.file("t/Makefile.am", "include Makefile.inc\n");
    new_upstream.file("t/Makefile.am", "TESTS = test480 test481 test486\n");
    add("1.patch",
        "--- a/t/Makefile.inc\n+++ b/t/Makefile.inc\n@@ -1,2 +1,3 @@\n TESTS = test480 \\\n"
        "+ test486 \\\n  test481\n");
    auto result = rebase();
    ASSERT_TRUE(result.ok()) << result.error().message;
    EXPECT_EQ(result->patches[0].outcome, RebaseOutcome::already_upstream);
    EXPECT_EQ(result->patches[0].share.upstream, 1);
}

TEST_F(SeriesCarry, AChangeToADeletedFileMissingBesideItIsAConflict) {
    old_upstream.file("t/Makefile.inc", "TESTS = test480 \\\n test481\n");
    new_upstream.file("t/Makefile.am", "TESTS = test480 test481 test487\n");
    add("1.patch",
        "--- a/t/Makefile.inc\n+++ b/t/Makefile.inc\n@@ -1,2 +1,3 @@\n TESTS = test480 \\\n"
        "+ test486 \\\n  test481\n");
    auto result = rebase();
    ASSERT_TRUE(result.ok()) << result.error().message;
    EXPECT_EQ(result->patches[0].outcome, RebaseOutcome::conflict);
}

// Two hunks: line 5 gains a length check, line 20 calls the checked helper.
std::string two_hunk_fix() {
    return "--- a/f\n+++ b/f\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+check_length(buffer_size)\n 6\n"
           " 7\n 8\n@@ -17,7 +17,7 @@\n 17\n 18\n 19\n-20\n+call_helper_checked(x, limit_value)\n"
           " 21\n 22\n 23\n";
}

TEST_F(SeriesCarry, AFixUpstreamRewroteIsUpstreamByItsNames) {
    old_upstream.file("f", numbered_lines(30));
    new_upstream.file("f",
                      numbered_lines(30, {{5, "check_length(buffer_size)"},
                                          {20, "ret = call_helper_checked(limit_value, x);"}}));
    add("1.patch", two_hunk_fix());
    auto result = rebase();
    ASSERT_TRUE(result.ok()) << result.error().message;
    const auto& patch = result->patches[0];
    EXPECT_EQ(patch.outcome, RebaseOutcome::already_upstream);
    EXPECT_TRUE(patch.upstream_by_names);
    EXPECT_EQ(patch.share.upstream, 1) << "the length check, as written";
    EXPECT_EQ(patch.share.left, std::vector<std::string>{"f:20"}) << "upstream's own words";
    EXPECT_EQ(patch.names.introduced, 4);
    EXPECT_EQ(patch.names.present, 4);
    EXPECT_TRUE(result->steps.empty()) << "nothing carried";
}

TEST_F(SeriesCarry, AFixWhoseNamesUpstreamLacksStaysAConflict) {
    old_upstream.file("f", numbered_lines(30));
    new_upstream.file(
        "f", numbered_lines(30, {{5, "check_length(buffer_size)"}, {20, "ret = call_helper(x);"}}));
    add("1.patch", two_hunk_fix());
    auto result = rebase();
    ASSERT_TRUE(result.ok()) << result.error().message;
    const auto& patch = result->patches[0];
    EXPECT_EQ(patch.outcome, RebaseOutcome::conflict)
        << "the length check is upstream, the checked call is not: 2 of 4 names";
    EXPECT_FALSE(patch.upstream_by_names);
    EXPECT_EQ(patch.names.present, 2);
}

TEST_F(SeriesCarry, AFixUpstreamTookWhereTheFileOfTheRestIsDeletedIsUpstream) {
    old_upstream.file("f", numbered_lines(30));
    old_upstream.file("g", numbered_lines(30));
    new_upstream.file("f",
                      numbered_lines(30, {{4, "4 (upstream)"}, {5, "check_length(buffer_size)"}}));
    add("1.patch", one_line_patch("f", 5, "check_length(buffer_size)") +
                       one_line_patch("g", 5, "release_buffer(pool)"));
    auto result = rebase();
    ASSERT_TRUE(result.ok()) << result.error().message;
    const auto& patch = result->patches[0];
    EXPECT_EQ(patch.outcome, RebaseOutcome::already_upstream) << "g is gone upstream";
    EXPECT_EQ(patch.share.upstream, 1);
    EXPECT_EQ(patch.conflicts, std::vector<std::string>{"g"});
}

TEST_F(SeriesCarry, AFixUpstreamDidNotTakeIsAConflictWhereTheFileIsDeleted) {
    old_upstream.file("f", numbered_lines(30));
    old_upstream.file("g", numbered_lines(30));
    new_upstream.file("f", numbered_lines(30, {{4, "4 (upstream)"}, {5, "check_size(len)"}}));
    add("1.patch", one_line_patch("f", 5, "check_length(buffer_size)") +
                       one_line_patch("g", 5, "release_buffer(pool)"));
    auto result = rebase();
    ASSERT_TRUE(result.ok()) << result.error().message;
    EXPECT_EQ(result->patches[0].outcome, RebaseOutcome::conflict);
}

// openssh's kex table went from kex.c to kex-names.c: the patch's entry is there, as written.
const char* const kKexEntry = "  { KEX_NEW_ALGORITHM, KEX_KEM_NEW, 0, SSH_DIGEST_SHA512 },";

const std::map<int, std::string> kTableMoved = {
    {8, "/* the table */"}, {9, "/* went */"}, {10, "/* to */"},   {11, "/* names.c */"},
    {12, "/* and */"},      {13, "/* is */"},  {14, "/* there */"}};

std::string kex_entry_patch() {
    return std::string("--- a/k/kex.c\n+++ b/k/kex.c\n@@ -9,6 +9,7 @@\n 9\n 10\n 11\n+") +
           kKexEntry + "\n 12\n 13\n 14\n";
}

TEST_F(SeriesCarry, AHunkUpstreamWroteIntoAnotherFileOfTheFolderIsUpstream) {
    old_upstream.file("k/kex.c", numbered_lines(30));
    old_upstream.file("k/names.c", "table\n");
    new_upstream.file("k/kex.c", numbered_lines(30, kTableMoved));
    new_upstream.file("k/names.c", std::string("table\n") + kKexEntry + "\n");
    add("1.patch", kex_entry_patch());
    auto result = rebase();
    ASSERT_TRUE(result.ok()) << result.error().message;
    EXPECT_EQ(result->patches[0].outcome, RebaseOutcome::already_upstream);
    EXPECT_EQ(result->patches[0].share.upstream, 1);
}

TEST_F(SeriesCarry, AHunkNoOtherFileGainedIsLeftToAPerson) {
    old_upstream.file("k/kex.c", numbered_lines(30));
    old_upstream.file("k/names.c", std::string("table\n") + kKexEntry + "\n");
    new_upstream.file("k/kex.c", numbered_lines(30, kTableMoved));
    new_upstream.file("k/names.c", std::string("table\n") + kKexEntry + "\n");
    add("1.patch", kex_entry_patch());
    auto result = rebase();
    ASSERT_TRUE(result.ok()) << result.error().message;
    EXPECT_EQ(result->patches[0].outcome, RebaseOutcome::conflict)
        << "names.c had the line before: upstream did not move it there";
}

}  // namespace
}  // namespace patchbay
