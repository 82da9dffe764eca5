// What the terminal allows (docs/ARCHITECTURE.md §2): --color's words, colour on auto (stdout a
// terminal, NO_COLOR unset, TERM not "dumb"), whether stdout and stderr are terminals (a pty
// and a pipe stand in for them), and the ANSI codes of the palette.

#include "tool/terminal.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <optional>
#include <string>

namespace patchbay {
namespace {

TEST(ParseColorMode, TheThreeWords) {
    ColorMode mode = ColorMode::never;
    EXPECT_TRUE(parse_color_mode("auto", mode));
    EXPECT_EQ(mode, ColorMode::automatic);
    EXPECT_TRUE(parse_color_mode("always", mode));
    EXPECT_EQ(mode, ColorMode::always);
    EXPECT_TRUE(parse_color_mode("never", mode));
    EXPECT_EQ(mode, ColorMode::never);
}

TEST(ParseColorMode, AnyOtherWordLeavesTheModeAlone) {
    ColorMode mode = ColorMode::always;
    for (const char* word : {"", "Auto", "yes", "none", "always "}) {
        EXPECT_FALSE(parse_color_mode(word, mode)) << word;
        EXPECT_EQ(mode, ColorMode::always) << word;
    }
}

// Sets or clears an environment variable for one test and puts it back after.
class ScopedEnv {
  public:
    ScopedEnv(const char* name, const char* value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old;
        if (value)
            setenv(name, value, 1);
        else
            unsetenv(name);
    }
    ~ScopedEnv() {
        if (old_)
            setenv(name_, old_->c_str(), 1);
        else
            unsetenv(name_);
    }

  private:
    const char* name_;
    std::optional<std::string> old_;
};

TEST(UseColor, AlwaysAndNeverIgnoreTheTerminal) {
    ScopedEnv no_color("NO_COLOR", "1");
    ScopedEnv term("TERM", "dumb");
    EXPECT_TRUE(use_color(ColorMode::always, false));
    EXPECT_FALSE(use_color(ColorMode::never, true));
}

TEST(UseColor, AutoOnATerminal) {
    ScopedEnv no_color("NO_COLOR", nullptr);
    ScopedEnv term("TERM", "xterm-256color");
    EXPECT_TRUE(use_color(ColorMode::automatic, true));
    EXPECT_FALSE(use_color(ColorMode::automatic, false));
}

TEST(UseColor, AutoWithoutTermIsStillColour) {
    ScopedEnv no_color("NO_COLOR", nullptr);
    ScopedEnv term("TERM", nullptr);
    EXPECT_TRUE(use_color(ColorMode::automatic, true));
}

// no-color.org: set to anything, the empty string included, it turns colour off.
TEST(UseColor, NoColorTurnsAutoOff) {
    ScopedEnv term("TERM", "xterm");
    for (const char* value : {"1", ""}) {
        ScopedEnv no_color("NO_COLOR", value);
        EXPECT_FALSE(use_color(ColorMode::automatic, true)) << "NO_COLOR='" << value << "'";
    }
}

TEST(UseColor, ADumbTerminalTurnsAutoOff) {
    ScopedEnv no_color("NO_COLOR", nullptr);
    ScopedEnv term("TERM", "dumb");
    EXPECT_FALSE(use_color(ColorMode::automatic, true));
}

// Points `fd` at another open file for one test and puts it back after.
class ScopedRedirect {
  public:
    ScopedRedirect(int fd, int to) : fd_(fd), saved_(dup(fd)) {
        std::fflush(nullptr);
        dup2(to, fd);
    }
    ~ScopedRedirect() {
        std::fflush(nullptr);
        dup2(saved_, fd_);
        close(saved_);
    }

  private:
    int fd_;
    int saved_;
};

TEST(IsTerminal, APtyIsAPipeIsNot) {
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0)
        GTEST_SKIP() << "no pseudo-terminal here";
    int pty = open(ptsname(master), O_RDWR | O_NOCTTY);
    ASSERT_GE(pty, 0);
    int pipe_ends[2];
    ASSERT_EQ(pipe(pipe_ends), 0);
    {
        ScopedRedirect out(STDOUT_FILENO, pty);
        ScopedRedirect err(STDERR_FILENO, pipe_ends[1]);
        EXPECT_TRUE(stdout_is_terminal());
        EXPECT_FALSE(stderr_is_terminal());
    }
    {
        ScopedRedirect out(STDOUT_FILENO, pipe_ends[1]);
        ScopedRedirect err(STDERR_FILENO, pty);
        EXPECT_FALSE(stdout_is_terminal());
        EXPECT_TRUE(stderr_is_terminal());
    }
    close(pipe_ends[0]);
    close(pipe_ends[1]);
    close(pty);
    close(master);
}

TEST(Palette, WrapsInTheAnsiCodeAndResets) {
    const Palette on{true};
    EXPECT_EQ(on.green("ok"), "\033[32mok\033[0m");
    EXPECT_EQ(on.yellow("warn"), "\033[33mwarn\033[0m");
    EXPECT_EQ(on.red("FAIL"), "\033[31mFAIL\033[0m");
    EXPECT_EQ(on.dim("[rule]"), "\033[2m[rule]\033[0m");
    EXPECT_EQ(on.bold("f.py:1:"), "\033[1mf.py:1:\033[0m");
}

TEST(Palette, OffGivesTheTextUnchanged) {
    const Palette off{false};
    for (auto paint :
         {&Palette::green, &Palette::yellow, &Palette::red, &Palette::dim, &Palette::bold})
        EXPECT_EQ((off.*paint)("a b"), "a b");
    EXPECT_EQ(Palette{}.red("x"), "x");  // off by default
}

}  // namespace
}  // namespace patchbay
