// apply_hunks on hand-made cases. Every expected value was written by hand and then confirmed
// once with GNU patch 2.7.6 (`patch -p1 --fuzz=F --verbose --forward`), whose report is quoted.

#include "patches/file_patcher.hpp"

#include <random>

#include <gtest/gtest.h>

#include "tests/patches/hunk_builder.hpp"
#include "tests/patches/random_patch_case.hpp"

namespace patchbay {
namespace {

using test_support::make_hunk;

// "l<from>\n" … "l<to>\n"
std::string numbered(int from, int to) {
    std::string text;
    for (int i = from; i <= to; ++i) text += "l" + std::to_string(i) + "\n";
    return text;
}

Hunk change_l5() {
    return make_hunk(4, 4, {" l4\n", "-l5\n", "+L5\n", " l6\n"});
}

FilePatchResult apply(std::string_view text, const std::vector<Hunk>& hunks, int fuzz = 0) {
    return apply_hunks(SharedText(std::string(text)), hunks, PatchOptions{fuzz, true});
}

void expect_outcome(const HunkOutcome& outcome, HunkStatus status, std::int64_t line,
                    std::int64_t offset, int fuzz) {
    EXPECT_EQ(outcome.status, status) << to_string(outcome.status);
    EXPECT_EQ(outcome.line, line);
    EXPECT_EQ(outcome.offset, offset);
    EXPECT_EQ(outcome.fuzz, fuzz);
}

TEST(ApplyHunks, ExactMatch) {  // "Hunk #1 succeeded at 4."
    const auto result = apply(numbered(1, 10), {change_l5()});
    expect_outcome(result.hunks.at(0), HunkStatus::exact, 4, 0, 0);
    EXPECT_EQ(result.hunks[0].n, 1);
    EXPECT_EQ(result.text, "l1\nl2\nl3\nl4\nL5\nl6\nl7\nl8\nl9\nl10\n");
}

TEST(ApplyHunks, PositiveOffset) {  // "Hunk #1 succeeded at 6 (offset 2 lines)."
    const auto result = apply("x1\nx2\n" + numbered(1, 10), {change_l5()});
    expect_outcome(result.hunks.at(0), HunkStatus::offset, 6, 2, 0);
    EXPECT_EQ(result.text, "x1\nx2\nl1\nl2\nl3\nl4\nL5\nl6\nl7\nl8\nl9\nl10\n");
}

TEST(ApplyHunks, NegativeOffset) {  // "Hunk #1 succeeded at 2 (offset -2 lines)."
    const auto result = apply(numbered(3, 10), {change_l5()});
    expect_outcome(result.hunks.at(0), HunkStatus::offset, 2, -2, 0);
    EXPECT_EQ(result.text, "l3\nl4\nL5\nl6\nl7\nl8\nl9\nl10\n");
}

TEST(ApplyHunks, ForwardWinsATie) {  // lines 2 and 4 both match; "succeeded at 4 (offset 1 line)"
    const auto result = apply("z\nk\nq\nk\nq\nz\n", {make_hunk(3, 3, {"-k\n", "-q\n", "+Q\n"})});
    expect_outcome(result.hunks.at(0), HunkStatus::offset, 4, 1, 0);
    EXPECT_EQ(result.text, "z\nk\nq\nQ\nz\n");
}

TEST(ApplyHunks, ExactFarAwayBeatsFuzzyNearby) {  // "succeeded at 10 (offset 8 lines)"
    const std::string text = "s\nX\nb\nc\nf5\nf6\nf7\nf8\nf9\na\nb\nc\ne\n";
    const auto result = apply(text, {make_hunk(2, 2, {" a\n", "-b\n", "+B\n", " c\n"})}, 1);
    expect_outcome(result.hunks.at(0), HunkStatus::offset, 10, 8, 0);
    EXPECT_EQ(result.text, "s\nX\nb\nc\nf5\nf6\nf7\nf8\nf9\na\nB\nc\ne\n");
}

const std::string kL3Changed = "l1\nl2\nzz\nl4\nl5\nl6\nl7\nl8\nl9\nl10\n";

TEST(ApplyHunks, FuzzOneIgnoresOuterContextLine) {  // "succeeded at 3 with fuzz 1."
    const auto result =
        apply(kL3Changed, {make_hunk(3, 3, {" l3\n", "-l4\n", "+L4\n", " l5\n"})}, 1);
    expect_outcome(result.hunks.at(0), HunkStatus::fuzz, 3, 0, 1);
    EXPECT_EQ(result.text, "l1\nl2\nzz\nL4\nl5\nl6\nl7\nl8\nl9\nl10\n");
}

TEST(ApplyHunks, FuzzOverTheLimitIsRejected) {  // --fuzz=0: "Hunk #1 FAILED at 3."
    const auto result =
        apply(kL3Changed, {make_hunk(3, 3, {" l3\n", "-l4\n", "+L4\n", " l5\n"})}, 0);
    expect_outcome(result.hunks.at(0), HunkStatus::rejected, 3, 0, 0);
    EXPECT_EQ(result.text, kL3Changed);
}

TEST(ApplyHunks, FuzzTwoIgnoresTwoContextLinesEachSide) {  // "succeeded at 2 with fuzz 2."
    const Hunk hunk = make_hunk(2, 2, {" l2\n", " l3\n", "-l4\n", "+L4\n", " l5\n", " l6\n"});
    const auto result = apply(kL3Changed, {hunk}, 2);
    expect_outcome(result.hunks.at(0), HunkStatus::fuzz, 2, 0, 2);
    EXPECT_EQ(result.text, "l1\nl2\nzz\nL4\nl5\nl6\nl7\nl8\nl9\nl10\n");
}

Hunk change_first_line() {
    return make_hunk(1, 1, {"-l1\n", "+L1\n", " l2\n", " l3\n"});
}

TEST(ApplyHunks, LessLeadingContextAnchorsAtStartOfFile) {
    // "Hunk #1 succeeded at 1." on the file as diffed; "FAILED at 1." once lines are put above,
    // although l1 l2 l3 is still in the file.
    EXPECT_EQ(apply(numbered(1, 10), {change_first_line()}).hunks.at(0).status, HunkStatus::exact);
    const auto result = apply("x1\nx2\n" + numbered(1, 10), {change_first_line()});
    expect_outcome(result.hunks.at(0), HunkStatus::rejected, 1, 0, 0);
}

Hunk append_l11() {
    return make_hunk(9, 9, {" l9\n", " l10\n", "+l11\n"});
}

TEST(ApplyHunks, LessTrailingContextAnchorsAtEndOfFile) {
    // "Hunk #1 succeeded at 9." on the file as diffed; "FAILED at 9." with lines after it.
    const auto appended = apply(numbered(1, 10), {append_l11()});
    expect_outcome(appended.hunks.at(0), HunkStatus::exact, 9, 0, 0);
    EXPECT_EQ(appended.text, numbered(1, 11));
    const auto result = apply(numbered(1, 10) + "y1\ny2\n", {append_l11()});
    expect_outcome(result.hunks.at(0), HunkStatus::rejected, 9, 0, 0);
}

TEST(ApplyHunks, OffsetIsCumulativeAndLineCountsEarlierHunks) {
    // "Hunk #1 succeeded at 5 (offset 3 lines)." "Hunk #2 succeeded at 14 (offset 5 lines)."
    const std::string text = "x1\nx2\nx3\n" + numbered(1, 5) + "y1\ny2\n" + numbered(6, 10);
    const auto result = apply(text, {make_hunk(2, 2, {" l2\n", "+N\n", " l3\n"}),
                                     make_hunk(8, 9, {" l8\n", "-l9\n", "+L9\n", " l10\n"})});
    expect_outcome(result.hunks.at(0), HunkStatus::offset, 5, 3, 0);
    expect_outcome(result.hunks.at(1), HunkStatus::offset, 14, 5, 0);
    EXPECT_EQ(result.text, "x1\nx2\nx3\nl1\nl2\nN\nl3\nl4\nl5\ny1\ny2\nl6\nl7\nl8\nL9\nl10\n");
}

const std::string kAboveText = "k\nq\na\nb\nc\nd\ne\nf\n";

TEST(ApplyHunks, NeverPlacesAHunkAboveAnEarlierOne) {
    // Alone, "-q +Q" lands at line 2 ("offset -5 lines"); after a hunk at line 4 it is
    // "Hunk #2 FAILED at 7."
    const Hunk late = make_hunk(7, 7, {"-q\n", "+Q\n"});
    expect_outcome(apply(kAboveText, {late}).hunks.at(0), HunkStatus::offset, 2, -5, 0);
    const auto result =
        apply(kAboveText, {make_hunk(4, 4, {" b\n", "-c\n", "+C\n", " d\n"}), late});
    expect_outcome(result.hunks.at(0), HunkStatus::exact, 4, 0, 0);
    expect_outcome(result.hunks.at(1), HunkStatus::rejected, 7, 0, 0);
    EXPECT_EQ(result.text, "k\nq\na\nb\nC\nd\ne\nf\n");
}

TEST(ApplyHunks, AppendsAtEndOfFileWithoutContext) {  // "@@ -3,0 +4 @@": "succeeded at 4."
    const auto result = apply(numbered(1, 3), {make_hunk(3, 4, {"+l4\n"})});
    expect_outcome(result.hunks.at(0), HunkStatus::exact, 4, 0, 0);
    EXPECT_EQ(result.text, numbered(1, 4));
}

TEST(ApplyHunks, AddsTheMissingFinalNewline) {  // "succeeded at 1."
    const auto result = apply("a\nb", {make_hunk(1, 1, {" a\n", "-b", "+b\n"})});
    EXPECT_EQ(result.hunks.at(0).status, HunkStatus::exact);
    EXPECT_EQ(result.text, "a\nb\n");
}

TEST(ApplyHunks, RemovesTheFinalNewline) {  // "succeeded at 1."
    const auto result = apply("a\nb\n", {make_hunk(1, 1, {" a\n", "-b\n", "+b"})});
    EXPECT_EQ(result.hunks.at(0).status, HunkStatus::exact);
    EXPECT_EQ(result.text, "a\nb");
}

TEST(ApplyHunks, UnterminatedPatternLineOnlyMatchesUnterminatedLine) {  // "FAILED at 1."
    const auto result = apply("a\nb\n", {make_hunk(1, 1, {" a\n", "-b", "+c\n"})});
    expect_outcome(result.hunks.at(0), HunkStatus::rejected, 1, 0, 0);
    EXPECT_EQ(result.text, "a\nb\n");
}

TEST(ApplyHunks, NewlineGoesBeforeLinesAddedAfterAnUnterminatedLine) {
    // GNU writes "\n" after the copied unterminated "b" before the added line: "a\nb\nc\n".
    const auto context = apply("a\nb", {make_hunk(1, 1, {" a\n", " b", "+c\n"})});
    EXPECT_EQ(context.hunks.at(0).status, HunkStatus::exact);
    EXPECT_EQ(context.text, "a\nb\nc\n");
    const auto no_context = apply("a\nb", {make_hunk(2, 3, {"+c\n"})});  // "@@ -2,0 +3 @@"
    expect_outcome(no_context.hunks.at(0), HunkStatus::exact, 3, 0, 0);
    EXPECT_EQ(no_context.text, "a\nb\nc\n");
}

TEST(ApplyHunks, FillsAnEmptyFile) {  // "@@ -0,0 +1,2 @@": "succeeded at 1."
    const auto result = apply("", {make_hunk(0, 1, {"+a\n", "+b\n"})});
    expect_outcome(result.hunks.at(0), HunkStatus::exact, 1, 0, 0);
    EXPECT_EQ(result.text, "a\nb\n");
}

const std::string kL5Patched = "l1\nl2\nl3\nl4\nL5\nl6\nl7\nl8\nl9\nl10\n";

TEST(ApplyHunks, ReversedMatchIsAlreadyApplied) {
    // GNU: "Reversed (or previously applied) patch detected!  Skipping patch." for hunk #1.
    const auto result = apply(kL5Patched, {change_l5()});
    expect_outcome(result.hunks.at(0), HunkStatus::already_applied, 4, 0, 0);
    EXPECT_EQ(result.text, kL5Patched);
}

TEST(ApplyHunks, ReversedDetectionCanBeTurnedOff) {
    const auto result = apply_hunks(kL5Patched, {change_l5()}, PatchOptions{0, false});
    expect_outcome(result.hunks.at(0), HunkStatus::rejected, 4, 0, 0);
    EXPECT_EQ(result.text, kL5Patched);
}

TEST(ApplyHunks, AlreadyAppliedLaterHunkDoesNotStopTheOthers) {
    // GNU: "Hunk #1 succeeded at 1." "Hunk #2 FAILED at 4." (it checks hunk #1 only); we
    // report hunk #2 as already applied at the same line.
    const auto result =
        apply(kL5Patched, {make_hunk(1, 1, {" l1\n", "-l2\n", "+L2\n", " l3\n"}), change_l5()});
    expect_outcome(result.hunks.at(0), HunkStatus::exact, 1, 0, 0);
    expect_outcome(result.hunks.at(1), HunkStatus::already_applied, 4, 0, 0);
    EXPECT_EQ(result.text, "l1\nL2\nl3\nl4\nL5\nl6\nl7\nl8\nl9\nl10\n");
}

TEST(ApplyHunks, RejectedHunkLetsTheNextOneApply) {  // "#1 FAILED at 2." "#2 succeeded at 7."
    const auto result =
        apply(numbered(1, 10), {make_hunk(2, 2, {" q1\n", "-q2\n", "+Q2\n", " q3\n"}),
                                make_hunk(7, 7, {" l7\n", "-l8\n", "+L8\n", " l9\n"})});
    expect_outcome(result.hunks.at(0), HunkStatus::rejected, 2, 0, 0);
    expect_outcome(result.hunks.at(1), HunkStatus::exact, 7, 0, 0);
    EXPECT_EQ(result.hunks[1].n, 2);
    EXPECT_EQ(result.text, "l1\nl2\nl3\nl4\nl5\nl6\nl7\nL8\nl9\nl10\n");
}

TEST(HunkStatusNames, AreTheReportWords) {
    EXPECT_STREQ(to_string(HunkStatus::already_applied), "already-applied");
    EXPECT_STREQ(to_string(HunkStatus::fuzz), "fuzz");
}

// Giving the text expected back changes nothing but whether it is copied: over random cases,
// an expectation equal to the result, one byte off, a prefix of it or longer than it.
TEST(ApplyHunks, AnExpectedTextNeverChangesTheResult) {
    test_support::RandomPatchCaseMaker maker(4242);
    for (int i = 0; i < 500; ++i) {
        const auto test_case = maker.make();
        const PatchOptions options{test_case.fuzz, true};
        const auto plain = apply_hunks(test_case.target, test_case.hunks, options);
        const auto same = apply_hunks(test_case.target, test_case.hunks, options, &plain.text);
        EXPECT_TRUE(same.is_expected) << i;
        EXPECT_EQ(same.text, "") << i;
        ASSERT_EQ(same.hunks.size(), plain.hunks.size());
        for (std::size_t h = 0; h < plain.hunks.size(); ++h) {
            EXPECT_EQ(same.hunks[h].status, plain.hunks[h].status) << i;
            EXPECT_EQ(same.hunks[h].line, plain.hunks[h].line) << i;
        }
        std::string off_by_one = plain.text.str();
        if (!off_by_one.empty()) off_by_one[off_by_one.size() / 2] ^= 1;
        for (const std::string& expected :
             {off_by_one, plain.text.str().substr(0, plain.text.size() / 2),
              plain.text.str() + "tail\n"}) {
            if (expected == plain.text) continue;
            const SharedText expected_text(expected);
            const auto other =
                apply_hunks(test_case.target, test_case.hunks, options, &expected_text);
            EXPECT_FALSE(other.is_expected) << i;
            EXPECT_EQ(other.text, plain.text) << i;
        }
    }
}

// `text` cut into pieces at random places: at line ends only when `whole_lines`.
SharedText cut_at_random(const std::string& text, std::mt19937& random, bool whole_lines) {
    auto owner = std::make_shared<const std::string>(text);
    std::vector<std::string_view> pieces;
    std::string_view rest = *owner;
    while (!rest.empty()) {
        std::size_t size = std::uniform_int_distribution<std::size_t>(1, rest.size())(random);
        const auto line_end = rest.find('\n', size - 1);
        if (whole_lines) size = line_end == std::string_view::npos ? rest.size() : line_end + 1;
        pieces.push_back(rest.substr(0, size));
        rest.remove_prefix(size);
    }
    return SharedText::spliced(std::move(pieces), {owner});
}

// A patched text comes in pieces (patches/patched_text.hpp) and is patched again without
// being joined: over random cases, the input and the expectation cut anywhere give the result
// and the outcomes of the whole texts.
TEST(ApplyHunks, TextsInPiecesGiveTheResultOfTheWholeTexts) {
    test_support::RandomPatchCaseMaker maker(777);
    std::mt19937 random(99);
    for (int i = 0; i < 500; ++i) {
        const auto test_case = maker.make();
        const PatchOptions options{test_case.fuzz, true};
        const auto plain = apply_hunks(test_case.target, test_case.hunks, options);
        const bool whole_lines = i % 2 == 0;
        const auto cut = cut_at_random(test_case.target, random, whole_lines);
        const auto in_pieces = apply_hunks(cut, test_case.hunks, options);
        EXPECT_EQ(in_pieces.text, plain.text.str()) << i;
        ASSERT_EQ(in_pieces.hunks.size(), plain.hunks.size());
        for (std::size_t h = 0; h < plain.hunks.size(); ++h) {
            EXPECT_EQ(in_pieces.hunks[h].status, plain.hunks[h].status) << i;
            EXPECT_EQ(in_pieces.hunks[h].line, plain.hunks[h].line) << i;
        }
        const auto expected = cut_at_random(plain.text.str(), random, whole_lines);
        const auto against_pieces = apply_hunks(cut, test_case.hunks, options, &expected);
        EXPECT_TRUE(against_pieces.is_expected) << i;
    }
}

TEST(ApplyHunks, TheResultViewsTheLinesItKeptInsteadOfCopyingThem) {
    const SharedText original(numbered(1, 10));
    const auto once = apply_hunks(original, {change_l5()}, PatchOptions{0, true});
    ASSERT_EQ(once.text, "l1\nl2\nl3\nl4\nL5\nl6\nl7\nl8\nl9\nl10\n");
    const auto pieces = once.text.pieces();
    ASSERT_EQ(pieces.size(), 3u);
    EXPECT_EQ(pieces[0].data(), original.data());              // l1..l4
    EXPECT_EQ(pieces[2].data(), original.data() + 3 * 4 + 3);  // l6..l10, after "l5\n"
    const auto twice = apply_hunks(
        once.text, {make_hunk(8, 8, {" l8\n", "-l9\n", "+L9\n", " l10\n"})}, PatchOptions{0, true});
    EXPECT_EQ(twice.text, "l1\nl2\nl3\nl4\nL5\nl6\nl7\nl8\nL9\nl10\n");
    EXPECT_EQ(twice.text.pieces().front().data(), original.data());
}

// GNU patch writes a "\n" after an unterminated last line that a hunk appends to: that line
// and its "\n" come from two places, and still land in one piece.
TEST(ApplyHunks, AnUnterminatedLineMendedByAHunkStaysOneLine) {
    const SharedText original(std::string("a\nb"));
    const auto result =
        apply_hunks(original, {make_hunk(1, 1, {" a\n", " b", "+c\n"})}, PatchOptions{0, true});
    EXPECT_EQ(result.text, "a\nb\nc\n");
    for (std::size_t i = 0; i + 1 < result.text.pieces().size(); ++i)
        EXPECT_TRUE(result.text.pieces()[i].ends_with('\n')) << i;
}

}  // namespace
}  // namespace patchbay
