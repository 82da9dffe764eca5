#pragma once
// Tokens of the two source front ends (Python for Triton kernels, C/C++ for CUDA). A token is a
// view into the file's text, with its 1-based line and column. Tokenizers never fail: an
// unterminated string or comment runs to the end of the file, unbalanced brackets are kept.

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace patchbay {

enum class TokenKind {
    identifier,  // names and keywords
    number,
    string,     // the whole literal, prefix and quotes included (r"…", f'…', """…""", "…")
    op,         // operators and punctuation, longest match ("**", "//", "->", "::", "<<=")
    newline,    // Python: end of a logical line (not inside brackets)
    indent,     // Python only
    dedent,     // Python only
    directive,  // C/C++: a whole preprocessor line ("#include <x>"), continuations joined
    end,        // always the last token
};

struct Token {
    TokenKind kind = TokenKind::end;
    std::string_view text;
    std::int64_t line = 0;    // 1-based
    std::int64_t column = 0;  // 1-based, in bytes
};

// A set of bytes as a table, for the lexers' per-byte tests (string_view::find is a memchr call).
constexpr std::array<bool, 256> byte_set(std::string_view bytes) {
    std::array<bool, 256> set{};
    for (char c : bytes) set[static_cast<unsigned char>(c)] = true;
    return set;
}

inline bool is_op(const Token& token, std::string_view text) {
    return token.kind == TokenKind::op && token.text == text;
}

// A keyword (or any word) spelled `text`: lexers give keywords as identifiers.
inline bool is_keyword(const Token& token, std::string_view text) {
    return token.kind == TokenKind::identifier && token.text == text;
}

// Whether a word is in a keyword list.
template <std::size_t N>
bool one_of(std::string_view word, const std::array<std::string_view, N>& words) {
    for (auto w : words)
        if (w == word) return true;
    return false;
}

// ASCII by hand, as the per-byte tests of both lexers (std::isdigit depends on the locale).
constexpr bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

// Comments are not tokens; suppression comments are read from the raw lines instead.
std::vector<Token> tokenize_python(std::string_view text);
std::vector<Token> tokenize_cpp(std::string_view text);
// The same into `tokens`, whose old contents go and whose capacity stays: a caller that reuses
// one vector file after file touches no fresh pages for it.
void tokenize_python(std::string_view text, std::vector<Token>& tokens);
void tokenize_cpp(std::string_view text, std::vector<Token>& tokens);

}  // namespace patchbay
