#include "config/toml_text.hpp"

#include <toml++/toml.h>

#include <sstream>

namespace patchbay {

// Without literal ('...') and multi-line strings and with tabs escaped, TOML++ writes every
// string in double quotes, as a person writes patchbay.toml; unicode stays unescaped.
std::string toml_quoted(std::string_view text) {
    std::ostringstream out;
    out << toml::toml_formatter(toml::value<std::string>(std::string(text)),
                                toml::format_flags::allow_unicode_strings);
    return out.str();
}

}  // namespace patchbay
