#pragma once
// The substring test of the audit's pre-filters, which run over every byte of the tree: glibc's
// memmem skips ahead far faster than std::string_view::find, which stops at every occurrence of
// the needle's first character ('p', 'b' and 's' are everywhere in source code).

#include <string.h>

#include <string_view>

namespace patchbay {

inline bool text_contains(std::string_view text, std::string_view needle) {
    if (needle.empty()) return true;
    return memmem(text.data(), text.size(), needle.data(), needle.size()) != nullptr;
}

}  // namespace patchbay
