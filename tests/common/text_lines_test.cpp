#include "common/text_lines.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(SplitLines, KeepsTerminatorsAndUnterminatedLastLine) {
    auto lines = split_lines("a\nb\r\nc");
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0], "a\n");
    EXPECT_EQ(lines[1], "b\r\n");
    EXPECT_EQ(lines[2], "c");
    EXPECT_EQ(join_lines(lines), "a\nb\r\nc");
}

TEST(SplitLines, EmptyTextHasNoLines) {
    EXPECT_TRUE(split_lines("").empty());
}

// Lines of every length from 0 to 40 bytes, so that newlines fall at every place of the
// 16-byte blocks the split reads, and before, on and after the last whole block.
TEST(SplitLines, EveryLineLengthAtEveryOffset) {
    for (int tail = 0; tail < 20; ++tail) {
        std::vector<std::string> expected;
        for (int length = 0; length <= 40; ++length)
            expected.push_back(std::string(static_cast<std::size_t>(length),
                                           static_cast<char>('a' + length % 26)) +
                               "\n");
        if (tail > 0) expected.push_back(std::string(static_cast<std::size_t>(tail), 'z'));
        std::string text;
        for (const auto& line : expected) text += line;
        const auto lines = split_lines(text);
        ASSERT_EQ(lines.size(), expected.size()) << tail;
        for (std::size_t i = 0; i < lines.size(); ++i) EXPECT_EQ(lines[i], expected[i]) << tail;
    }
}

TEST(WithoutTerminator, RemovesNewlineAndCarriageReturn) {
    EXPECT_EQ(without_terminator("x\r\n"), "x");
    EXPECT_EQ(without_terminator("x"), "x");
}

}  // namespace
}  // namespace patchbay
