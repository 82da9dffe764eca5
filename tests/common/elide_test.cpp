#include "common/elide.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(Elide, KeepsAValueUpToTheLimitWhole) {
    EXPECT_EQ(elide(""), "");
    EXPECT_EQ(elide("0001-fix.patch"), "0001-fix.patch");
    const std::string at_limit(kElideLimit, 'x');
    EXPECT_EQ(elide(at_limit), at_limit);
}

TEST(Elide, ShowsTheEndsAndTheSizeOfALongerOne) {
    const std::string name = "abc" + std::string(104857600 - 6, '@') + "xyz";
    const auto shown = elide(name);
    EXPECT_EQ(shown, "abc" + std::string(77, '@') + "…(104,857,600 bytes)…" + std::string(77, '@') +
                         "xyz");
    EXPECT_LE(shown.size(), kElideLimit);
}

TEST(Elide, TakesItsLimit) {
    EXPECT_EQ(elide("abcdefghijklmnopqrstuvwxyz", 10), "abcd…(26 bytes)…wxyz");
    EXPECT_EQ(elide("abcdefghij", 10), "abcdefghij");
}

TEST(Elide, NeverCutsAUtf8Character) {
    // "é" is two bytes. 4 bytes kept at each end would split one: the cut moves out of it.
    EXPECT_EQ(elide("éééééééééé", 10), "éé…(20 bytes)…éé");
    EXPECT_EQ(elide("aéééééééééé", 10), "aé…(21 bytes)…éé");
    EXPECT_EQ(elide("ééééééééééa", 10), "éé…(21 bytes)…éa");
}

TEST(ElidedColumn, FollowsAColumnIntoTheElidedText) {
    const std::string text = "abcdefghijklmnopqrstuvwxyz";  // abcd…(26 bytes)…wxyz
    const std::string shown = elide(text, 10);
    EXPECT_EQ(elided_column(text, 2, 10), 2);  // 'b', kept at the start
    EXPECT_EQ(shown.substr(static_cast<std::size_t>(elided_column(text, 24, 10)) - 1, 1), "x");
    EXPECT_EQ(elided_column(text, 12, 10), 5);  // left out: where the marker starts
    EXPECT_EQ(elided_column("short", 3, 10), 3);
}

}  // namespace
}  // namespace patchbay
