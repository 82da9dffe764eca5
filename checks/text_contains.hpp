#pragma once
// The substring test of the audit's pre-filters, which run over every byte of the tree several
// times. std::string_view::find runs memchr on the needle's first character and stops at every
// 'p', 'r', 's' or 't' of the text ("page_table", "req_to_token", "slot_mapping", "typedef");
// this runs memchr on the needle's rarest character in kernel code instead ('j', 'q', 'y', ...)
// and compares only around those.

#include <string_view>

namespace patchbay {

// Index of the character of `needle` that source code uses least (an ordering of ASCII letters
// by frequency in code; anything not ranked counts as common).
std::size_t rarest_character(std::string_view needle);

bool text_contains(std::string_view text, std::string_view needle);

}  // namespace patchbay
