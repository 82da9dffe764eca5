#pragma once
// What every tokenizer promises for any bytes, checked by the tokenizer fuzz targets: it never
// fails; every token is a view into the text, in order; the last token is `end`.

#include <string_view>
#include <vector>

#include "checks/token.hpp"

namespace patchbay::fuzzing {

inline void check_token_invariants(std::string_view text, const std::vector<Token>& tokens) {
    if (tokens.empty() || tokens.back().kind != TokenKind::end) __builtin_trap();
    const char* previous = text.data();
    for (const auto& token : tokens) {
        if (token.text.empty()) continue;  // indent, dedent, newline and end may be empty views
        if (token.text.data() < previous ||
            token.text.data() + token.text.size() > text.data() + text.size())
            __builtin_trap();
        if (token.line < 1 || token.column < 1) __builtin_trap();
        previous = token.text.data();
    }
}

}  // namespace patchbay::fuzzing
