#include "patches/hunk_reader.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(ReadHunk, StopsAtCountsAndSkipsNoNewlineMarker) {
    PatchLines lines("@@ -1,2 +1 @@\n a\n-b\n\\ No newline at end of file\nOnly in b: z\n");
    std::size_t index = 0;
    Result<Hunk> hunk = read_hunk(lines, index, "p");
    ASSERT_TRUE(hunk.ok());
    EXPECT_EQ(index, 4u);
    ASSERT_EQ(hunk->lines.size(), 2u);
    EXPECT_EQ(hunk->lines[1].kind, LineKind::removed);
    EXPECT_EQ(hunk->lines[1].text, "b");
    EXPECT_EQ(hunk->lines[1].patch_line, 3);
}

TEST(ReadHunk, BlankLinesThenMoreBodyMeansCountsTooSmall) {
    PatchLines lines("@@ -1 +1 @@\n-a\n+b\n\n+c\n");
    std::size_t index = 0;
    Result<Hunk> hunk = read_hunk(lines, index, "p.patch");
    ASSERT_FALSE(hunk.ok());
    EXPECT_EQ(hunk.error().line, 1);
    EXPECT_EQ(hunk.error().message,
              "hunk header @@ -1 +1 @@ does not match its body (2 old, 3 new lines): "
              "@@ -1,2 +1,3 @@ would match");
}

TEST(ReadHunk, MailSignatureAfterCountsEndsTheHunk) {
    PatchLines lines("@@ -1 +1 @@\n-a\n+b\n-- \n2.39.0\n");
    std::size_t index = 0;
    ASSERT_TRUE(read_hunk(lines, index, "p").ok());
    EXPECT_EQ(index, 3u);
}

TEST(ReadHunk, SideThatRunsOutFirstIsAMismatch) {
    PatchLines lines("@@ -1,1 +1,2 @@\n-a\n-b\n+c\n+d\n");
    std::size_t index = 0;
    Result<Hunk> hunk = read_hunk(lines, index, "p");
    ASSERT_FALSE(hunk.ok());
    EXPECT_EQ(hunk.error().message,
              "hunk header @@ -1,1 +1,2 @@ does not match its body (2 old, 2 new lines): "
              "@@ -1,2 +1,2 @@ would match");
}

}  // namespace
}  // namespace patchbay
