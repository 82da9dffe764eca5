#include "rebase/sibling_presence.hpp"

#include <gtest/gtest.h>

#include <map>

namespace patchbay {
namespace {

// One upstream's files, as sibling_presence reads them.
TextOf texts(std::map<std::string, std::string> files) {
    return [files = std::move(files)](const std::string& path) {
        auto found = files.find(path);
        return found == files.end() ? std::string() : found->second;
    };
}

const char* const kOldList = "TESTCASES = test480 \\\ntest481 \\\n\\\ntest490\n";
const char* const kPatchedList = "TESTCASES = test480 \\\ntest481 \\\ntest486 \\\n\\\ntest490\n";

TEST(SiblingPresence, AListEntryUpstreamMovedIntoAnotherFileIsFound) {
    auto old_files = texts({{"t/Makefile.am", "include Makefile.inc\n"}});
    auto new_files = texts({{"t/Makefile.am", "TESTCASES = test480 test481 test486 test490\n"}});
    auto found = sibling_presence(kOldList, kPatchedList, {"t/Makefile.am"}, old_files, new_files);
    ASSERT_TRUE(found.has_value());
    EXPECT_EQ(found->path, "t/Makefile.am");
    EXPECT_EQ(found->hunks, 1);
}

TEST(SiblingPresence, AWordTheOldFileHadAlreadySaysNothing) {
    auto old_files = texts({{"t/Makefile.am", "# test486 is flaky\n"}});
    auto new_files = texts({{"t/Makefile.am", "# test486 is flaky\n"}});
    EXPECT_FALSE(sibling_presence(kOldList, kPatchedList, {"t/Makefile.am"}, old_files, new_files));
}

TEST(SiblingPresence, EveryNewWordOfEveryHunkMustBeThere) {
    const char* const base = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n";
    const char* const theirs =
        "a\nfirst_addition\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nsecond_addition\nl\n";
    auto old_files = texts({});
    auto only_first = texts({{"t/other.c", "first_addition\n"}});
    auto both = texts({{"t/other.c", "second_addition first_addition\n"}});
    EXPECT_FALSE(sibling_presence(base, theirs, {"t/other.c"}, old_files, only_first));
    auto found = sibling_presence(base, theirs, {"t/other.c"}, old_files, both);
    ASSERT_TRUE(found.has_value());
    EXPECT_EQ(found->hunks, 2);
}

TEST(SiblingPresence, AHunkWithoutADistinctiveWordIsNeverFound) {
    auto old_files = texts({});
    auto new_files = texts({{"t/x.c", "x = y;\n"}});
    EXPECT_FALSE(sibling_presence("a\n", "a\nx = y;\n", {"t/x.c"}, old_files, new_files))
        << "no word of 5 characters: any file has such a line";
}

TEST(SiblingPresence, ProseAloneIsNeverFound) {
    auto old_files = texts({});
    auto new_files = texts({{"d/x.md", "It is not supported to share it.\n"}});
    EXPECT_FALSE(sibling_presence("It is shared.\n", "It is shared.\nIt is not supported.\n",
                                  {"d/x.md"}, old_files, new_files))
        << "\"supported\" is in many a page";
}

}  // namespace
}  // namespace patchbay
