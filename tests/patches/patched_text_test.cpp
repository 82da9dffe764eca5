#include "patches/patched_text.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(PatchedText, WithoutExpectationItBuilds) {
    PatchedText text("", false, 16);
    text.append("a\n");
    text.append("b\n");
    EXPECT_FALSE(text.is_expected());
    EXPECT_EQ(text.take(), "a\nb\n");
}

TEST(PatchedText, MatchingTheExpectationBuildsNothing) {
    PatchedText text("a\nb\n", true, 0);
    text.append("a\n");
    text.append("b\n");
    EXPECT_TRUE(text.is_expected());
    EXPECT_EQ(text.take(), "");
}

TEST(PatchedText, DepartingCopiesWhatMatchedSoFar) {
    PatchedText text("a\nb\nc\n", true, 0);
    text.append("a\n");
    text.append("X\n");
    text.append("c\n");
    EXPECT_FALSE(text.is_expected());
    EXPECT_EQ(text.take(), "a\nX\nc\n");
}

TEST(PatchedText, APrefixOrALongerTextIsNotTheExpectation) {
    PatchedText shorter("a\nb\n", true, 0);
    shorter.append("a\n");
    EXPECT_FALSE(shorter.is_expected());
    EXPECT_EQ(shorter.take(), "a\n");
    PatchedText longer("a\n", true, 0);
    longer.append("a\n");
    longer.append("b\n");
    EXPECT_FALSE(longer.is_expected());
    EXPECT_EQ(longer.take(), "a\nb\n");
}

TEST(PatchedText, RestoringAMarkForgetsWhatCameAfter) {
    PatchedText text("a\nb\nc\n", true, 0);
    text.append("a\n");
    const auto mark = text.mark();
    text.append("WRONG\n");  // departs
    text.restore(mark);
    text.append("b\n");
    text.append("c\n");
    EXPECT_TRUE(text.is_expected());

    PatchedText built("", false, 0);
    built.append("x\n");
    const auto built_mark = built.mark();
    built.append("y\n");
    built.restore(built_mark);
    EXPECT_EQ(built.take(), "x\n");
}

}  // namespace
}  // namespace patchbay
