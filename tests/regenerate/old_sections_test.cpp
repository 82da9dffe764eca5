#include "regenerate/old_sections.hpp"

#include <gtest/gtest.h>

#include "tests/support/parsed_patch.hpp"

namespace patchbay {
namespace {

using test_support::parse;

// A patch as quilt writes it (Index: and ==== lines, timestamps, a description above), with a
// mail signature below: each section runs from its Index: line to the next one; the signature
// belongs to none.
TEST(OldSections, EachSectionFromItsFirstHeaderLineToTheNext) {
    const std::string first =
        "Index: pkg/a.c\n===================================================================\n"
        "--- pkg.orig/a.c\t2024-01-01 10:00:00.000000000 +0000\n"
        "+++ pkg/a.c\t2024-01-02 10:00:00.000000000 +0000\n";
    const std::string first_hunk = "@@ -1,2 +1,2 @@ int main(void)\n a\n-b\n+B\n";
    const std::string first_hunk2 = "@@ -9,1 +9,1 @@\n-c\n+C\n\\ No newline at end of file\n";
    const std::string second = "Index: pkg/b.c\n====\n--- pkg.orig/b.c\n+++ pkg/b.c\n";
    const std::string second_hunk = "@@ -1 +1 @@\n-x\n+y\n";
    const std::string trailing = "not a hunk line, which GNU patch ignores\n";
    const std::string text = "Description: fix\n\n" + first + first_hunk + first_hunk2 + second +
                             second_hunk + trailing + "-- \n2.39.2\n";
    const auto sections = section_texts(parse(text), text);
    ASSERT_EQ(sections.size(), 2u);
    EXPECT_EQ(sections[0].whole, first + first_hunk + first_hunk2);
    EXPECT_EQ(sections[0].header, first);
    EXPECT_EQ(sections[0].hunks, (std::vector<std::string>{first_hunk, first_hunk2}));
    EXPECT_EQ(sections[1].whole, second + second_hunk + trailing);
    EXPECT_EQ(sections[1].header, second);
    EXPECT_EQ(sections[1].hunks, std::vector<std::string>{second_hunk});
}

TEST(OldSections, ASectionWithoutHunksIsAllHeader) {
    const std::string text =
        "diff --git a/x b/y\nsimilarity index 100%\nrename from x\nrename to y\n";
    const auto sections = section_texts(parse(text), text);
    ASSERT_EQ(sections.size(), 1u);
    EXPECT_EQ(sections[0].whole, text);
    EXPECT_EQ(sections[0].header, text);
    EXPECT_TRUE(sections[0].hunks.empty());
}

}  // namespace
}  // namespace patchbay
