#include "rebase/conflict_markers.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(ConflictMarkers, FindsEachMarkerLineWithItsNumber) {
    std::string text =
        "a\n<<<<<<< v2\nours\n||||||| v1\nbase\n=======\ntheirs\n>>>>>>> 0001-x.patch\nz\n";
    auto found = leftover_markers(text, {});
    ASSERT_EQ(found.size(), 4u);
    EXPECT_EQ(found[0].line, 2);
    EXPECT_EQ(found[0].text, "<<<<<<< v2");
    EXPECT_EQ(found[1].line, 4);
    EXPECT_EQ(found[2].line, 6);
    EXPECT_EQ(found[3].line, 8);
    EXPECT_EQ(found[3].text, ">>>>>>> 0001-x.patch");
}

TEST(ConflictMarkers, ResolvedTextHasNone) {
    EXPECT_TRUE(leftover_markers("a\nours\nz\n", {}).empty());
}

TEST(ConflictMarkers, LinesThatOnlyLookAlikeAreNotMarkers) {
    // Eight signs, a sign followed by text, a shorter run: not what git writes.
    EXPECT_TRUE(leftover_markers("<<<<<<<<\n=======x\n>>>>>>\n|||||| a\n", {}).empty());
}

TEST(ConflictMarkers, CrlfAndUnterminatedLinesAreMarkersToo) {
    auto found = leftover_markers("x\r\n=======\r\n>>>>>>>", {});
    ASSERT_EQ(found.size(), 2u);
    EXPECT_EQ(found[0].line, 2);
    EXPECT_EQ(found[1].line, 3);
}

TEST(ConflictMarkers, TheFilesOwnHeadingIsNotALeftover) {
    std::string upstream = "Title\n=======\n\ntext\n";
    auto found = leftover_markers("Title\n=======\n\nnew text\n<<<<<<< v2\n", {upstream});
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].line, 5);
}

}  // namespace
}  // namespace patchbay
