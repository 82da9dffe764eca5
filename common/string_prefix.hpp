#pragma once
// Reading a text field by field: a known prefix is taken off the front when it is there.

#include <string_view>

namespace patchbay {

// Removes `prefix` from the front of `text` and says true, or leaves `text` as it is.
inline bool consume_prefix(std::string_view& text, std::string_view prefix) {
    if (!text.starts_with(prefix)) return false;
    text.remove_prefix(prefix.size());
    return true;
}

}  // namespace patchbay
