// The C/C++/CUDA tokenizer (checks/token.hpp). Comments are dropped, preprocessor lines become
// one `directive` token, `<<<`/`>>>` of kernel launches are single operators and `>>` is kept
// whole: a parser that closes templates splits it.

#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "checks/token.hpp"

namespace patchbay {
namespace {

constexpr bool is_ident_start(char c) {
    auto u = static_cast<unsigned char>(c);
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || u >= 0x80;
}

constexpr bool is_ident_char(char c) {
    return is_ident_start(c) || is_digit(c);
}

// is_ident_char as a table, for the tokenizer's hottest loop (the letters of every word).
constexpr std::array<bool, 256> ident_char_table() {
    std::array<bool, 256> table{};
    for (int c = 0; c < 256; ++c) table[c] = is_ident_char(static_cast<char>(c));
    return table;
}

// What a byte may start: the lexer dispatches on one table look, where a chain of tests for
// every byte between tokens cost a tenth of the tokenizer's instructions.
enum class Lead : unsigned char {
    punctuation,  // an operator
    blank,        // ' ', '\t': no line to count
    line_break,   // '\n', '\r', '\f', '\v'
    word,
    digit,
    quote,
    slash,      // a comment or an operator
    dot,        // a number (".5") or an operator
    hash,       // a directive at the start of a line
    backslash,  // a line splice or an operator
};

constexpr std::array<Lead, 256> lead_table() {
    std::array<Lead, 256> table{};
    for (int c = 0; c < 256; ++c) {
        const char byte = static_cast<char>(c);
        if (is_ident_start(byte)) table[c] = Lead::word;
        if (is_digit(byte)) table[c] = Lead::digit;
    }
    for (unsigned char c : std::string_view(" \t")) table[c] = Lead::blank;
    for (unsigned char c : std::string_view("\n\r\f\v")) table[c] = Lead::line_break;
    table['"'] = table['\''] = Lead::quote;
    table['/'] = Lead::slash;
    table['.'] = Lead::dot;
    table['#'] = Lead::hash;
    table['\\'] = Lead::backslash;
    return table;
}

constexpr auto kLeads = lead_table();
constexpr auto kIdentChar = ident_char_table();
constexpr auto kBlank = byte_set(" \t");

bool is_cpp_string_prefix(std::string_view word) {
    static constexpr std::array<std::string_view, 9> kPrefixes = {"u8",  "u",  "U",  "L", "R",
                                                                  "u8R", "uR", "UR", "LR"};
    for (auto prefix : kPrefixes)
        if (word == prefix) return true;
    return false;
}

// Longest operators first, so the first match is the longest one.
constexpr std::array<std::string_view, 29> kOperators = {
    "->*", "<<=", ">>=", "...", "<=>", "<<<", ">>>", "->", "::", "++", "--", "<<", ">>", "<=", ">=",
    "==",  "!=",  "&&",  "||",  "+=",  "-=",  "*=",  "/=", "%=", "&=", "|=", "^=", ".*", "##"};

// Whether `c` then `next` may start one of kOperators (by their first and second bytes): any
// other punctuation is a one-byte operator at once, without a walk over the table (`(`, `,`,
// `;`, `x.y`, `a * b` ... are most of a file's operators).
bool may_start_long_operator(char c, char next) {
    static constexpr auto kFirsts = byte_set("-<>.:+=!&|*/%^#");
    static constexpr auto kSeconds = byte_set("><.=:+-&|*#");
    return kFirsts[static_cast<unsigned char>(c)] && kSeconds[static_cast<unsigned char>(next)];
}

class CppLexer {
  public:
    // About one token per four bytes of C++: reserving that spares the vector's regrowth copies.
    CppLexer(std::string_view text, std::vector<Token>& tokens) : text_(text), tokens_(tokens) {
        tokens_.clear();
        tokens_.reserve(text.size() / 4 + 8);
    }

    void run() {
        while (skip_space_and_comments(), pos_ < text_.size()) read_token();
        tokens_.push_back(Token{TokenKind::end, text_.substr(text_.size()), line_, column()});
    }

  private:
    std::string_view text_;
    std::size_t pos_ = 0;
    std::int64_t line_ = 1;
    std::size_t line_start_ = 0;
    bool only_space_on_line_ = true;  // a '#' here starts a directive
    std::vector<Token>& tokens_;

    char peek(std::size_t ahead = 0) const {
        return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
    }
    // Bytes [begin, end) of the text, both in it: no bounds check as substr makes.
    std::string_view text_between(std::size_t begin, std::size_t end) const {
        return {text_.data() + begin, end - begin};
    }
    std::int64_t column() const { return static_cast<std::int64_t>(pos_ - line_start_) + 1; }

    void advance() {
        if (text_[pos_] == '\n') {
            ++line_;
            line_start_ = pos_ + 1;
            only_space_on_line_ = true;
        }
        ++pos_;
    }
    // Moves to `end` (at most the end of the text) a line at a time: comments and raw strings
    // are a good part of a file, and most of their bytes need no look.
    void advance_to(std::size_t end) {
        end = std::min(end, text_.size());
        if (end <= pos_) return;
        while (const void* newline = std::memchr(text_.data() + pos_, '\n', end - pos_)) {
            pos_ = static_cast<std::size_t>(static_cast<const char*>(newline) - text_.data());
            advance();
        }
        pos_ = end;
    }

    bool at_line_splice() const {
        return peek() == '\\' && (peek(1) == '\n' || (peek(1) == '\r' && peek(2) == '\n'));
    }

    void skip_space_and_comments() {
        while (pos_ < text_.size()) {
            switch (kLeads[static_cast<unsigned char>(text_[pos_])]) {
                case Lead::blank:
                    pos_ = skip_run(pos_, kBlank);
                    break;
                case Lead::line_break:
                    advance();
                    break;
                case Lead::backslash:
                    if (!at_line_splice()) return;
                    advance_to(pos_ + (peek(1) == '\r' ? 3 : 2));
                    break;
                case Lead::slash:
                    if (peek(1) == '/')
                        skip_line_comment();
                    else if (peek(1) == '*')
                        skip_block_comment();
                    else
                        return;
                    break;
                default:
                    return;
            }
        }
    }

    // The index of the first byte at or past `from` that is not in `set`. The cursor is a local,
    // not the member: that would be stored and read back for every byte of a word.
    std::size_t skip_run(std::size_t from, const std::array<bool, 256>& set) const {
        const char* p = text_.data() + from;
        const char* end = text_.data() + text_.size();
        while (p != end && set[static_cast<unsigned char>(*p)]) ++p;
        return static_cast<std::size_t>(p - text_.data());
    }

    // A line comment ends at a newline that is not spliced by a backslash right before it (the
    // backslash of "\\\r\n" does not splice one).
    void skip_line_comment() {
        for (;;) {
            auto newline = text_.find('\n', pos_);
            if (newline == std::string_view::npos) return void(pos_ = text_.size());
            pos_ = newline;  // no newline on the way: no line to count
            if (text_[newline - 1] != '\\') return;
            advance();
        }
    }

    void skip_block_comment() {
        auto close = text_.find("*/", pos_ + 2);
        advance_to(close == std::string_view::npos ? text_.size() : close + 2);
    }

    void emit(TokenKind kind, std::size_t begin, std::int64_t line, std::int64_t col) {
        tokens_.push_back(Token{kind, text_between(begin, pos_), line, col});
        only_space_on_line_ = false;
    }

    void read_token() {
        std::size_t begin = pos_;
        std::int64_t line = line_, col = column();
        TokenKind kind = classify_and_consume();
        emit(kind, begin, line, col);
        // The one space between two tokens, the commonest gap, without a round through the
        // dispatch of skip_space_and_comments.
        if (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
    }

    TokenKind classify_and_consume() {
        const char c = peek();
        const Lead lead = kLeads[static_cast<unsigned char>(c)];
        if (lead == Lead::word) return read_word();
        if (lead == Lead::digit || (lead == Lead::dot && is_digit(peek(1)))) return read_number();
        if (lead == Lead::quote) return read_quoted(c);
        if (lead == Lead::hash && only_space_on_line_) return read_directive();
        return read_operator();
    }

    // The directive runs to the first newline that is not spliced; comments inside stay in it.
    TokenKind read_directive() {
        while (pos_ < text_.size() && peek() != '\n') {
            if (at_line_splice()) advance_to(pos_ + (peek(1) == '\r' ? 2 : 1));
            advance();
        }
        std::size_t end = pos_;
        while (end > 0 && text_[end - 1] == '\r') --end;
        pos_ = end;  // a trailing CR belongs to the line ending, not the directive
        return TokenKind::directive;
    }

    // A word holds no newline, so the cursor moves without advance()'s line bookkeeping.
    TokenKind read_word() {
        std::size_t begin = pos_;
        pos_ = skip_run(pos_, kIdentChar);
        auto word = text_between(begin, pos_);
        if ((peek() == '"' || peek() == '\'') && is_cpp_string_prefix(word)) {
            if (word.back() == 'R' && peek() == '"') return read_raw_string();
            return read_quoted(peek());
        }
        return TokenKind::identifier;
    }

    // A pp-number: digits, letters, '.', digit separators and signed exponents.
    TokenKind read_number() {
        bool hex = peek() == '0' && (peek(1) == 'x' || peek(1) == 'X');
        advance();
        while (pos_ < text_.size()) {
            char c = peek();
            char before = text_[pos_ - 1];
            bool exponent_sign = (c == '+' || c == '-') && is_exponent_mark(before, hex);
            bool separator = c == '\'' && is_ident_char(peek(1));
            if (!(is_ident_char(c) || c == '.' || exponent_sign || separator)) break;
            advance();
        }
        return TokenKind::number;
    }

    static bool is_exponent_mark(char c, bool hex) {
        return hex ? (c == 'p' || c == 'P') : (c == 'e' || c == 'E');
    }

    // "…" or '…' with escapes; an unterminated literal stops at the end of its line.
    TokenKind read_quoted(char quote) {
        advance();
        while (pos_ < text_.size() && peek() != quote && peek() != '\n') {
            if (peek() == '\\' && pos_ + 1 < text_.size()) advance();
            advance();
        }
        if (peek() == quote) advance();
        return TokenKind::string;
    }

    // R"delim( … )delim"; unterminated, it runs to the end of the file.
    TokenKind read_raw_string() {
        auto open = text_.find('(', pos_);
        auto line_end = text_.find('\n', pos_);
        if (open == std::string_view::npos || open > line_end) return read_quoted('"');
        std::string closing = ")";
        closing.append(text_.substr(pos_ + 1, open - pos_ - 1));
        closing.push_back('"');
        auto close = text_.find(closing, open + 1);
        advance_to(close == std::string_view::npos ? text_.size() : close + closing.size());
        return TokenKind::string;
    }

    TokenKind read_operator() {
        if (!may_start_long_operator(peek(), peek(1))) {
            advance();
            return TokenKind::op;
        }
        auto rest = text_.substr(pos_);
        // The first character rules out most operators without a string compare: this is the
        // tokenizer's hottest loop.
        for (auto op : kOperators) {
            if (op.front() == rest.front() && rest.starts_with(op)) {
                pos_ += op.size();  // no newline in an operator
                return TokenKind::op;
            }
        }
        advance();
        return TokenKind::op;
    }
};

}  // namespace

void tokenize_cpp(std::string_view text, std::vector<Token>& tokens) {
    CppLexer(text, tokens).run();
}

std::vector<Token> tokenize_cpp(std::string_view text) {
    std::vector<Token> tokens;
    tokenize_cpp(text, tokens);
    return tokens;
}

}  // namespace patchbay
