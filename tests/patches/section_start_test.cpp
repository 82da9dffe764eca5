#include "patches/section_start.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(StartsFileSection, RecognisesEveryHeaderKind) {
    PatchLines lines(
        "diff --git a/x b/x\n"               // 0
        "Index: x\n"                         // 1
        "=====\n"                            // 2
        "diff -u a/x b/x\n"                  // 3
        "--- a/x\n"                          // 4
        "+++ b/x\n"                          // 5
        "Binary files a/y and b/y differ\n"  // 6
        "-- \n"                              // 7
        "--- exported from abc ---\n"        // 8
        "diff -u mentioned in text\n"        // 9
        "text\n");                           // 10
    for (std::size_t start : {0u, 1u, 3u, 4u, 6u})
        EXPECT_TRUE(starts_file_section(lines, start)) << start;
    for (std::size_t other : {2u, 5u, 7u, 8u, 9u, 10u, 11u})
        EXPECT_FALSE(starts_file_section(lines, other)) << other;
    EXPECT_TRUE(is_mail_signature(lines, 7));
    EXPECT_FALSE(is_mail_signature(lines, 8));
}

TEST(StartsFileSection, SeesHeadersOfCrlfPatches) {
    PatchLines lines("--- a/x\r\n+++ b/x\r\n");
    EXPECT_TRUE(starts_file_section(lines, 0));
}

}  // namespace
}  // namespace patchbay
