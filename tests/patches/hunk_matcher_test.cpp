// locate_hunk on hand-made patterns. Expected places were worked out by hand from GNU patch
// 2.7.6's locate_hunk and confirmed once with `patch` on the same file and hunk.

#include "patches/hunk_matcher.hpp"

#include <gtest/gtest.h>

#include "common/text_lines.hpp"
#include "tests/patches/hunk_builder.hpp"

namespace patchbay {
namespace {

using test_support::make_hunk;

struct Located {
    std::int64_t where = 0;
    MatchState state;
};

Located locate(std::string_view text, const Hunk& hunk, std::int64_t fuzz, MatchState state = {}) {
    const auto input = split_lines(text);
    const auto where = locate_hunk(input, pattern_of(hunk), fuzz, state);
    return {where, state};
}

TEST(PatternOf, TakesTheOldSideAndItsAnchors) {
    const Hunk hunk = make_hunk(4, 4, {" a\n", "-b\n", "+B\n", " c\n", " d\n"});
    const HunkPattern pattern = pattern_of(hunk);
    EXPECT_EQ(pattern.lines, (std::vector<std::string_view>{"a\n", "b\n", "c\n", "d\n"}));
    EXPECT_EQ(pattern.first, 4);
    EXPECT_EQ(pattern.prefix_context, 1);
    EXPECT_EQ(pattern.suffix_context, 2);
    EXPECT_EQ(useful_fuzz(pattern, 3), 2);
    EXPECT_EQ(useful_fuzz(pattern, 1), 1);
}

TEST(PatternOf, EmptyOldSideAppendsAfterItsStart) {  // "@@ -3,0 +4 @@" goes after line 3
    EXPECT_EQ(pattern_of(make_hunk(3, 4, {"+x\n"})).first, 4);
}

// The pattern of the hunk turned round, without copying the hunk: the same as turning it round.
TEST(ReversedPatternOf, IsThePatternOfTheReversedHunk) {
    const std::vector<Hunk> hunks = {
        make_hunk(4, 4, {" a\n", "-b\n", "+B\n", " c\n", " d\n"}),
        make_hunk(1, 1, {"-a\n", "+A\n", "-b\n", "+B\n", "+C\n", " x\n", "-y\n"}),
        make_hunk(3, 4, {"+x\n"}),
        make_hunk(5, 4, {"-gone\n"}),
    };
    for (const Hunk& hunk : hunks) {
        const Hunk swapped = reversed(hunk);
        const HunkPattern expected = pattern_of(swapped);
        const HunkPattern pattern = reversed_pattern_of(hunk);
        EXPECT_EQ(pattern.lines, expected.lines);
        EXPECT_EQ(pattern.first, expected.first);
        EXPECT_EQ(pattern.prefix_context, expected.prefix_context);
        EXPECT_EQ(pattern.suffix_context, expected.suffix_context);
    }
}

TEST(LocateHunk, ExactPlaceLeavesOffsetAlone) {
    const auto found = locate("a\nb\nc\nd\n", make_hunk(2, 2, {" b\n", "-c\n", " d\n"}), 0);
    EXPECT_EQ(found.where, 2);
    EXPECT_EQ(found.state.in_offset, 0);
}

TEST(LocateHunk, OffsetsAddToTheRunningOffset) {
    MatchState state;
    state.in_offset = 3;  // earlier hunks were found 3 lines down
    // first guess 2 + 3 = 5; the pattern is at 7: offset +2, in_offset 5
    const auto found =
        locate("x\nx\nx\nx\nx\nx\nb\nc\nd\n", make_hunk(2, 2, {" b\n", "-c\n", " d\n"}), 0, state);
    EXPECT_EQ(found.where, 7);
    EXPECT_EQ(found.state.in_offset, 5);
}

TEST(LocateHunk, ForwardWinsATie) {
    const auto found = locate("z\nk\nq\nk\nq\nz\n", make_hunk(3, 3, {"-k\n", "-q\n"}), 0);
    EXPECT_EQ(found.where, 4);
    EXPECT_EQ(found.state.in_offset, 1);
}

TEST(LocateHunk, FuzzIgnoresOuterContextOnly) {
    const Hunk hunk = make_hunk(2, 2, {" b\n", "-c\n", " d\n"});
    EXPECT_EQ(locate("a\nB\nc\nd\n", hunk, 0).where, 0);
    EXPECT_EQ(locate("a\nB\nc\nd\n", hunk, 1).where, 2);
    EXPECT_EQ(locate("a\nb\nC\nd\n", hunk, 1).where, 0);  // the change line must match
}

TEST(LocateHunk, NoLeadingContextMeansStartOfFile) {
    const Hunk hunk = make_hunk(1, 1, {"-a\n", " b\n"});
    EXPECT_EQ(locate("a\nb\nc\n", hunk, 0).where, 1);
    EXPECT_EQ(locate("x\na\nb\n", hunk, 0).where, 0);
    EXPECT_EQ(locate("x\na\nb\n", hunk, 1).where, 2);  // fuzz 1 drops the anchor
}

TEST(LocateHunk, NoTrailingContextMeansEndOfFile) {
    const Hunk hunk = make_hunk(2, 2, {" b\n", "+c\n"});
    EXPECT_EQ(locate("a\nb\n", hunk, 0).where, 2);
    EXPECT_EQ(locate("a\nb\nz\n", hunk, 0).where, 0);
}

TEST(LocateHunk, EmptyPatternAlwaysMatchesAtItsFirstGuess) {
    MatchState state;
    state.in_offset = -1;
    EXPECT_EQ(locate("a\n", make_hunk(5, 5, {"+x\n"}), 0, state).where, 5);
}

TEST(LocateHunk, SearchesNoHigherThanTheLinesAHunkConsumed) {
    // After a hunk consumed line 2, "q" at line 2 is out of reach (GNU: "Hunk #2 FAILED at 7").
    MatchState state;
    state.last_frozen_line = 2;
    const auto found = locate("k\nq\na\nb\nC\nd\ne\nf\n", make_hunk(7, 7, {"-q\n"}), 0, state);
    EXPECT_EQ(found.where, 0);
    EXPECT_EQ(found.state.in_offset, 0);
}

TEST(LocateHunk, FirstGuessBelowTheConsumedLinesStillTriesItself) {
    // GNU 2.7.6 quirk: with the first guess at or above the last consumed line, the search
    // starts at negative offsets and the "forward" probes reach the first guess itself. Hunk #1
    // "-b" at 2 consumed line 2; hunk #2 " b -c +C  d" at 2 is found at 2 (GNU: "Hunk #2
    // succeeded at 1.", i.e. 2 plus the -1 line of hunk #1).
    MatchState state;
    state.last_frozen_line = 2;
    const auto found =
        locate("a\nb\nc\nd\ne\n", make_hunk(2, 1, {" b\n", "-c\n", "+C\n", " d\n"}), 0, state);
    EXPECT_EQ(found.where, 2);
    EXPECT_EQ(found.state.in_offset, 0);
}

TEST(LocateHunk, FullyFuzzedPatternBeforeTheWindowLandsNoHigherThanLine1) {
    // Found by fuzzing (tests/fuzz/corpus/hunk_matcher/regression-doubling-offset-hang): " a +x
    // b" at fuzz 1 ignores both its lines, so it "matches" anywhere. With the first guess -7
    // before the window (min_where 6), GNU 2.7.6 probes from offset -13, i.e. line -20, and
    // in_offset fell to -23; every further hunk doubled that until the search ran for hours.
    // Here the first probe is line 1: offset +8.
    MatchState state;
    state.last_frozen_line = 5;
    state.in_offset = -10;
    const auto found = locate("a\nb\nc\n", make_hunk(3, 3, {" a\n", "+x\n", " b\n"}), 1, state);
    EXPECT_EQ(found.where, 1);
    EXPECT_EQ(found.state.in_offset, -2);
}

}  // namespace
}  // namespace patchbay
