#pragma once
// What the terminal allows: colour (docs/ARCHITECTURE.md §2: auto = stdout is a TTY, NO_COLOR
// unset, TERM not "dumb") and whether a progress line may be drawn on stderr.

#include <string>
#include <string_view>

namespace patchbay {

enum class ColorMode { automatic, always, never };

bool parse_color_mode(std::string_view text, ColorMode& mode);
bool use_color(ColorMode mode, bool stdout_is_tty);
bool stdout_is_terminal();
bool stderr_is_terminal();

// Wraps text in an ANSI colour when `enabled`.
struct Palette {
    bool enabled = false;
    std::string green(std::string_view text) const;
    std::string yellow(std::string_view text) const;
    std::string red(std::string_view text) const;
    std::string dim(std::string_view text) const;
    std::string bold(std::string_view text) const;
};

}  // namespace patchbay
