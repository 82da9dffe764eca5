#include "tool/progress.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(ProgressStyle, AutoDrawsOnATerminalOnly) {
    EXPECT_EQ(progress_style(ProgressMode::automatic, true, "xterm"), ProgressStyle::redraw);
    EXPECT_EQ(progress_style(ProgressMode::automatic, true, nullptr), ProgressStyle::redraw);
    EXPECT_EQ(progress_style(ProgressMode::automatic, false, "xterm"), ProgressStyle::off);
}

TEST(ProgressStyle, ADumbTerminalCannotRedraw) {
    EXPECT_EQ(progress_style(ProgressMode::automatic, true, "dumb"), ProgressStyle::off);
    EXPECT_EQ(progress_style(ProgressMode::always, true, "dumb"), ProgressStyle::lines);
}

TEST(ProgressStyle, AlwaysWritesPlainLinesOffATerminal) {
    EXPECT_EQ(progress_style(ProgressMode::always, false, "xterm"), ProgressStyle::lines);
    EXPECT_EQ(progress_style(ProgressMode::always, true, "xterm"), ProgressStyle::redraw);
}

TEST(ProgressStyle, NeverIsNever) {
    EXPECT_EQ(progress_style(ProgressMode::never, true, "xterm"), ProgressStyle::off);
    EXPECT_EQ(progress_style(ProgressMode::never, false, nullptr), ProgressStyle::off);
}

TEST(ParseProgressMode, TakesTheThreeWordsOnly) {
    ProgressMode mode = ProgressMode::never;
    EXPECT_TRUE(parse_progress_mode("always", mode));
    EXPECT_EQ(mode, ProgressMode::always);
    EXPECT_TRUE(parse_progress_mode("auto", mode));
    EXPECT_EQ(mode, ProgressMode::automatic);
    EXPECT_FALSE(parse_progress_mode("yes", mode));
    EXPECT_EQ(mode, ProgressMode::automatic);
}

}  // namespace
}  // namespace patchbay
