#include "tool/printable_message.hpp"

#include <fmt/format.h>

#include "common/elide.hpp"

namespace patchbay {

namespace {

std::string escape_controls(std::string_view text) {
    std::string out;
    for (const char byte : text) {
        const auto c = static_cast<unsigned char>(byte);
        if (c < 0x20 || c == 0x7F)
            out += fmt::format("\\x{:02x}", c);
        else
            out += byte;
    }
    return out;
}

}  // namespace

std::string printable_message(std::string_view message) {
    return escape_controls(elide(message, kElideMessageLimit));
}

}  // namespace patchbay
