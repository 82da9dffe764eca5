// Python's lexical structure, as far as Triton kernels and ordinary modules need it: logical
// lines, INDENT/DEDENT from leading whitespace, strings with prefixes, numbers, longest-match
// operators. The lexer never fails; anything it cannot place becomes a one-byte op token.

#include <algorithm>
#include <array>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <vector>

#include "checks/python/python_parser.hpp"
#include "checks/token.hpp"

namespace patchbay {
namespace {

constexpr std::int64_t kTabWidth = 8;

// What lex_one does at a byte: one table lookup and a jump, where a chain of tests per token
// (blank? comment? word? digit? quote?) cost a dozen compares before most operators.
enum class ByteClass : std::uint8_t {
    other,           // a one-byte operator or punctuation: ',' ';' '~', anything unknown
    operator_start,  // may start a longer operator ("**", "//=", "->")
    blank,
    comment,
    backslash,
    line_break,
    word,  // letters, '_', and non-ASCII bytes (Unicode names)
    digit,
    dot,
    quote,
    open_bracket,
    close_bracket,
};

constexpr std::array<ByteClass, 256> byte_classes() {
    std::array<ByteClass, 256> classes{};
    auto mark = [&](std::string_view bytes, ByteClass byte_class) {
        for (char c : bytes) classes[static_cast<unsigned char>(c)] = byte_class;
    };
    for (int c = 0x80; c < 0x100; ++c) classes[static_cast<std::size_t>(c)] = ByteClass::word;
    mark("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_", ByteClass::word);
    mark("0123456789", ByteClass::digit);
    mark(" \t\f", ByteClass::blank);
    mark("#", ByteClass::comment);
    mark("\\", ByteClass::backslash);
    mark("\r\n", ByteClass::line_break);
    mark(".", ByteClass::dot);
    mark("\"'", ByteClass::quote);
    mark("*/<>-:+=!%&|^@", ByteClass::operator_start);
    mark("([{", ByteClass::open_bracket);
    mark(")]}", ByteClass::close_bracket);
    return classes;
}

constexpr auto kByteClasses = byte_classes();

ByteClass byte_class(char c) {
    return kByteClasses[static_cast<unsigned char>(c)];
}

bool is_identifier_char(char c) {
    ByteClass byte = byte_class(c);
    return byte == ByteClass::word || byte == ByteClass::digit;
}

bool is_not_line_break(char c) {
    return byte_class(c) != ByteClass::line_break;
}

bool is_python_string_prefix(std::string_view word) {
    static constexpr std::array<std::string_view, 8> kPrefixes = {"r",  "b",  "f",  "u",
                                                                  "rb", "br", "fr", "rf"};
    if (word.size() > 2) return false;
    std::array<char, 2> lower{};
    for (std::size_t i = 0; i < word.size(); ++i)
        lower[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(word[i])));
    std::string_view folded(lower.data(), word.size());
    for (auto prefix : kPrefixes)
        if (prefix == folded) return true;
    return false;
}

// The length of the operator at the start of `rest`: 1, 2 or 3 (longest match). Decided by its
// first two bytes in one switch: every longer operator is a doubled `* / < >` (with `=` after
// it: "**="), "...", "->", or an operator byte followed by `=`. A walk over a table of the
// operators cost sixty instructions at each of a kernel's operators.
std::size_t operator_length(std::string_view rest) {
    if (rest.size() < 2) return 1;
    const char first = rest[0];
    const char second = rest[1];
    const bool third_equal = rest.size() > 2 && rest[2] == '=';
    switch (first) {
        case '*':
        case '/':
        case '<':
        case '>':
            if (second == first) return third_equal ? 3 : 2;
            return second == '=' ? 2 : 1;
        case '.':
            return second == '.' && rest.size() > 2 && rest[2] == '.' ? 3 : 1;
        case '-':
            return second == '=' || second == '>' ? 2 : 1;
        case '=':
        case '!':
        case ':':
        case '+':
        case '%':
        case '&':
        case '|':
        case '^':
        case '@':
            return second == '=' ? 2 : 1;
        default:
            return 1;
    }
}

// Which logical lines keep their tokens; the others give their INDENT/DEDENTs and NEWLINE
// alone.
enum class LineFilter : std::uint8_t {
    none,
    kernels,    // tokenize_python_kernels
    env_reads,  // tokenize_python_env_lines
};

// The occurrences of a word in a text, asked for in increasing order: each is found once, by
// memchr for its rarest letter (`anchor`, an index into the word).
class WordSearch {
  public:
    WordSearch(std::string_view word, std::size_t anchor) : word_(word), anchor_(anchor) {}

    // Whether the word starts in [begin, end). `begin` never goes back between calls.
    bool before(std::string_view text, std::size_t begin, std::size_t end) {
        if (!searched_ || next_ < begin) next_ = find(text, begin);
        searched_ = true;
        return next_ < end;
    }

  private:
    std::string_view word_;
    std::size_t anchor_;
    std::size_t next_ = 0;  // the first occurrence at or after the last `begin`; npos if none
    bool searched_ = false;

    std::size_t find(std::string_view text, std::size_t from) const {
        for (std::size_t at = from + anchor_; at < text.size();) {
            const void* hit = std::memchr(text.data() + at, word_[anchor_], text.size() - at);
            if (!hit) break;
            const auto anchor_at =
                static_cast<std::size_t>(static_cast<const char*>(hit) - text.data());
            const std::size_t start = anchor_at - anchor_;
            if (text.substr(start, word_.size()) == word_) return start;
            at = anchor_at + 1;
        }
        return std::string_view::npos;
    }
};

class PythonLexer {
  public:
    // About one token per three bytes of a Triton kernel (five in ordinary Python, which is
    // tokenized only when it reads the environment): room for that spares the vector's
    // regrowth copies.
    //
    // The vector is sized to at least that up front and filled through a cursor (next_) from
    // its start: push_back's growth path, inlined into push(), made every push an out-of-line call
    // that saved and restored registers for a reallocation that almost never happens. A vector
    // that is already large enough is not sized again (each new element is written once more).
    PythonLexer(std::string_view text, std::vector<Token>& tokens, LineFilter filter,
                std::span<const std::string_view> jit_wrapped = {})
        : text_(text), tokens_(tokens), filter_(filter), jit_wrapped_(jit_wrapped) {
        tokens_.resize(std::max(tokens_.size(), text.size() / 3 + 8));
        next_ = tokens_.data();
        limit_ = next_ + tokens_.size();
    }

    // The number of tokens made, at the start of the vector.
    std::size_t run() {
        while (pos_ < text_.size()) {
            if (at_line_start_ && depth_ == 0) {
                begin_line();
                continue;
            }
            // The rest of the logical line: the flags tested above change only where it ends
            // (at_line_start_ is set only outside brackets).
            if (drop_line_)
                while (pos_ < text_.size() && !at_line_start_) skim_one();
            else
                while (pos_ < text_.size() && !at_line_start_) lex_one();
        }
        finish();
        return count();
    }

  private:
    std::string_view text_;
    std::size_t pos_ = 0;
    std::int64_t line_ = 1;
    std::size_t line_begin_ = 0;  // offset of the current physical line's first byte
    int depth_ = 0;
    bool at_line_start_ = true;
    std::vector<std::int64_t> indents_ = {0};
    std::vector<Token>& tokens_;
    // Where the next token goes, and the end of tokens_' room: an index into the vector cost
    // a load of its data and a multiply by 40 per token, its size a division.
    Token* next_ = nullptr;
    Token* limit_ = nullptr;

    std::size_t count() const { return static_cast<std::size_t>(next_ - tokens_.data()); }

    // Which logical lines keep their tokens (keeps_tokens(), may_read_env()).
    LineFilter filter_;
    std::span<const std::string_view> jit_wrapped_;  // kernels jitted by a call, not decorated
    bool drop_line_ = false;           // the current logical line gives its NEWLINE alone
    bool after_decorator_ = false;     // the previous logical line started with '@'
    std::size_t decorators_from_ = 0;  // the first token of that run of decorator lines
    bool in_kernel_ = false;           // below a def whose decorators may name a kernel
    std::int64_t kernel_indent_ = 0;   // that def's indentation

    char peek(std::size_t ahead = 0) const {
        return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
    }
    std::int64_t column_of(std::size_t offset) const {
        return static_cast<std::int64_t>(offset - line_begin_) + 1;
    }

    // The first offset from `at` whose byte fails `test` (or the end). The cursor is a local:
    // `++pos_` stored the member back at every byte of these loops, a name's the longest.
    template <class Test>
    std::size_t scan(std::size_t at, Test test) const {
        while (at < text_.size() && test(text_[at])) ++at;
        return at;
    }

    void push(TokenKind kind, std::size_t begin, std::size_t end, std::int64_t line,
              std::int64_t column) {
        if (next_ == limit_) [[unlikely]]
            grow();
        // Not substr: its range check is a branch per token on offsets the lexer made itself.
        *next_++ = {kind, std::string_view(text_.data() + begin, end - begin), line, column};
    }

    [[gnu::noinline]] void grow() {
        const std::size_t made = count();
        tokens_.resize(tokens_.size() * 2);
        next_ = tokens_.data() + made;
        limit_ = tokens_.data() + tokens_.size();
    }

    // Length of a line break at `offset` (\n, \r\n, a lone \r), 0 when there is none.
    std::size_t break_length(std::size_t offset) const {
        if (offset >= text_.size()) return 0;
        if (text_[offset] == '\n') return 1;
        if (text_[offset] != '\r') return 0;
        return offset + 1 < text_.size() && text_[offset + 1] == '\n' ? 2 : 1;
    }

    void advance_break(std::size_t length) {
        pos_ += length;
        ++line_;
        line_begin_ = pos_;
    }

    // Moves past the bytes [pos_, end), counting the line breaks inside (strings).
    void advance_to(std::size_t end) {
        while (pos_ < end) {
            auto length = break_length(pos_);
            if (length > 0)
                advance_break(length);
            else
                ++pos_;
        }
    }

    void begin_line() {
        const std::size_t start = pos_;
        std::int64_t width = 0;
        std::size_t at = start;  // a local cursor, as in scan()
        for (; at < text_.size(); ++at) {
            char c = text_[at];
            if (c == ' ')
                ++width;
            else if (c == '\t')
                width = (width / kTabWidth + 1) * kTabWidth;
            else if (c != '\f')
                break;
        }
        pos_ = at;
        if (is_blank_rest()) return skip_blank_line();
        at_line_start_ = false;
        set_indent(width, start);
        if (filter_ == LineFilter::kernels) drop_line_ = !keeps_tokens(width);
        if (filter_ == LineFilter::env_reads) drop_line_ = !may_read_env();
    }

    // Blank and comment-only lines neither end a logical line nor change the indentation.
    bool is_blank_rest() const {
        return pos_ >= text_.size() || peek() == '#' || break_length(pos_) > 0;
    }

    void skip_blank_line() {
        pos_ = scan(pos_, is_not_line_break);
        if (pos_ < text_.size()) advance_break(break_length(pos_));
    }

    void set_indent(std::int64_t width, std::size_t start) {
        if (width > indents_.back()) {
            indents_.push_back(width);
            push(TokenKind::indent, start, pos_, line_, column_of(pos_));
            return;
        }
        while (width < indents_.back()) {
            indents_.pop_back();
            push(TokenKind::dedent, pos_, pos_, line_, column_of(pos_));
        }
        if (width > indents_.back()) {  // inconsistent dedent: Python rejects it, we re-indent
            indents_.push_back(width);
            push(TokenKind::indent, start, pos_, line_, column_of(pos_));
        }
    }

    // Whether parse_jit_functions may read more of the logical line at pos_ (indented by
    // `width`) than that it is no decorator and no kernel's def. It reads decorator lines; the
    // line after them, a def, when a decorator may be a kernel's; and all lines indented below
    // that def, its body (parsed, or scanned line by line when its header does not parse). On
    // any other line the parser holds no kernel decorator and is at the top level, where such a
    // line only clears the decorators and is skipped: its NEWLINE does the same. The body
    // ends before the first line indented no deeper than the def: that line pops the def's
    // indentation and the DEDENTs close every block opened below it.
    bool keeps_tokens(std::int64_t width) {
        const bool decorator = text_[pos_] == '@';
        const bool def_line = after_decorator_ && !decorator;
        if (decorator && !after_decorator_) decorators_from_ = count();
        after_decorator_ = decorator;
        if (in_kernel_ && width > kernel_indent_) return true;
        in_kernel_ = false;
        if (decorator) return true;
        const bool kernel = (def_line && decorators_may_name_kernel()) || defines_jit_wrapped();
        if (!def_line && !kernel) return false;
        in_kernel_ = kernel;
        kernel_indent_ = width;
        return in_kernel_;
    }

    // Whether the line at pos_ is `def NAME` of a name the file hands to `jit(…)`.
    bool defines_jit_wrapped() const {
        if (jit_wrapped_.empty() || text_.compare(pos_, 4, "def ") != 0) return false;
        const std::size_t begin = scan(pos_ + 4, [](char c) { return c == ' '; });
        const std::size_t end = scan(begin, [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
        });
        return std::ranges::find(jit_wrapped_, text_.substr(begin, end - begin)) !=
               jit_wrapped_.end();
    }

    // Kernel decorators are spelled with a name `jit` or `kernel` (triton.jit, cute.kernel).
    bool decorators_may_name_kernel() const {
        for (std::size_t i = decorators_from_, made = count(); i < made; ++i) {
            const Token& token = tokens_[i];
            if (token.kind == TokenKind::identifier &&
                (token.text == "jit" || token.text == "kernel"))
                return true;
        }
        return false;
    }

    // Env reads only: whether the logical line at pos_ spells "environ", "getenv" or "import"
    // (anywhere, in a string or a comment too). The line is skimmed to its end to know; a line
    // that may read is lexed from its start again, one that cannot is left skimmed (its NEWLINE
    // made).
    // Out of line: inlined into begin_line, it slowed the kernels lexer.
    [[gnu::noinline]] bool may_read_env() {
        const std::size_t first_token = count();  // an index: the skim's NEWLINE may grow tokens_
        const std::size_t start = pos_;
        const std::int64_t line = line_;
        const std::size_t line_begin = line_begin_;
        while (pos_ < text_.size() && !at_line_start_) skim_one();
        const bool reads = environ_.before(text_, start, pos_) ||
                           getenv_.before(text_, start, pos_) || import_.before(text_, start, pos_);
        if (!reads) return false;
        next_ = tokens_.data() + first_token;
        pos_ = start;
        line_ = line;
        line_begin_ = line_begin;
        depth_ = 0;
        at_line_start_ = false;
        return true;
    }
    WordSearch environ_{"environ", 2};  // anchored on its 'v', a rare letter
    WordSearch getenv_{"getenv", 5};
    WordSearch import_{"import", 2};  // on its 'p'

    // A dropped line is scanned only for what ends it or hides its end: comments, strings,
    // brackets, continuations, line breaks. Its INDENT/DEDENT and NEWLINE are made as usual.
    // Inlined: a call from the two loops that skim cost the kernels lexer 2 % more.
    [[gnu::always_inline]] void skim_one() {
        static constexpr auto kStops = byte_set("#\\\r\n\"'([{)]}");
        pos_ = scan(pos_, [](char c) { return !kStops[static_cast<unsigned char>(c)]; });
        if (pos_ >= text_.size()) return;
        switch (byte_class(text_[pos_])) {
            case ByteClass::comment:
                return skip_comment();
            case ByteClass::backslash:
                if (break_length(pos_ + 1) == 0) {
                    ++pos_;
                    return;
                }
                return advance_break(1 + break_length(pos_ + 1));
            case ByteClass::line_break:
                return end_physical_line();
            case ByteClass::quote:
                return advance_to(string_end(pos_));
            case ByteClass::open_bracket:
                ++depth_;
                ++pos_;
                return;
            case ByteClass::close_bracket:
                if (depth_ > 0) --depth_;
                ++pos_;
                return;
            default:
                ++pos_;
                return;
        }
    }

    void lex_one() {
        switch (byte_class(text_[pos_])) {
            case ByteClass::blank:
                return skip_blanks();
            case ByteClass::comment:
                return skip_comment();
            case ByteClass::backslash:
                if (break_length(pos_ + 1) == 0) return lex_operator();
                return advance_break(1 + break_length(pos_ + 1));
            case ByteClass::line_break:
                return end_physical_line();
            case ByteClass::word:
                return lex_word();
            case ByteClass::digit:
                return lex_number();
            case ByteClass::dot:
                return is_digit(peek(1)) ? lex_number() : lex_operator();
            case ByteClass::quote:
                return lex_string(pos_, pos_);
            case ByteClass::open_bracket:
                ++depth_;
                return push_operator(1);
            case ByteClass::close_bracket:
                if (depth_ > 0) --depth_;
                return push_operator(1);
            case ByteClass::operator_start:
                return lex_operator();
            case ByteClass::other:
                return push_operator(1);
        }
    }

    void skip_blanks() {
        pos_ = scan(pos_, [](char c) { return byte_class(c) == ByteClass::blank; });
    }

    void skip_comment() { pos_ = scan(pos_, is_not_line_break); }

    void end_physical_line() {
        if (depth_ == 0) {
            push(TokenKind::newline, pos_, pos_ + break_length(pos_), line_, column_of(pos_));
            at_line_start_ = true;
        }
        advance_break(break_length(pos_));
    }

    void lex_word() {
        std::size_t begin = pos_;
        pos_ = scan(pos_, is_identifier_char);
        std::string_view word = text_.substr(begin, pos_ - begin);
        if ((peek() == '"' || peek() == '\'') && is_python_string_prefix(word))
            return lex_string(begin, pos_);
        push(TokenKind::identifier, begin, pos_, line_, column_of(begin));
        skip_space();
    }

    void lex_number() {
        std::size_t begin = pos_;
        if (peek() == '0' && std::isalpha(static_cast<unsigned char>(peek(1))) != 0 &&
            std::string_view("xXoObB").find(peek(1)) != std::string_view::npos) {
            pos_ += 2;
            while (pos_ < text_.size() &&
                   (std::isxdigit(static_cast<unsigned char>(peek())) != 0 || peek() == '_'))
                ++pos_;
        } else {
            lex_decimal();
        }
        if (peek() == 'j' || peek() == 'J') ++pos_;
        push(TokenKind::number, begin, pos_, line_, column_of(begin));
    }

    void skip_digits() {
        while (is_digit(peek()) || (peek() == '_' && is_digit(peek(1)))) ++pos_;
    }

    void lex_decimal() {
        skip_digits();
        if (peek() == '.') {
            ++pos_;
            skip_digits();
        }
        bool signed_exponent = (peek(1) == '+' || peek(1) == '-') && is_digit(peek(2));
        if ((peek() == 'e' || peek() == 'E') && (is_digit(peek(1)) || signed_exponent)) {
            pos_ += signed_exponent ? 2 : 1;
            skip_digits();
        }
    }

    // `begin` is the first byte of the prefix (if any), `quote_at` the opening quote.
    // Out of line, as GCC left it before skim_one was inlined twice: inlined, it cost more.
    [[gnu::noinline]] void lex_string(std::size_t begin, std::size_t quote_at) {
        std::int64_t line = line_;
        std::int64_t column = column_of(begin);
        std::size_t end = string_end(quote_at);
        advance_to(end);
        push(TokenKind::string, begin, end, line, column);
    }

    // One past the closing quote(s) of the string opened at `quote_at`, or the end of the text
    // when it is unterminated.
    std::size_t string_end(std::size_t quote_at) const {
        char quote = text_[quote_at];
        bool triple = quote_at + 2 < text_.size() && text_[quote_at + 1] == quote &&
                      text_[quote_at + 2] == quote;
        return string_end(quote_at + (triple ? 3 : 1), quote, triple);
    }

    std::size_t string_end(std::size_t at, char quote, bool triple) const {
        while (at < text_.size()) {
            char c = text_[at];
            if (c == '\\') {
                at += 2;
                continue;
            }
            if (c == quote && (!triple || closes_triple(at, quote))) return at + (triple ? 3 : 1);
            ++at;
        }
        return text_.size();
    }

    bool closes_triple(std::size_t at, char quote) const {
        return at + 2 < text_.size() && text_[at + 1] == quote && text_[at + 2] == quote;
    }

    // Inlined into lex_one: GCC left it a call (register saves and all) at every operator.
    [[gnu::always_inline]] void lex_operator() {
        push_operator(operator_length(text_.substr(pos_)));
    }

    void push_operator(std::size_t length) {
        push(TokenKind::op, pos_, pos_ + length, line_, column_of(pos_));
        pos_ += length;
        skip_space();
    }

    // Most names and operators of a kernel are followed by a space (`a = b + c`): skipped
    // here, a blank costs one compare rather than a trip through run()'s dispatch.
    void skip_space() {
        if (pos_ < text_.size() && text_[pos_] == ' ') skip_blanks();
    }

    void finish() {
        bool open_line = count() > 0 && next_[-1].kind != TokenKind::newline &&
                         next_[-1].kind != TokenKind::dedent;
        if (open_line) push(TokenKind::newline, pos_, pos_, line_, column_of(pos_));
        for (std::size_t i = 1; i < indents_.size(); ++i)
            push(TokenKind::dedent, pos_, pos_, line_, column_of(pos_));
        push(TokenKind::end, pos_, pos_, line_, column_of(pos_));
    }
};

}  // namespace

void tokenize_python(std::string_view text, std::vector<Token>& tokens) {
    tokens.resize(PythonLexer(text, tokens, LineFilter::none).run());
}

std::span<const Token> tokenize_python_kernels(std::string_view text, std::vector<Token>& buffer,
                                               std::span<const std::string_view> jit_wrapped) {
    // may move the buffer
    const std::size_t count = PythonLexer(text, buffer, LineFilter::kernels, jit_wrapped).run();
    return {buffer.data(), count};
}

void tokenize_python_env_lines(std::string_view text, std::vector<Token>& tokens) {
    tokens.resize(PythonLexer(text, tokens, LineFilter::env_reads).run());
}

std::vector<Token> tokenize_python(std::string_view text) {
    std::vector<Token> tokens;
    tokenize_python(text, tokens);
    return tokens;
}

}  // namespace patchbay
