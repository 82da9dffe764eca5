#pragma once
// The substring test of the audit's pre-filters, which run over every byte of the tree.
// std::string_view::find (memchr on the first character, then a compare) measured as fast as
// or faster than glibc's memmem here (bench/AUDIT_RESULTS.md), so it stays.

#include <string_view>

namespace patchbay {

inline bool text_contains(std::string_view text, std::string_view needle) {
    return text.find(needle) != std::string_view::npos;
}

}  // namespace patchbay
