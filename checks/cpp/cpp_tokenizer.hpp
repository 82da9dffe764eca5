#pragma once
// The C/C++ tokenizer's partial form; the whole one, tokenize_cpp, is in checks/token.hpp.

#include <span>
#include <string_view>
#include <vector>

#include "checks/token.hpp"

namespace patchbay {

// Only the statements of `text` that start with one of `first_words`, each from that word to
// the first `;`, `{` or `(` (kept), then the end token: what add_type_aliases reads of a file
// ("typedef", "using"), found where the whole tokenizer would find them (comments, strings and
// directives skipped alike) without keeping the rest of a header's tokens.
void tokenize_cpp_statements(std::string_view text, std::span<const std::string_view> first_words,
                             std::vector<Token>& tokens);

}  // namespace patchbay
