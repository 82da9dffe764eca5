#include "tool/terminal.hpp"

#include <unistd.h>
#include <cstdlib>
#include <cstring>

namespace patchbay {

bool parse_color_mode(std::string_view text, ColorMode& mode) {
    if (text == "auto")
        mode = ColorMode::automatic;
    else if (text == "always")
        mode = ColorMode::always;
    else if (text == "never")
        mode = ColorMode::never;
    else
        return false;
    return true;
}

bool use_color(ColorMode mode, bool stdout_is_tty) {
    if (mode != ColorMode::automatic) return mode == ColorMode::always;
    const char* no_color = std::getenv("NO_COLOR");
    const char* term = std::getenv("TERM");
    bool dumb = term != nullptr && std::strcmp(term, "dumb") == 0;
    return stdout_is_tty && no_color == nullptr && !dumb;
}

bool stdout_is_terminal() {
    return isatty(STDOUT_FILENO) != 0;
}
bool stderr_is_terminal() {
    return isatty(STDERR_FILENO) != 0;
}

namespace {

std::string wrap(bool enabled, const char* code, std::string_view text) {
    if (!enabled) return std::string(text);
    return std::string("\033[") + code + "m" + std::string(text) + "\033[0m";
}

}  // namespace

std::string Palette::green(std::string_view text) const {
    return wrap(enabled, "32", text);
}
std::string Palette::yellow(std::string_view text) const {
    return wrap(enabled, "33", text);
}
std::string Palette::red(std::string_view text) const {
    return wrap(enabled, "31", text);
}
std::string Palette::dim(std::string_view text) const {
    return wrap(enabled, "2", text);
}
std::string Palette::bold(std::string_view text) const {
    return wrap(enabled, "1", text);
}

}  // namespace patchbay
