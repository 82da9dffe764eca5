// An Error located as tool/cli.cpp prints it after "patchbay: error: ", for each amount of place
// it knows. Expected strings by hand, in the forms of docs/ARCHITECTURE.md §8.

#include "common/error.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(ErrorLocated, FileAndLineBeforeTheMessage) {
    EXPECT_EQ(make_error("patches/series", 3, "unknown option '-R'").located(),
              "patches/series:3: unknown option '-R'");
}

TEST(ErrorLocated, AFileWithoutALineHasNoLineNumber) {
    EXPECT_EQ(make_error("patchbay.toml", 0, "cannot be read").located(),
              "patchbay.toml: cannot be read");
    // A negative line is no line either, never "file:-1:".
    EXPECT_EQ(make_error("patchbay.toml", -1, "cannot be read").located(),
              "patchbay.toml: cannot be read");
}

TEST(ErrorLocated, NoFileIsTheMessageAlone) {
    EXPECT_EQ(make_error("a command is required").located(), "a command is required");
    // A line without a file names no place: the message alone.
    EXPECT_EQ(make_error("", 12, "no upstream").located(), "no upstream");
}

TEST(MakeError, FillsFileLineAndMessageAndNoKind) {
    const Error placed = make_error("a.patch", 7, "hunk #1 FAILED");
    EXPECT_EQ(placed.file, "a.patch");
    EXPECT_EQ(placed.line, 7);
    EXPECT_EQ(placed.message, "hunk #1 FAILED");
    EXPECT_TRUE(placed.kind.empty());
    const Error bare = make_error("internal error");
    EXPECT_TRUE(bare.file.empty());
    EXPECT_EQ(bare.line, 0);
    EXPECT_EQ(bare.message, "internal error");
    EXPECT_TRUE(bare.kind.empty());
}

}  // namespace
}  // namespace patchbay
