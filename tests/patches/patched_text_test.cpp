#include "patches/patched_text.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

const SharedText kNoSource;

TEST(PatchedText, WithoutExpectationItBuilds) {
    PatchedText text(kNoSource, nullptr);
    text.append_copy("a\n");
    text.append_copy("b\n");
    EXPECT_FALSE(text.is_expected());
    EXPECT_EQ(text.take(), "a\nb\n");
}

TEST(PatchedText, MatchingTheExpectationBuildsNothing) {
    const SharedText expected("a\nb\n");
    PatchedText text(kNoSource, &expected);
    text.append_copy("a\n");
    text.append_copy("b\n");
    EXPECT_TRUE(text.is_expected());
    EXPECT_EQ(text.take(), "");
}

TEST(PatchedText, DepartingKeepsWhatMatchedSoFar) {
    const SharedText expected("a\nb\nc\n");
    PatchedText text(kNoSource, &expected);
    text.append_copy("a\n");
    text.append_copy("X\n");
    text.append_copy("c\n");
    EXPECT_FALSE(text.is_expected());
    const auto taken = text.take();
    EXPECT_EQ(taken, "a\nX\nc\n");
    EXPECT_EQ(taken.pieces().front().data(), expected.data());  // "a\n", not copied
}

TEST(PatchedText, APrefixOrALongerTextIsNotTheExpectation) {
    const SharedText two("a\nb\n");
    PatchedText shorter(kNoSource, &two);
    shorter.append_copy("a\n");
    EXPECT_FALSE(shorter.is_expected());
    EXPECT_EQ(shorter.take(), "a\n");
    const SharedText one("a\n");
    PatchedText longer(kNoSource, &one);
    longer.append_copy("a\n");
    longer.append_copy("b\n");
    EXPECT_FALSE(longer.is_expected());
    EXPECT_EQ(longer.take(), "a\nb\n");
}

TEST(PatchedText, RestoringAMarkForgetsWhatCameAfter) {
    const SharedText expected("a\nb\nc\n");
    PatchedText text(kNoSource, &expected);
    text.append_copy("a\n");
    const auto mark = text.mark();
    text.append_copy("WRONG\n");  // departs
    text.restore(mark);
    text.append_copy("b\n");
    text.append_copy("c\n");
    EXPECT_TRUE(text.is_expected());

    PatchedText built(kNoSource, nullptr);
    built.append_copy("x\n");
    const auto built_mark = built.mark();
    built.append_copy("y\nzz\n");
    built.restore(built_mark);
    EXPECT_EQ(built.take(), "x\n");
}

// Pieces of the source are kept by reference, consecutive ones as one piece.
TEST(PatchedText, KeepsTheSourceByReference) {
    const SharedText source("one\ntwo\nthree\n");
    const std::string_view bytes = source.view();
    PatchedText text(source, nullptr);
    text.append(bytes.substr(0, 4));
    text.append(bytes.substr(4, 4));
    text.append_copy("new\n");
    text.append(bytes.substr(8));
    const auto taken = text.take();
    EXPECT_EQ(taken, "one\ntwo\nnew\nthree\n");
    ASSERT_EQ(taken.pieces().size(), 3u);
    EXPECT_EQ(taken.pieces()[0], "one\ntwo\n");
    EXPECT_EQ(taken.pieces()[0].data(), source.data());
    EXPECT_EQ(taken.pieces()[2].data(), source.data() + 8);
}

// A line is never cut between pieces: an open line and what closes it are copied together.
TEST(PatchedText, AnOpenLineAndWhatClosesItBecomeOnePiece) {
    const SharedText source("a\nb");
    PatchedText text(source, nullptr);
    text.append(source.view());
    text.append_copy("\n");
    text.append_copy("c\n");
    const auto taken = text.take();
    EXPECT_EQ(taken, "a\nb\nc\n");
    for (std::size_t i = 0; i + 1 < taken.pieces().size(); ++i)
        EXPECT_TRUE(taken.pieces()[i].ends_with('\n')) << i;
    EXPECT_EQ(taken.pieces()[0], "a\n");
}

// The expected text may itself be in pieces: matching runs across them.
TEST(PatchedText, FollowsAnExpectationInPieces) {
    auto owner = std::make_shared<const std::string>("a\nb\nc\nd\n");
    const std::string_view all = *owner;
    const auto expected =
        SharedText::spliced({all.substr(0, 2), all.substr(2, 4), all.substr(6)}, {owner});
    PatchedText text(kNoSource, &expected);
    text.append_copy("a\nb\n");  // across the first two pieces
    text.append_copy("c\nd\n");  // across the last two
    EXPECT_TRUE(text.is_expected());

    PatchedText departs(kNoSource, &expected);
    departs.append_copy("a\nb\n");
    departs.append_copy("X\n");
    EXPECT_EQ(departs.take(), "a\nb\nX\n");
}

}  // namespace
}  // namespace patchbay
