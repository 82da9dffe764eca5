// Expected numbers from git itself: `git diff -M` prints them as "similarity index N%".

#include "regenerate/similarity.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

// The demo's 0004 renames vllm/utils.py (blob 1ec8dfd) to vllm/utils/__init__.py (blob 1e6326b:
// the first line becomes four); `git diff -M` of exactly these two files says 89%.
TEST(Similarity, MatchesGitOnTheDemoRename) {
    auto old_text = test_support::read_file(std::filesystem::path(PATCHBAY_SOURCE_DIR) /
                                            "examples/demo/upstream/vllm/utils.py");
    auto first_line_end = old_text.find('\n') + 1;
    std::string new_text =
        "\"\"\"Small helpers shared by the scheduler and the attention ops.\n\nA package, so that "
        "platform-specific helpers can live in modules beside it.\n\"\"\"\n" +
        old_text.substr(first_line_end);
    EXPECT_EQ(similarity(old_text, new_text), 89);
}

TEST(Similarity, IdenticalAndDisjointTexts) {
    EXPECT_EQ(similarity("a\nb\n", "a\nb\n"), 100);
    EXPECT_EQ(similarity("a\nb\n", "c\nd\n"), 0);
    EXPECT_EQ(similarity("a\n", ""), 0);
    // Two of four equal lines of two bytes: 4 of 8 bytes copied.
    EXPECT_EQ(similarity("a\nb\nc\nd\n", "a\nb\nx\ny\n"), 50);
}

// A CR before LF does not count (git ignores it in text).
TEST(Similarity, IgnoresCarriageReturnsInText) {
    EXPECT_EQ(similarity("a\r\nb\r\n", "a\nb\n"), 66);
}

}  // namespace
}  // namespace patchbay
