#include "patches/unified_name.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(ParseUnifiedName, NameEndsAtTab) {
    UnifiedName name = parse_unified_name("a/my file.c\t2024-01-31 10:00:00.000000000 +0100");
    EXPECT_EQ(name.name, "a/my file.c");
    EXPECT_TRUE(name.has_timestamp);
    EXPECT_FALSE(name.epoch);
}

TEST(ParseUnifiedName, StripsSpaceSeparatedDiffTimestamp) {
    UnifiedName name = parse_unified_name("old/x.c  2024-01-31 10:00:00.000000000 +0100");
    EXPECT_EQ(name.name, "old/x.c");
    EXPECT_TRUE(name.has_timestamp);
}

TEST(ParseUnifiedName, PlainNameWithSpacesHasNoTimestamp) {
    UnifiedName name = parse_unified_name("a/my file 2024.c");
    EXPECT_EQ(name.name, "a/my file 2024.c");
    EXPECT_FALSE(name.has_timestamp);
}

// GNU patch 2.7.6 reads an unquoted name up to its first space unless a TAB ends it: `+++ b/d/new
// file.rst` creates d/new ("patching file d/new"). Only such names are flagged.
TEST(ParseUnifiedName, FlagsANameGnuPatchReadsOnlyUpToItsFirstSpace) {
    EXPECT_TRUE(parse_unified_name("a/my file 2024.c").spaced);
    EXPECT_TRUE(parse_unified_name("b/Core and Builtins/x.rst  2023-01-01 10:00:00").spaced);
    EXPECT_FALSE(parse_unified_name("a/my file.c\t2024-01-31 10:00:00.000000000 +0100").spaced);
    EXPECT_FALSE(parse_unified_name("old/x.c  2024-01-31 10:00:00.000000000 +0100").spaced);
    EXPECT_FALSE(parse_unified_name(R"("b/my file.c")").spaced);
    EXPECT_FALSE(parse_unified_name("b/x.c").spaced);
}

TEST(ParseUnifiedName, GitTrailingTabIsNoTimestamp) {
    UnifiedName name = parse_unified_name("a/x y.py\t");
    EXPECT_EQ(name.name, "a/x y.py");
    EXPECT_FALSE(name.has_timestamp);
}

TEST(ParseUnifiedName, UnquotesName) {
    EXPECT_EQ(parse_unified_name(R"("b/x\ty.py")").name, "b/x\ty.py");
}

TEST(IsEpochTimestamp, HonoursZoneOffsets) {
    EXPECT_TRUE(is_epoch_timestamp("1970-01-01 00:00:00"));
    EXPECT_TRUE(is_epoch_timestamp("1970-01-01 01:00:00.000000000 +0100"));
    EXPECT_TRUE(is_epoch_timestamp("1969-12-31 19:00:00.000000000 -0500"));
    EXPECT_TRUE(is_epoch_timestamp("Thu Jan  1 00:00:00 1970"));
    EXPECT_FALSE(is_epoch_timestamp("1970-01-01 01:00:00.000000000 +0000"));
    EXPECT_FALSE(is_epoch_timestamp("1970-01-01 00:00:00.5"));
    EXPECT_FALSE(is_epoch_timestamp("Fri Jan  2 00:00:00 1970"));
}

TEST(ParseUnifiedName, FlagsEpoch) {
    EXPECT_TRUE(parse_unified_name("/dev/null\t1970-01-01 00:00:00 +0000").epoch);
    EXPECT_TRUE(parse_unified_name("a/x.c\tThu Jan  1 00:00:00 1970").epoch);
}

}  // namespace
}  // namespace patchbay
