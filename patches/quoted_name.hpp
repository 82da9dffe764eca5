#pragma once
// Git writes a name with special bytes as a C string ("a/x y\t.py"); this undoes that.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace patchbay {

struct QuotedName {
    std::string name;    // unquoted
    std::size_t length;  // bytes of `text` it took, both quotes included
};

// `text` starts with the opening quote; nullopt when the string is not closed or has a bad escape.
std::optional<QuotedName> unquote_c_name(std::string_view text);

}  // namespace patchbay
