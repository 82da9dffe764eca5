#pragma once
// The C/C++ tokenizer's partial form; the whole one, tokenize_cpp, is in checks/token.hpp.

#include <span>
#include <string_view>
#include <vector>

#include "checks/token.hpp"

namespace patchbay {

// The bytes a C/C++ identifier starts with, and those it goes on with (GCC takes `$` and the
// bytes of UTF-8 letters too).
constexpr bool is_ident_start(char c) {
    auto u = static_cast<unsigned char>(c);
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || u >= 0x80;
}

constexpr bool is_ident_char(char c) {
    return is_ident_start(c) || is_digit(c);
}

// Only the statements of `text` that start with one of `first_words`, each from that word to
// the first `;`, `{` or `(` (kept), then the end token: what add_type_aliases reads of a file
// ("typedef", "using"), found where the whole tokenizer would find them (comments, strings and
// directives skipped alike) without keeping the rest of a header's tokens.
void tokenize_cpp_statements(std::string_view text, std::span<const std::string_view> first_words,
                             std::vector<Token>& tokens);

}  // namespace patchbay
