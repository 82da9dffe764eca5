#include "rebase/upstreamed_entries.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(UpstreamedEntries, SeriesLinesLeaveAndEveryOtherByteStays) {
    EXPECT_EQ(without_lines("# kept\na.patch -p1\nb.patch\nc.patch", {2, 4}), "# kept\nb.patch\n");
}

TEST(UpstreamedEntries, SkipRulesAreAppendedAsTables) {
    auto toml = with_skip_rules("[upstream]\npath = \"up\"\n", {{"a \"b\".patch", "upstream", 0}});
    ASSERT_TRUE(toml.ok());
    EXPECT_EQ(*toml,
              "[upstream]\npath = \"up\"\n\n[[series.skip]]\npatch = \"a \\\"b\\\".patch\"\n"
              "reason = \"upstream\"\n");
}

TEST(UpstreamedEntries, AnInlineSkipArrayIsNotAddedTo) {
    auto toml = with_skip_rules("[series]\n  skip = [ { patch = \"x\", reason = \"y\" } ]\n",
                                {{"a.patch", "upstream", 0}});
    ASSERT_FALSE(toml.ok());
    EXPECT_NE(toml.error().message.find("[[series.skip]]"), std::string::npos);
}

}  // namespace
}  // namespace patchbay
