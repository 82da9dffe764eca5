#include "common/text_lines.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace patchbay {
namespace {

TEST(SplitLines, KeepsTerminatorsAndUnterminatedLastLine) {
    auto lines = split_lines("a\nb\r\nc");
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0], "a\n");
    EXPECT_EQ(lines[1], "b\r\n");
    EXPECT_EQ(lines[2], "c");
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

// The split read the way a reader would: byte by byte.
std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines(1);
    for (char c : text) {
        lines.back() += c;
        if (c == '\n') lines.emplace_back();
    }
    if (lines.back().empty()) lines.pop_back();
    return lines;
}

// Random texts of short and long lines, runs of empty lines and no newline at all, so that
// line ends fall everywhere in and across the 64-byte blocks read at a time.
TEST(SplitLines, RandomTextsSplitAsReadByteByByte) {
    std::mt19937 random(5);
    for (int i = 0; i < 2000; ++i) {
        std::string text;
        const auto size = std::uniform_int_distribution<std::size_t>(0, 400)(random);
        const int newline_every = std::uniform_int_distribution<int>(1, 150)(random);
        for (std::size_t b = 0; b < size; ++b)
            text += std::uniform_int_distribution<int>(1, newline_every)(random) == 1 ? '\n' : 'x';
        const auto lines = split_lines(text);
        const auto expected = lines_of(text);
        ASSERT_EQ(lines.size(), expected.size()) << i;
        ASSERT_EQ(line_count(text), expected.size()) << i;
        for (std::size_t l = 0; l < lines.size(); ++l) ASSERT_EQ(lines[l], expected[l]) << i;
    }
}

TEST(LineCount, CountsAnUnterminatedLastLine) {
    EXPECT_EQ(line_count(""), 0u);
    EXPECT_EQ(line_count("\n"), 1u);
    EXPECT_EQ(line_count("a\nb"), 2u);
    EXPECT_EQ(line_count("a\r\nb\n"), 2u);
}

TEST(AppendLines, AddsToTheLinesGiven) {
    std::vector<std::string_view> lines{"kept\n"};
    append_lines("a\nb", lines);
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[1], "a\n");
    EXPECT_EQ(lines[2], "b");
}

TEST(WithoutTerminator, RemovesNewlineAndCarriageReturn) {
    EXPECT_EQ(without_terminator("x\r\n"), "x");
    EXPECT_EQ(without_terminator("x"), "x");
}

TEST(NthLine, FindsALineByNumberWithItsTerminator) {
    const std::string_view text = "a\nb\r\nc";
    EXPECT_EQ(nth_line(text, 1), "a\n");
    EXPECT_EQ(nth_line(text, 2), "b\r\n");
    EXPECT_EQ(nth_line(text, 3), "c");
    EXPECT_EQ(nth_line(text, 4), "");
    EXPECT_EQ(nth_line(text, 0), "a\n");
    EXPECT_EQ(nth_line("a\n", 2), "");
    EXPECT_EQ(nth_line("", 1), "");
}

TEST(NthLine, TheOffsetOfALineIsTheSizePastTheLast) {
    const std::string_view text = "a\nb\r\nc";
    EXPECT_EQ(line_offset(text, 1), 0u);
    EXPECT_EQ(line_offset(text, 2), 2u);
    EXPECT_EQ(line_offset(text, 3), 5u);
    EXPECT_EQ(line_offset(text, 4), text.size());
    EXPECT_EQ(line_offset(text, 9), text.size());
    EXPECT_EQ(line_offset("a\n", 2), 2u);
    EXPECT_EQ(line_offset("", 3), 0u);
}

// Across the 64-byte blocks line_offset counts at once: every line of a text whose lines are
// of every length from 0 to 199 bytes, some blocks holding no newline and some many.
TEST(NthLine, EveryLineOfALongTextStartsAfterItsNewline) {
    std::string text;
    std::vector<std::size_t> starts = {0};
    for (std::size_t length = 0; length < 200; ++length) {
        text += std::string(length % 7 == 0 ? length : length % 3, 'x') + "\n";
        starts.push_back(text.size());
    }
    for (std::size_t line = 1; line <= starts.size(); ++line)
        EXPECT_EQ(line_offset(text, static_cast<std::int64_t>(line)), starts[line - 1]) << line;
    EXPECT_EQ(line_offset(text, 100000), text.size());
}

TEST(LineAtOffset, ANewlineIsOnTheLineItEnds) {
    const std::string_view text = "a\nbc\r\nd";
    EXPECT_EQ(line_number_at(text, 0), 1);
    EXPECT_EQ(line_number_at(text, 1), 1);
    EXPECT_EQ(line_number_at(text, 2), 2);
    EXPECT_EQ(line_number_at(text, 6), 3);
    EXPECT_EQ(line_number_at(text, text.size()), 3);
    EXPECT_EQ(line_holding(text, 0), "a\n");
    EXPECT_EQ(line_holding(text, 1), "a\n");
    EXPECT_EQ(line_holding(text, 3), "bc\r\n");
    EXPECT_EQ(line_holding(text, 5), "bc\r\n");
    EXPECT_EQ(line_holding(text, 6), "d");
    EXPECT_EQ(line_holding("a\n", 2), "");
    EXPECT_EQ(line_holding("", 0), "");
}

TEST(LineStarts, EachLineAndThenTheEnd) {
    EXPECT_EQ(line_starts("a\nbc\r\nd"), (std::vector<std::size_t>{0, 2, 6, 7}));
    EXPECT_EQ(line_starts("a\n"), (std::vector<std::size_t>{0, 2}));
    EXPECT_EQ(line_starts(""), std::vector<std::size_t>{0});
}

}  // namespace
}  // namespace patchbay
