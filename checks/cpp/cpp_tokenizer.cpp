// The C/C++/CUDA tokenizer (checks/token.hpp, checks/cpp/cpp_tokenizer.hpp). Comments are
// dropped, preprocessor lines become one `directive` token, `<<<`/`>>>` of kernel launches are
// single operators and `>>` is kept whole: a parser that closes templates splits it.

#include <algorithm>
#include <array>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "checks/cpp/cpp_tokenizer.hpp"
#include "checks/token.hpp"

namespace patchbay {
namespace {

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
    word,
    digit,
    quote,
    dot,   // a number (".5") or an operator
    hash,  // a directive at the start of a line
    // Bytes that may start no token: skip_space_and_comments looks further only from here on.
    blank,       // ' ', '\t': no line to count
    line_break,  // '\n', '\r', '\f', '\v'
    slash,       // a comment or an operator
    backslash,   // a line splice or an operator
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

// What a byte of a line is to skip_plain_line: one that may start a comment, a literal (a char
// literal or a digit separator), a directive or a line splice stops it, as may the first byte
// of a listed word.
enum class LineByte : unsigned char { plain, stop, newline, word_start };

std::array<LineByte, 256> line_byte_table(std::span<const std::string_view> first_words) {
    std::array<LineByte, 256> table{};
    for (unsigned char c : std::string_view("/\"'#\\")) table[c] = LineByte::stop;
    table['\n'] = LineByte::newline;
    for (auto word : first_words) {
        if (word.empty()) continue;
        auto& first = table[static_cast<unsigned char>(word[0])];
        if (first == LineByte::plain) first = LineByte::word_start;  // a stop stays a stop
    }
    return table;
}

bool is_cpp_string_prefix(std::string_view word) {
    static constexpr std::array<std::string_view, 9> kPrefixes = {"u8",  "u",  "U",  "L", "R",
                                                                  "u8R", "uR", "UR", "LR"};
    for (auto prefix : kPrefixes)
        if (word == prefix) return true;
    return false;
}

// The length of the operator at `p` (one to three bytes), before `end`: the longest of
//   ->* <<= >>= ... <=> <<< >>>  -> :: ++ -- << >> <= >= == != && || += -= *= /= %= &= |= ^= .* ##
// told by its first byte, where a walk over that list was the tokenizer's hottest loop.
std::size_t operator_length(const char* p, const char* end) {
    const char second = end - p > 1 ? p[1] : '\0';
    const char third = end - p > 2 ? p[2] : '\0';
    switch (p[0]) {
        case '-':
            if (second == '>') return third == '*' ? 3 : 2;
            return second == '-' || second == '=' ? 2 : 1;
        case '<':
            if (second == '<') return third == '=' || third == '<' ? 3 : 2;
            if (second == '=') return third == '>' ? 3 : 2;
            return 1;
        case '>':
            if (second == '>') return third == '=' || third == '>' ? 3 : 2;
            return second == '=' ? 2 : 1;
        case '.':
            if (second == '.' && third == '.') return 3;
            return second == '*' ? 2 : 1;
        case ':':
            return second == ':' ? 2 : 1;
        case '+':
            return second == '+' || second == '=' ? 2 : 1;
        case '&':
            return second == '&' || second == '=' ? 2 : 1;
        case '|':
            return second == '|' || second == '=' ? 2 : 1;
        case '#':
            return second == '#' ? 2 : 1;
        case '=':
        case '!':
        case '*':
        case '/':
        case '%':
        case '^':
            return second == '=' ? 2 : 1;
        default:
            return 1;
    }
}

// The lexer's cursor is a local pointer passed from step to step, not a member: a member was
// stored and read back around every token's push_back, and the loop's state lived on the stack.
// The line bookkeeping stays in members, touched only at newlines and once per token.
class CppLexer {
  public:
    // With `first_words`, only the statements that start with one of them are kept, from that
    // word to the first `;`, `{` or `(` (tokenize_cpp_statements). One class for both: as a
    // template for each, the compiler no longer inlined the token's push_back.
    CppLexer(std::string_view text, std::vector<Token>& tokens,
             const std::span<const std::string_view>* first_words = nullptr)
        : begin_(text.data()),
          end_(text.data() + text.size()),
          line_start_(begin_),
          tokens_(tokens),
          first_words_(first_words ? *first_words : std::span<const std::string_view>{}),
          statements_only_(first_words != nullptr) {
        tokens_.clear();
        // About one token per four bytes of C++: reserving that spares the vector's regrowth
        // copies.
        if (!statements_only_) tokens_.reserve(text.size() / 4 + 8);
        if (statements_only_) line_bytes_ = line_byte_table(first_words_);
    }

    void run() {
        const char* p = begin_;
        while ((p = skip_space_and_comments(p)) != end_) p = read_token(p);
        tokens_.push_back(Token{TokenKind::end, {end_, 0}, line_, column(end_)});
    }

  private:
    const char* const begin_;
    const char* const end_;
    std::int64_t line_ = 1;
    const char* line_start_;
    bool only_space_on_line_ = true;  // a '#' here starts a directive
    std::vector<Token>& tokens_;
    const std::span<const std::string_view> first_words_;
    const bool statements_only_;
    bool inside_statement_ = false;
    // What skip_plain_line makes of each byte (statements-only: the listed words' first bytes).
    std::array<LineByte, 256> line_bytes_{};

    // Whether a statements-only lexer keeps this token.
    bool in_statement(TokenKind kind, std::string_view text) {
        if (inside_statement_) {
            inside_statement_ =
                !(kind == TokenKind::op && (text == ";" || text == "{" || text == "("));
            return true;
        }
        if (kind != TokenKind::identifier) return false;
        for (auto word : first_words_)
            if (text == word) return inside_statement_ = true;
        return false;
    }

    // The byte `ahead` past `p`, '\0' past the end.
    char peek(const char* p, std::size_t ahead = 0) const {
        return static_cast<std::size_t>(end_ - p) > ahead ? p[ahead] : '\0';
    }
    std::int64_t column(const char* p) const { return (p - line_start_) + 1; }

    // Past the byte at `p`, counting it if it ends a line.
    const char* advance(const char* p) {
        if (*p == '\n') new_line(p);
        return p + 1;
    }
    void new_line(const char* newline) {
        ++line_;
        line_start_ = newline + 1;
        only_space_on_line_ = true;
    }
    // Moves to `to` (at most the end of the text) a line at a time: comments and raw strings
    // are a good part of a file, and most of their bytes need no look.
    const char* advance_to(const char* p, const char* to) {
        to = std::min(to, end_);
        if (to <= p) return p;
        while (const void* newline = std::memchr(p, '\n', static_cast<std::size_t>(to - p))) {
            p = static_cast<const char*>(newline);
            p = advance(p);
        }
        return to;
    }

    bool at_line_splice(const char* p) const {
        return peek(p) == '\\' &&
               (peek(p, 1) == '\n' || (peek(p, 1) == '\r' && peek(p, 2) == '\n'));
    }

    const char* skip_space_and_comments(const char* p) {
        while (p != end_) {
            const Lead lead = kLeads[static_cast<unsigned char>(*p)];
            if (lead < Lead::blank) return p;  // most calls: a token right after the last
            switch (lead) {
                case Lead::blank:
                    p = skip_run(p + 1, kBlank);
                    break;
                case Lead::line_break:
                    p = advance(p);
                    if (statements_only_ && !inside_statement_ && p[-1] == '\n')
                        p = skip_plain_line(p);
                    break;
                case Lead::backslash:
                    if (!at_line_splice(p)) return p;
                    p = advance_to(p, p + (peek(p, 1) == '\r' ? 3 : 2));
                    break;
                case Lead::slash:
                    if (peek(p, 1) == '/')
                        p = skip_line_comment(p);
                    else if (peek(p, 1) == '*')
                        p = skip_block_comment(p);
                    else
                        return p;
                    break;
                default:
                    return p;
            }
        }
        return p;
    }

    // Where a statements-only lexer goes on from the line that starts at `p`: its newline when
    // the line holds no stop byte (line_byte_table) and spells no listed word, since lexing it
    // would keep no token and leave the lexer as it found it (no comment, literal or directive goes
    // on to the next line); else `p`. Most lines of a header are such lines, and this look
    // costs a few instructions a byte where lexing them cost some twenty.
    const char* skip_plain_line(const char* p) const {
        const auto& bytes = line_bytes_;
        const char* const end = end_;
        for (const char* q = p;; ++q) {
            while (q != end && bytes[static_cast<unsigned char>(*q)] == LineByte::plain) ++q;
            if (q == end) return p;
            const LineByte kind = bytes[static_cast<unsigned char>(*q)];
            if (kind == LineByte::newline) return q;
            if (kind == LineByte::stop || spells_listed_word(q)) return p;
        }
    }

    // Whether a listed word is spelled at `q` (as a token or inside one: either way the line is
    // lexed).
    bool spells_listed_word(const char* q) const {
        const auto left = static_cast<std::size_t>(end_ - q);
        for (auto word : first_words_)
            if (left >= word.size() && q[0] == word[0] && (word.size() < 2 || q[1] == word[1]) &&
                std::string_view(q, word.size()) == word)
                return true;
        return false;
    }

    // The first byte at or past `p` that is not in `set`.
    const char* skip_run(const char* p, const std::array<bool, 256>& set) const {
        while (p != end_ && set[static_cast<unsigned char>(*p)]) ++p;
        return p;
    }

    // A line comment ends at a newline that is not spliced by a backslash right before it (the
    // backslash of "\\\r\n" does not splice one).
    const char* skip_line_comment(const char* p) {
        for (;;) {
            auto* newline =
                static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end_ - p)));
            if (!newline) return end_;
            if (newline[-1] != '\\') return newline;  // no newline on the way: no line to count
            p = advance(newline);
        }
    }

    const char* skip_block_comment(const char* p) {
        std::string_view rest(p + 2, static_cast<std::size_t>(end_ - p - 2));
        auto close = rest.find("*/");
        return advance_to(p, close == std::string_view::npos ? end_ : rest.data() + close + 2);
    }

    const char* read_token(const char* p) {
        const char* begin = p;
        const std::int64_t line = line_, col = column(p);
        TokenKind kind = TokenKind::op;
        p = classify_and_consume(p, kind);
        const std::string_view text(begin, static_cast<std::size_t>(p - begin));
        if (!statements_only_ || in_statement(kind, text))
            tokens_.push_back(Token{kind, text, line, col});
        only_space_on_line_ = false;
        // The one space between two tokens, the commonest gap, without a round through the
        // dispatch of skip_space_and_comments.
        if (p != end_ && *p == ' ') ++p;
        return p;
    }

    // Consumes the token at `p`, sets its kind, returns where it ends.
    const char* classify_and_consume(const char* p, TokenKind& kind) {
        const char c = *p;
        const Lead lead = kLeads[static_cast<unsigned char>(c)];
        if (lead == Lead::word) return read_word(p, kind);
        if (lead == Lead::digit || (lead == Lead::dot && is_digit(peek(p, 1)))) {
            kind = TokenKind::number;
            return read_number(p);
        }
        if (lead == Lead::quote) {
            kind = TokenKind::string;
            return read_quoted(p, c);
        }
        if (lead == Lead::hash && only_space_on_line_) {
            kind = TokenKind::directive;
            return read_directive(p);
        }
        kind = TokenKind::op;
        return p + operator_length(p, end_);  // no newline in an operator
    }

    // The directive runs to the first newline that is not spliced; comments inside stay in it.
    const char* read_directive(const char* p) {
        while (p != end_ && *p != '\n') {
            if (at_line_splice(p)) p = advance_to(p, p + (peek(p, 1) == '\r' ? 2 : 1));
            p = advance(p);
        }
        // A trailing CR belongs to the line ending, not the directive.
        while (p != begin_ && p[-1] == '\r') --p;
        return p;
    }

    // A word holds no newline, so the cursor moves without advance()'s line bookkeeping.
    const char* read_word(const char* p, TokenKind& kind) {
        const char* begin = p;
        p = skip_run(p + 1, kIdentChar);
        kind = TokenKind::identifier;
        if ((peek(p) == '"' || peek(p) == '\'') &&
            is_cpp_string_prefix({begin, static_cast<std::size_t>(p - begin)})) {
            kind = TokenKind::string;
            if (p[-1] == 'R' && *p == '"') return read_raw_string(p);
            return read_quoted(p, *p);
        }
        return p;
    }

    // A pp-number: digits, letters, '.', digit separators and signed exponents. It holds no
    // newline.
    const char* read_number(const char* p) {
        bool hex = p[0] == '0' && (peek(p, 1) == 'x' || peek(p, 1) == 'X');
        for (++p; p != end_; ++p) {
            char c = *p;
            if (kIdentChar[static_cast<unsigned char>(c)] || c == '.') continue;
            bool exponent_sign = (c == '+' || c == '-') && is_exponent_mark(p[-1], hex);
            bool separator = c == '\'' && is_ident_char(peek(p, 1));
            if (!(exponent_sign || separator)) break;
        }
        return p;
    }

    static bool is_exponent_mark(char c, bool hex) {
        return hex ? (c == 'p' || c == 'P') : (c == 'e' || c == 'E');
    }

    // "…" or '…' with escapes; an unterminated literal stops at the end of its line.
    const char* read_quoted(const char* p, char quote) {
        p = advance(p);
        while (p != end_ && *p != quote && *p != '\n') {
            if (*p == '\\' && end_ - p > 1) p = advance(p);
            p = advance(p);
        }
        if (peek(p) == quote) p = advance(p);
        return p;
    }

    // R"delim( … )delim"; unterminated, it runs to the end of the file.
    const char* read_raw_string(const char* p) {
        std::string_view rest(p, static_cast<std::size_t>(end_ - p));
        auto open = rest.find('(');
        auto line_end = rest.find('\n');
        if (open == std::string_view::npos || open > line_end) return read_quoted(p, '"');
        std::string closing = ")";
        closing.append(rest.substr(1, open - 1));
        closing.push_back('"');
        auto close = rest.find(closing, open + 1);
        return advance_to(
            p, close == std::string_view::npos ? end_ : rest.data() + close + closing.size());
    }
};

// The one body of both forms, with everything it calls inlined (flatten): left to itself, the
// compiler kept the token's push_back out of line, a call per token and a fifth more
// instructions.
[[gnu::noinline, gnu::flatten]] void lex(std::string_view text, std::vector<Token>& tokens,
                                         const std::span<const std::string_view>* first_words) {
    CppLexer(text, tokens, first_words).run();
}

}  // namespace

void tokenize_cpp(std::string_view text, std::vector<Token>& tokens) {
    lex(text, tokens, nullptr);
}

void tokenize_cpp_statements(std::string_view text, std::span<const std::string_view> first_words,
                             std::vector<Token>& tokens) {
    lex(text, tokens, &first_words);
}

std::vector<Token> tokenize_cpp(std::string_view text) {
    std::vector<Token> tokens;
    tokenize_cpp(text, tokens);
    return tokens;
}

}  // namespace patchbay
