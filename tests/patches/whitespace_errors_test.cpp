// Whitespace errors in the lines a patch adds, as git's default core.whitespace names them
// (`git diff --check`: trailing whitespace, a space before a tab in the indent, new blank lines
// at the end of the file). Patch texts and the line numbers in them are written by hand.

#include "patches/whitespace_errors.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "tests/support/parsed_patch.hpp"

namespace patchbay {
namespace {

using Errors = std::vector<std::pair<std::int64_t, std::string>>;

// The errors of the first file section of `text`, as (patch line, message).
Errors errors_of(const std::string& text) {
    auto patch = test_support::parse(text);
    if (patch.files.empty()) {
        ADD_FAILURE() << "no file section in\n" << text;
        return {};
    }
    Errors found;
    for (const auto& error : whitespace_errors(patch.files[0]))
        found.emplace_back(error.patch_line, error.message);
    return found;
}

const std::string kHeader = "--- a/f.py\n+++ b/f.py\n";  // lines 1-2; the hunk header is line 3

TEST(WhitespaceErrors, CleanAddedLinesHaveNone) {
    EXPECT_TRUE(
        errors_of(kHeader + "@@ -1,2 +1,4 @@\n a\n+b = 1\n+\tc = 2  # tab indent\n d\n").empty());
}

TEST(WhitespaceErrors, TrailingSpaceOrTabOnAnAddedLine) {
    EXPECT_EQ(errors_of(kHeader + "@@ -1,2 +1,4 @@\n a\n+b = 1 \n+c = 2\t\n d\n"),
              (Errors{{5, "trailing whitespace in an added line"},
                      {6, "trailing whitespace in an added line"}}));
}

// The file has them already: only the lines the patch adds are its own errors.
TEST(WhitespaceErrors, ContextAndRemovedLinesAreNotJudged) {
    EXPECT_TRUE(errors_of(kHeader + "@@ -1,3 +1,3 @@\n a \n-b = 1 \n+b = 2\n \tc\n").empty());
}

TEST(WhitespaceErrors, SpaceBeforeTabInTheIndent) {
    EXPECT_EQ(errors_of(kHeader + "@@ -1,2 +1,3 @@\n a\n+ \tb = 1\n c\n"),
              (Errors{{5, "space before tab in the indent of an added line"}}));
    // After the indent a space before a tab is text, not indentation.
    EXPECT_TRUE(errors_of(kHeader + "@@ -1,2 +1,3 @@\n a\n+\tb = 1 \t# note\n c\n").empty());
}

TEST(WhitespaceErrors, ALineCanHaveBothErrors) {
    EXPECT_EQ(errors_of(kHeader + "@@ -1,2 +1,3 @@\n a\n+  \tb = 1 \n c\n"),
              (Errors{{5, "trailing whitespace in an added line"},
                      {5, "space before tab in the indent of an added line"}}));
}

TEST(WhitespaceErrors, BlankLinesAddedAtTheEndOfTheFileAreOneError) {
    // Nothing follows the last change: the blank lines end the file. Reported once, on the last.
    EXPECT_EQ(errors_of(kHeader + "@@ -1,2 +1,4 @@\n a\n b\n+\n+\n"),
              (Errors{{7, "blank line added at end of file"}}));
}

TEST(WhitespaceErrors, ABlankLineWithTextAfterItIsFine) {
    // Context after it: not the end of the file.
    EXPECT_TRUE(errors_of(kHeader + "@@ -1,2 +1,3 @@\n a\n+\n b\n").empty());
    // Another added line after it ends the hunk.
    EXPECT_TRUE(errors_of(kHeader + "@@ -1,2 +1,4 @@\n a\n b\n+\n+c = 3\n").empty());
}

TEST(WhitespaceErrors, EveryHunkOfTheSectionIsChecked) {
    EXPECT_EQ(errors_of(kHeader + "@@ -1,2 +1,3 @@\n a\n+b \n c\n"       // lines 3-6
                                  "@@ -10,2 +11,3 @@\n j\n+k\t\n l\n"),  // lines 7-10
              (Errors{{5, "trailing whitespace in an added line"},
                      {9, "trailing whitespace in an added line"}}));
}

}  // namespace
}  // namespace patchbay
