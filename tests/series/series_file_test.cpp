#include "series/series_file.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

SeriesFile parse_ok(std::string_view text) {
    auto series = parse_series(text, "patches/series");
    EXPECT_TRUE(series.ok()) << (series ? "" : series.error().located());
    return series ? series.value() : SeriesFile{};
}

Error parse_error(std::string_view text) {
    auto series = parse_series(text, "patches/series");
    EXPECT_FALSE(series.ok());
    return series ? Error{} : series.error();
}

TEST(SeriesFile, NamesInOrderWithLines) {
    const SeriesFile series = parse_ok("a.patch\nsub/b.patch\n");
    EXPECT_EQ(series.path, "patches/series");
    ASSERT_EQ(series.entries.size(), 2u);
    EXPECT_EQ(series.entries[0].name, "a.patch");
    EXPECT_EQ(series.entries[0].line, 1);
    EXPECT_EQ(series.entries[1].name, "sub/b.patch");
    EXPECT_EQ(series.entries[1].line, 2);
    EXPECT_FALSE(series.entries[0].strip.has_value());
    EXPECT_FALSE(series.entries[0].reverse);
}

TEST(SeriesFile, CommentsAndBlankLinesAreSkippedButCounted) {
    const SeriesFile series = parse_ok("# header\n\n   \n  # indented comment\nx.patch\n");
    ASSERT_EQ(series.entries.size(), 1u);
    EXPECT_EQ(series.entries[0].name, "x.patch");
    EXPECT_EQ(series.entries[0].line, 5);
}

TEST(SeriesFile, TrailingCommentAfterWhitespace) {
    const SeriesFile series = parse_ok("x.patch -p0 # retired soon\ny.patch\t#tab comment\n");
    ASSERT_EQ(series.entries.size(), 2u);
    EXPECT_EQ(series.entries[0].name, "x.patch");
    EXPECT_EQ(series.entries[0].strip, 0);
    EXPECT_EQ(series.entries[1].name, "y.patch");
}

TEST(SeriesFile, HashInsideNameIsPartOfTheName) {
    const SeriesFile series = parse_ok("fix#2.patch\n");
    ASSERT_EQ(series.entries.size(), 1u);
    EXPECT_EQ(series.entries[0].name, "fix#2.patch");
}

TEST(SeriesFile, StripJoinedSeparateAndReverse) {
    const SeriesFile series = parse_ok("a.patch -p0\nb.patch -p 2 -R\nc.patch -R\n");
    ASSERT_EQ(series.entries.size(), 3u);
    EXPECT_EQ(series.entries[0].strip, 0);
    EXPECT_EQ(series.entries[0].options, std::vector<std::string>{"-p0"});
    EXPECT_EQ(series.entries[1].strip, 2);
    EXPECT_TRUE(series.entries[1].reverse);
    EXPECT_EQ(series.entries[1].options, (std::vector<std::string>{"-p 2", "-R"}));
    EXPECT_FALSE(series.entries[2].strip.has_value());
    EXPECT_TRUE(series.entries[2].reverse);
}

TEST(SeriesFile, CrlfLineEndings) {
    const SeriesFile series = parse_ok("a.patch -p1\r\n# c\r\nb.patch\r\n");
    ASSERT_EQ(series.entries.size(), 2u);
    EXPECT_EQ(series.entries[0].name, "a.patch");
    EXPECT_EQ(series.entries[0].strip, 1);
    EXPECT_EQ(series.entries[1].name, "b.patch");
    EXPECT_EQ(series.entries[1].line, 3);
}

TEST(SeriesFile, LastLineWithoutNewline) {
    const SeriesFile series = parse_ok("a.patch\nb.patch");
    ASSERT_EQ(series.entries.size(), 2u);
    EXPECT_EQ(series.entries[1].name, "b.patch");
}

TEST(SeriesFile, UnknownOptionNamesFileLineAndOption) {
    const Error error = parse_error("a.patch\nb.patch --fuzz=3\n");
    EXPECT_EQ(error.located(), "patches/series:2: unknown option '--fuzz=3'");
}

TEST(SeriesFile, StripWithoutNumber) {
    EXPECT_EQ(parse_error("a.patch -p\n").located(),
              "patches/series:1: option '-p' needs a number, got ''");
    EXPECT_EQ(parse_error("a.patch -px\n").located(),
              "patches/series:1: option '-p' needs a number, got 'x'");
}

TEST(SeriesFile, StripGivenTwice) {
    EXPECT_EQ(parse_error("a.patch -p1 -p0\n").located(),
              "patches/series:1: option '-p' given twice");
}

TEST(SeriesFile, AbsoluteNameIsAnError) {
    EXPECT_EQ(parse_error("\n/etc/x.patch\n").located(),
              "patches/series:2: patch name '/etc/x.patch' is an absolute path");
}

TEST(SeriesFile, DotDotComponentIsAnError) {
    EXPECT_EQ(parse_error("../outside.patch\n").located(),
              "patches/series:1: patch name '../outside.patch' has a '..' component");
    EXPECT_EQ(parse_error("a/../../b.patch\n").located(),
              "patches/series:1: patch name 'a/../../b.patch' has a '..' component");
}

TEST(SeriesFile, DotsInsideANameAreFine) {
    const SeriesFile series = parse_ok("v1..v2.patch\n..hidden/x.patch\n");
    ASSERT_EQ(series.entries.size(), 2u);
    EXPECT_EQ(series.entries[0].name, "v1..v2.patch");
}

TEST(SeriesFile, EmptyTextHasNoEntries) {
    EXPECT_TRUE(parse_ok("").entries.empty());
}

// Found by the hostile suite: "0001.patch\0evil" opened 0001.patch (the name ended at the NUL).
TEST(SeriesFile, NulByteInANameIsAnError) {
    auto parsed = parse_series(std::string_view("a.patch\0evil\n", 13), "patches/series");
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.error().line, 1);
    EXPECT_NE(parsed.error().message.find("contains a NUL byte"), std::string::npos);
}

TEST(ParseSeries, CommentedOutEntriesAreKeptAsCandidates) {
    auto series = parse_series("a.patch\n#014_hash_style-both.patch\n# only applied for GFDL\n#\n",
                               "patches/series");
    ASSERT_TRUE(series.ok());
    ASSERT_EQ(series->entries.size(), 1u);
    ASSERT_EQ(series->commented.size(), 2u);
    EXPECT_EQ(series->commented[0].name, "014_hash_style-both.patch");
    EXPECT_EQ(series->commented[0].text, "#014_hash_style-both.patch");
    EXPECT_EQ(series->commented[0].line, 2);
    EXPECT_EQ(series->commented[1].name, "only");
}

TEST(SeriesFile, TheNearestEntryToATypedNameIsSuggestedWithItsLine) {
    const SeriesFile series = parse_ok("0001-base.patch\n# retired\n0004-utils-package.patch\n");
    EXPECT_EQ(nearest_entry_hint(series, "0004-utils-pakage.patch"),
              "; did you mean '0004-utils-package.patch' (series line 3)?");
    EXPECT_EQ(nearest_entry_hint(series, "0004"),
              "; did you mean '0004-utils-package.patch' (series line 3)?");
    EXPECT_EQ(nearest_entry_hint(series, "completely-different.diff"), "");
}

}  // namespace
}  // namespace patchbay
