#include "tool/progress.hpp"

#include <fmt/format.h>
#include <cstdio>
#include <cstring>

#include "common/elide.hpp"

namespace patchbay {

namespace {

// A line wider than the terminal would wrap, and "\r" would then redraw only its last row.
constexpr std::size_t kMaxDrawnChars = 72;

void write_stderr(const std::string& text) {
    std::fputs(text.c_str(), stderr);
    std::fflush(stderr);
}

}  // namespace

bool parse_progress_mode(std::string_view text, ProgressMode& mode) {
    if (text == "auto")
        mode = ProgressMode::automatic;
    else if (text == "always")
        mode = ProgressMode::always;
    else if (text == "never")
        mode = ProgressMode::never;
    else
        return false;
    return true;
}

ProgressStyle progress_style(ProgressMode mode, bool stderr_is_tty, const char* term) {
    if (mode == ProgressMode::never) return ProgressStyle::off;
    bool dumb = term != nullptr && std::strcmp(term, "dumb") == 0;
    bool can_redraw = stderr_is_tty && !dumb;
    if (can_redraw) return ProgressStyle::redraw;
    return mode == ProgressMode::always ? ProgressStyle::lines : ProgressStyle::off;
}

ProgressLine::ProgressLine(ProgressStyle style, std::chrono::milliseconds quiet)
    : style_(style), shown_after_(std::chrono::steady_clock::now() + quiet) {}

ProgressLine::~ProgressLine() {
    clear();
}

void ProgressLine::show(std::string_view text) {
    if (style_ == ProgressStyle::off) return;
    // A line redrawn on a terminal waits out the quiet time, so that a quick run stays silent;
    // plain lines were asked for by name (--progress always), for a log, and come at once.
    if (style_ == ProgressStyle::redraw && std::chrono::steady_clock::now() < shown_after_) return;
    if (style_ == ProgressStyle::lines) return write_stderr(fmt::format("patchbay: {}\n", text));
    write_stderr(fmt::format("\r\033[K{}", text.substr(0, kMaxDrawnChars)));
    drawn_ = true;
}

void ProgressLine::clear() {
    if (drawn_) write_stderr("\r\033[K");
    drawn_ = false;
}

Progress series_progress(ProgressLine& line) {
    return [&line](std::size_t index, std::size_t count, const std::string& name) {
        line.show(fmt::format("[{}/{}] {}", index, count, elide(name)));
        if (index == count) line.clear();
    };
}

}  // namespace patchbay
