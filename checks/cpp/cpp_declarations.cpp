#include "checks/cpp/cpp_declarations.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <tuple>
#include <utility>

#include "checks/text_contains.hpp"

namespace patchbay {
namespace {

constexpr std::array<std::string_view, 6> kIntegerWords = {"unsigned", "signed", "int",
                                                           "short",    "char",   "long"};
constexpr std::array<std::string_view, 11> kBuiltinTypeWords = {
    "unsigned", "signed", "int",    "short", "char", "long",
    "bool",     "float",  "double", "void",  "auto"};
constexpr std::array<std::string_view, 13> kNarrowNames = {
    "int32_t", "uint32_t", "int16_t",  "uint16_t", "int8_t",  "uint8_t", "bool",
    "char",    "short",    "char16_t", "char32_t", "wchar_t", "uint"};
constexpr std::array<std::string_view, 9> kWideNames = {"int64_t",   "uint64_t",  "size_t",
                                                        "ssize_t",   "ptrdiff_t", "intptr_t",
                                                        "uintptr_t", "long",      "off_t"};
// Words that may surround a type without changing its width.
constexpr std::array<std::string_view, 21> kQualifiers = {
    "const",      "volatile",        "constexpr",   "static",     "register",     "inline",
    "extern",     "mutable",         "typename",    "struct",     "class",        "__restrict__",
    "__restrict", "restrict",        "__shared__",  "__device__", "__constant__", "__host__",
    "__global__", "__forceinline__", "thread_local"};
// Words that start a statement or an expression, never a type.
constexpr std::array<std::string_view, 28> kNotTypes = {
    "return", "if",      "else",  "for",      "while",         "do",       "switch",
    "case",   "default", "break", "continue", "goto",          "throw",    "delete",
    "new",    "sizeof",  "using", "typedef",  "namespace",     "template", "operator",
    "this",   "true",    "false", "nullptr",  "static_assert", "decltype", "asm"};
// Listed words with flags, in an open-addressed table hashed by length and first and last bytes:
// a word is told apart from the listed ones by one or two compares, where walking the lists
// (memcmp on each word of the same length) took a tenth of the declaration scanner's and most
// of builtin_width's instructions.
struct ListedWord {
    std::string_view word;
    unsigned flags = 0;
};
using WordTable = std::array<ListedWord, 256>;

constexpr std::size_t word_slot(std::string_view word) {
    return (word.size() * 31 + static_cast<unsigned char>(word.front()) * 7 +
            static_cast<unsigned char>(word.back())) %
           std::tuple_size_v<WordTable>;
}

template <std::size_t N>
constexpr void add_words(WordTable& table, const std::array<std::string_view, N>& words,
                         unsigned flag) {
    for (auto word : words) {
        std::size_t slot = word_slot(word);
        while (!table[slot].word.empty() && table[slot].word != word)
            slot = (slot + 1) % table.size();
        table[slot].word = word;
        table[slot].flags |= flag;
    }
}

// A table of three word lists, whose words get the flags 1, 2 and 4 by the list they are in.
template <std::size_t A, std::size_t B, std::size_t C>
constexpr WordTable three_lists(const std::array<std::string_view, A>& first,
                                const std::array<std::string_view, B>& second,
                                const std::array<std::string_view, C>& third) {
    WordTable table{};
    add_words(table, first, 1);
    add_words(table, second, 2);
    add_words(table, third, 4);
    return table;
}

// The bytes at `p` as one number (a fixed-size memcpy is one load).
template <typename Bytes>
inline Bytes load(const char* p) {
    Bytes bytes = 0;
    std::memcpy(&bytes, p, sizeof bytes);
    return bytes;
}

// Whether `a` and `b`, both `size` bytes long with sizeof(Bytes) <= size <= 2 * sizeof(Bytes),
// are equal: their first and last sizeof(Bytes) bytes, which overlap, compared as two numbers.
template <typename Bytes>
inline bool same_ends(const char* a, const char* b, std::size_t size) {
    const std::size_t last = size - sizeof(Bytes);
    return load<Bytes>(a) == load<Bytes>(b) && load<Bytes>(a + last) == load<Bytes>(b + last);
}

// Inline, without a memcmp call: a listed word is found again and again (`const`, `int`,
// `__restrict__`), and the call cost more than its few bytes.
inline bool same_word(std::string_view listed, std::string_view word) {
    const std::size_t size = word.size();
    if (listed.size() != size) return false;
    if (size >= 8 && size <= 16) return same_ends<std::uint64_t>(listed.data(), word.data(), size);
    if (size >= 4 && size < 8) return same_ends<std::uint32_t>(listed.data(), word.data(), size);
    for (std::size_t i = 0; i < size; ++i)
        if (listed[i] != word[i]) return false;
    return true;
}

// The flags of `word`, 0 when it is not listed. Inline, and without a memcmp call for a word
// that differs in length or first byte: most words asked about are no listed word.
inline unsigned word_flags(const WordTable& table, std::string_view word) {
    if (word.empty()) return 0;
    for (std::size_t slot = word_slot(word); !table[slot].word.empty();
         slot = (slot + 1) % table.size()) {
        if (same_word(table[slot].word, word)) return table[slot].flags;
    }
    return 0;
}

// Which of the three lists above a word is in (three_lists order): the declaration scanner asks
// for every word of every function body.
enum DeclarationWordFlags : unsigned {
    kQualifierWord = 1,
    kBuiltinTypeWord = 2,
    kNotTypeWord = 4,
};

unsigned declaration_word_flags(std::string_view word) {
    static constexpr WordTable kDeclarationWords =
        three_lists(kQualifiers, kBuiltinTypeWords, kNotTypes);
    return word_flags(kDeclarationWords, word);
}

// What builtin_width knows of a word: the width lists above (three_lists order).
enum WidthWordFlags : unsigned {
    kIntegerWord = 1,
    kWideName = 2,
    kNarrowName = 4,
};

unsigned width_word_flags(std::string_view word) {
    static constexpr WordTable kWidthWords = three_lists(kIntegerWords, kWideNames, kNarrowNames);
    return word_flags(kWidthWords, word);
}

constexpr std::array<std::string_view, 9> kNotFunctionNames = {
    "if", "for", "while", "switch", "catch", "sizeof", "return", "decltype", "__launch_bounds__"};

bool is_word(const Token& token) {
    return token.kind == TokenKind::identifier;
}

// The spelled type of tokens [begin, end): qualifiers, namespaces and */& dropped.
std::string normalise_type(std::span<const Token> tokens, std::size_t begin, std::size_t end) {
    // One word ("int", "T"), as most types are spelled: the word, without building a string.
    if (end == begin + 1 && is_word(tokens[begin]) &&
        (declaration_word_flags(tokens[begin].text) & kQualifierWord) == 0)
        return std::string(tokens[begin].text);
    std::string type;
    for (std::size_t i = begin; i < end; ++i) {
        const auto& token = tokens[i];
        if (is_op(token, "::")) {
            type.erase(type.rfind(' ') == std::string::npos ? 0 : type.rfind(' ') + 1);
            continue;
        }
        if (!is_word(token) || (declaration_word_flags(token.text) & kQualifierWord) != 0) {
            if (is_op(token, "<") || is_op(token, "(")) return "?";  // templates: width unknown
            continue;
        }
        if (!type.empty() && type.back() != ' ') type += ' ';
        type += token.text;
    }
    while (!type.empty() && type.back() == ' ') type.pop_back();
    return type;
}

bool has_pointer(std::span<const Token> tokens, std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i)
        if (is_op(tokens[i], "*")) return true;
    return false;
}

// The index past a `<…>` argument list opening at `open`, or kNone when it is not one.
std::size_t skip_angles(std::span<const Token> tokens, std::size_t open) {
    int depth = 0;
    for (std::size_t i = open; i < tokens.size(); ++i) {
        const auto& t = tokens[i];
        if (is_op(t, ";") || is_op(t, "{") || is_op(t, "}") || t.kind == TokenKind::end)
            return kNone;
        if (is_op(t, "<")) ++depth;
        if (is_op(t, ">")) --depth;
        if (is_op(t, ">>")) depth -= 2;
        if (depth <= 0) return i + 1;
    }
    return kNone;
}

struct BaseType {
    std::size_t begin = 0, end = 0;  // the tokens spelling it
    bool builtin = false;            // made of keywords ("unsigned int"), so `x(…)` initialises
    // Learnt while its words are told apart, so that read_declarator need not walk them again
    // for each declarator: most base types are words only ("const float", "__shared__ int").
    bool words_only = true;          // no `<…>` or `::`: the fields below hold only then
    std::size_t type_words = 0;      // words other than qualifiers
    std::size_t last_type_word = 0;  // the last of them
    bool shared = false;             // `__shared__` or `__constant__` among the qualifiers
};

// A user type name: `a::b<…>::c`, qualifiers after it allowed.
std::size_t skip_named_type(std::span<const Token> tokens, std::size_t i) {
    while (true) {
        ++i;
        if (is_op(tokens[i], "<")) i = skip_angles(tokens, i);
        if (i == kNone) return kNone;
        if (!(is_op(tokens[i], "::") && is_word(tokens[i + 1]))) return i;
        ++i;
    }
}

std::optional<BaseType> read_base_type(std::span<const Token> tokens, std::size_t i) {
    BaseType base;
    base.begin = i;
    bool named = false;
    while (i < tokens.size() && is_word(tokens[i])) {
        const unsigned flags = declaration_word_flags(tokens[i].text);
        if ((flags & kQualifierWord) != 0) {
            const std::string_view word = tokens[i].text;
            base.shared = base.shared || word == "__shared__" || word == "__constant__";
            ++i;
        } else if (!named && (flags & kBuiltinTypeWord) != 0) {
            base.builtin = true;
            ++base.type_words;
            base.last_type_word = i++;
        } else if (!named && !base.builtin && (flags & kNotTypeWord) == 0) {
            const std::size_t name = i;
            i = skip_named_type(tokens, i);
            if (i == kNone) return std::nullopt;
            named = true;
            base.words_only = base.words_only && i == name + 1;
            ++base.type_words;
            base.last_type_word = name;
        } else {
            break;
        }
    }
    base.end = i;
    if (!named && !base.builtin) return std::nullopt;
    return base;
}

// The byte of a one-byte operator token, '\0' for any other token.
char one_byte_op(const Token& token) {
    return token.kind == TokenKind::op && token.text.size() == 1 ? token.text[0] : '\0';
}

// The end of an initializer: the first top-level ',' ';' or closing bracket.
std::size_t skip_initializer(std::span<const Token> tokens,
                             const std::vector<std::size_t>& brackets, std::size_t i) {
    for (; i < tokens.size() && tokens[i].kind != TokenKind::end; ++i) {
        // Told by the one byte of a one-byte operator: an initializer is mostly words, numbers
        // and other operators, each of which five string compares took to pass.
        switch (one_byte_op(tokens[i])) {
            case ',':
            case ';':
            case ')':
            case ']':
            case '}':
                return i;
            case '(':
            case '[':
            case '{':
                if (brackets[i] != kNone) i = brackets[i];
                break;
            default:
                break;
        }
    }
    return i;
}

bool spells_shared_memory(std::span<const Token> tokens, std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i)
        if (is_word(tokens[i]) &&
            (tokens[i].text == "__shared__" || tokens[i].text == "__constant__"))
            return true;
    return false;
}

bool is_name(const Token& token) {
    return is_word(token) && declaration_word_flags(token.text) == 0;
}

// One declarator after the base type: marks, name, array bounds, initializer.
std::size_t read_declarator(std::span<const Token> tokens, const std::vector<std::size_t>& brackets,
                            const BaseType& base, std::size_t i, Declaration& decl) {
    bool pointer = !base.words_only && has_pointer(tokens, base.begin, base.end);
    // Marks: `*`, `&`, `&&` and qualifiers. The flags of the word they stop at tell whether it
    // is a name, without a second look in the word table.
    unsigned stop_flags = 0;
    for (;; ++i) {
        const Token& t = tokens[i];
        if (is_op(t, "*")) {
            pointer = true;
            continue;
        }
        if (is_op(t, "&") || is_op(t, "&&")) continue;
        if (!is_word(t)) break;
        stop_flags = declaration_word_flags(t.text);
        if ((stop_flags & kQualifierWord) == 0) break;
    }
    // `int64_t (*offsets)[2]`: a pointer to arrays, named inside the parentheses.
    bool parenthesised = is_op(tokens[i], "(") && brackets[i] != kNone &&
                         (is_op(tokens[i + 1], "*") || is_op(tokens[i + 1], "&")) &&
                         is_name(tokens[i + 2]) && brackets[i] == i + 3;
    if (parenthesised) {
        pointer = true;
        i += 2;
    }
    const bool named = parenthesised ? is_name(tokens[i]) : is_word(tokens[i]) && stop_flags == 0;
    if (!named) return kNone;
    decl.name = tokens[i].text;
    // Qualifiers and one word ("const float"): normalised, the word.
    decl.type = base.words_only && base.type_words == 1
                    ? std::string(tokens[base.last_type_word].text)
                    : normalise_type(tokens, base.begin, base.end);
    decl.token = i++;
    if (parenthesised) ++i;  // ")"
    for (; is_op(tokens[i], "[") && brackets[i] != kNone; i = brackets[i] + 1)
        pointer = decl.is_array = true;
    decl.is_pointer = pointer;
    decl.is_shared =
        base.words_only ? base.shared : spells_shared_memory(tokens, base.begin, base.end);
    decl.init_begin = decl.init_end = i;
    if (is_op(tokens[i], "=")) {
        decl.init_begin = i + 1;
        decl.init_end = i = skip_initializer(tokens, brackets, i + 1);
    } else if ((is_op(tokens[i], "{") || (is_op(tokens[i], "(") && base.builtin)) &&
               brackets[i] != kNone) {
        decl.init_begin = i + 1;
        decl.init_end = brackets[i];
        i = brackets[i] + 1;
    }
    return i;
}

bool ends_declaration(const Token& token) {
    return is_op(token, ";") || is_op(token, ")") || is_op(token, ":") || is_op(token, ",");
}

// The first ',' at or past `begin` outside brackets and angles, or `end`. A piece ends only
// where no angle is open, so the next one starts with none open either.
std::size_t top_level_comma(std::span<const Token> tokens, const std::vector<std::size_t>& brackets,
                            std::size_t begin, std::size_t end) {
    int angles = 0;
    for (std::size_t i = begin; i < end; ++i) {
        const auto& t = tokens[i];
        if ((is_op(t, "(") || is_op(t, "[") || is_op(t, "{")) && brackets[i] != kNone &&
            brackets[i] < end)
            i = brackets[i];
        else if (is_op(t, "<"))
            ++angles;
        else if (is_op(t, ">") && angles > 0)
            --angles;
        else if (is_op(t, ",") && angles == 0)
            return i;
    }
    return end;
}

// A parameter piece "const int* __restrict__ block_table" or "int HEAD_DIM = 128". The
// declarator goes straight into `out` and is taken back if the piece is no parameter.
void read_parameter(std::span<const Token> tokens, const std::vector<std::size_t>& brackets,
                    std::pair<std::size_t, std::size_t> piece, std::size_t scope_end,
                    std::vector<Declaration>& out) {
    auto base = read_base_type(tokens, piece.first);
    if (!base) return;
    Declaration& decl = out.emplace_back();
    auto end = read_declarator(tokens, brackets, *base, base->end, decl);
    if (end == kNone || end > piece.second) return out.pop_back();
    decl.scope_end = scope_end;
    decl.init_begin = std::min(decl.init_begin, piece.second);
    decl.init_end = std::min(decl.init_end, piece.second);
}

// The pieces between top-level commas, each read where it is found: a list of them cost an
// allocation per function.
void read_parameter_list(std::span<const Token> tokens, const std::vector<std::size_t>& brackets,
                         std::size_t begin, std::size_t end, std::size_t scope_end,
                         std::vector<Declaration>& out) {
    for (std::size_t start = begin; start < end;) {
        const std::size_t comma = top_level_comma(tokens, brackets, start, end);
        read_parameter(tokens, brackets, {start, comma}, scope_end, out);
        start = comma + 1;
    }
}

// `template <typename T, int N>` in front of the function named at `name`.
void read_template_parameters(std::span<const Token> tokens,
                              const std::vector<std::size_t>& brackets, std::size_t name,
                              std::size_t scope_end, std::vector<Declaration>& out) {
    for (std::size_t k = name; k-- > 0;) {
        const auto& t = tokens[k];
        if (is_op(t, ";") || is_op(t, "{") || is_op(t, "}") || t.kind == TokenKind::directive)
            return;
        if (is_word(t) && t.text == "template" && is_op(tokens[k + 1], "<")) {
            auto close = skip_angles(tokens, k + 1);
            if (close != kNone)
                read_parameter_list(tokens, brackets, k + 2, close - 1, scope_end, out);
            return;
        }
    }
}

// The name token of the function whose body opens at `brace`, or kNone.
std::size_t function_name_before(std::span<const Token> tokens,
                                 const std::vector<std::size_t>& brackets, std::size_t brace) {
    static constexpr std::array<std::string_view, 6> kTrailing = {"const", "noexcept", "override",
                                                                  "final", "mutable",  "volatile"};
    std::size_t j = brace;
    while (j > 0 && is_word(tokens[j - 1]) && one_of(tokens[j - 1].text, kTrailing)) --j;
    if (j == 0 || !is_op(tokens[j - 1], ")") || brackets[j - 1] == kNone) return kNone;
    std::size_t open = brackets[j - 1];
    if (open >= 3 && is_op(tokens[open - 1], ")") && is_op(tokens[open - 2], "(") &&
        is_keyword(tokens[open - 3], "operator"))
        return open - 3;  // a functor's `operator()(...)`, as multi-tensor kernels are written
    if (open == 0 || !is_word(tokens[open - 1])) return kNone;
    std::size_t name = open - 1;
    if (one_of(tokens[name].text, kNotFunctionNames)) return kNone;
    if (name > 0 && (is_op(tokens[name - 1], ".") || is_op(tokens[name - 1], "->") ||
                     is_op(tokens[name - 1], ":") || is_op(tokens[name - 1], ",")))
        return kNone;  // a call, or a member initializer of a constructor
    return name;
}

struct LocalScanner {
    std::span<const Token> tokens;
    const std::vector<std::size_t>& brackets;
    std::vector<Declaration>& out;
    std::vector<std::size_t> block_ends;
    std::vector<std::size_t> header_ends;  // ')' of if/for/while/switch headers
    bool at_start = true;

    std::size_t step(std::size_t i) {
        const auto& t = tokens[i];
        if (is_op(t, "{") || is_op(t, "}") || is_op(t, ";") || t.kind == TokenKind::directive)
            return separator(i);
        // `else`, `do` and the header keywords are six bytes at most; most names are longer.
        if (is_word(t) && t.text.size() <= 6) {
            if (t.text == "else" || t.text == "do") return at_start = true, i + 1;
            if (is_control_header(i)) {
                header_ends.push_back(brackets[i + 1]);
                return at_start = true, i + 2;
            }
        }
        if (is_op(t, ")") && !header_ends.empty() && header_ends.back() == i) {
            header_ends.pop_back();
            return at_start = true, i + 1;
        }
        return maybe_declaration(i);
    }

    bool is_control_header(std::size_t i) const {
        static constexpr std::array<std::string_view, 4> kHeaders = {"if", "for", "while",
                                                                     "switch"};
        return is_word(tokens[i]) && is_op(tokens[i + 1], "(") && brackets[i + 1] != kNone &&
               one_of(tokens[i].text, kHeaders);
    }

    std::size_t separator(std::size_t i) {
        if (is_op(tokens[i], "{")) block_ends.push_back(brackets[i]);
        if (is_op(tokens[i], "}") && !block_ends.empty()) block_ends.pop_back();
        at_start = true;
        return i + 1;
    }

    // Whether read_declaration can find one at `i`, told from two tokens: most statements
    // (`x = …`, `out[i] = …`, `return …`) are no declaration, and reading each as one cost a
    // third of the scanner. A plain name starts one only as a named type, which a word, a
    // declarator mark, `<`, `::` or a `(*name)` declarator must follow.
    bool may_start_declaration(std::size_t i) const {
        if (!is_word(tokens[i])) return false;
        const unsigned flags = declaration_word_flags(tokens[i].text);
        if (flags == kNotTypeWord) return false;  // `return`, `this`, `sizeof`: never a type
        if (flags != 0) return true;
        const Token& next = tokens[i + 1];
        if (is_word(next)) return true;
        if (next.kind != TokenKind::op) return false;
        switch (next.text.size() == 1 ? next.text[0] : '\0') {
            case '<':
            case '*':
            case '&':
            case '(':
                return true;
            default:
                return next.text == "::" || next.text == "&&";
        }
    }

    std::size_t maybe_declaration(std::size_t i) {
        bool was_start = at_start;
        at_start = false;
        if (!was_start || block_ends.empty() || !may_start_declaration(i)) return i + 1;
        auto end = read_declaration(tokens, brackets, i, block_ends.back(), out);
        return end == i ? i + 1 : end;
    }
};

void collect_locals(std::span<const Token> tokens, const std::vector<std::size_t>& brackets,
                    FunctionInfo& function) {
    LocalScanner scanner{tokens, brackets, function.locals, {}, {}, true};
    // Nesting deep enough for most bodies, in one allocation each instead of one per doubling.
    scanner.block_ends.reserve(16);
    scanner.header_ends.reserve(16);
    for (std::size_t i = function.body_begin; i < function.body_end;) i = scanner.step(i);
}

FunctionInfo make_function(std::span<const Token> tokens, const std::vector<std::size_t>& brackets,
                           std::size_t name, std::size_t brace) {
    FunctionInfo function;
    // Room for most functions' declarations at once (kernels average four parameters and four
    // locals): growing one at a time, the vectors moved every declaration (its type a string)
    // some four times. More room costs more: past 1 KB, malloc leaves its per-thread cache.
    function.parameters.reserve(6);
    function.locals.reserve(8);
    function.name = tokens[name].text;
    function.body_begin = brace;
    function.body_end = brackets[brace];
    read_template_parameters(tokens, brackets, name, function.body_end, function.parameters);
    // `operator()(params)`: the parameters are in the second pair of parentheses.
    const std::size_t open = is_keyword(tokens[name], "operator") ? name + 3 : name + 1;
    read_parameter_list(tokens, brackets, open + 1, brackets[open], function.body_end,
                        function.parameters);
    collect_locals(tokens, brackets, function);
    return function;
}

}  // namespace

bool may_declare_alias(const SourceFile& file) {
    return file.language == Language::cuda &&
           (text_contains(file.text, "typedef") || text_contains(file.text, "using"));
}

// "int", "unsigned long long", "std::int64_t" (already stripped to "int64_t"): the words
// between single spaces, read in place (this runs for every declaration of every function).
IntWidth builtin_width(std::string_view type) {
    std::size_t count = 0;
    unsigned first = 0;
    bool all_integer = true;
    bool has_long = false;
    for (std::string_view rest = type; !rest.empty();) {
        // Found by a walk, not a memchr call: types are a word or two of a few bytes.
        std::size_t space = 0;
        while (space < rest.size() && rest[space] != ' ') ++space;
        const std::string_view word = rest.substr(0, space);
        const unsigned flags = width_word_flags(word);
        if (count++ == 0) first = flags;
        all_integer = all_integer && (flags & kIntegerWord) != 0;
        has_long = has_long || word == "long";
        rest = space == rest.size() ? std::string_view{} : rest.substr(space + 1);
    }
    if (count == 1 && (first & kWideName) != 0) return IntWidth::wide;
    if (count == 1 && (first & kNarrowName) != 0) return IntWidth::narrow;
    if (!all_integer || count == 0) return IntWidth::unknown;
    return has_long ? IntWidth::wide : IntWidth::narrow;
}

void TypeAliases::add(std::string name, std::string type, bool indented) {
    auto it = target_.find(name);
    if (it == target_.end())
        target_.emplace(std::move(name), Target{std::move(type), indented});
    else if (!indented || it->second.indented)
        it->second = Target{std::move(type), indented};
}

const std::string* TypeAliases::target_of(std::string_view name) const {
    auto it = target_.find(name);
    if (it != target_.end()) return &it->second.type;
    return inherited_ ? inherited_->target_of(name) : nullptr;
}

IntWidth TypeAliases::width_of(std::string_view type) const {
    std::string_view current = type;
    for (int depth = 0; depth < 16; ++depth) {
        auto width = builtin_width(current);
        if (width != IntWidth::unknown) return width;
        // "float", "double", "void": a builtin word names no alias (add_type_aliases adds names
        // only), so the tables need no look; most pointers of a kernel point to floats.
        if ((declaration_word_flags(current) & kBuiltinTypeWord) != 0) return IntWidth::unknown;
        const std::string* target = target_of(current);
        if (!target) return IntWidth::unknown;
        current = *target;
    }
    return IntWidth::unknown;  // a cycle
}

bool is_type_name(std::string_view name, const TypeAliases& aliases) {
    return one_of(name, kBuiltinTypeWords) || builtin_width(name) != IntWidth::unknown ||
           aliases.contains(name);
}

void add_type_aliases(std::span<const Token> tokens, TypeAliases& aliases) {
    for (std::size_t i = 0; i + 3 < tokens.size(); ++i) {
        // Most tokens are passed on their kind and length, before any compare.
        const Token& t = tokens[i];
        if (t.kind != TokenKind::identifier || (t.text.size() != 7 && t.text.size() != 5)) continue;
        bool is_typedef = is_keyword(tokens[i], "typedef");
        bool is_using =
            is_keyword(tokens[i], "using") && is_name(tokens[i + 1]) && is_op(tokens[i + 2], "=");
        if (!is_typedef && !is_using) continue;
        std::size_t end = i + 1;
        while (end < tokens.size() && tokens[end].kind != TokenKind::end &&
               !is_op(tokens[end], ";") && !is_op(tokens[end], "{") && !is_op(tokens[end], "("))
            ++end;
        if (!is_op(tokens[end], ";")) continue;  // a struct or function-pointer typedef
        // `using index_t = typename Kernel_traits::index_t;` names the traits' type, the one
        // the tree's `using index_t = int64_t;` declares: a name for itself adds nothing.
        const bool indented = t.column > 1;
        if (is_using) {
            std::string target = normalise_type(tokens, i + 3, end);
            if (target != tokens[i + 1].text)
                aliases.add(std::string(tokens[i + 1].text), std::move(target), indented);
        }
        if (is_typedef && has_pointer(tokens, i + 1, end)) continue;
        if (is_typedef && is_name(tokens[end - 1]))
            aliases.add(std::string(tokens[end - 1].text), normalise_type(tokens, i + 1, end - 1),
                        indented);
    }
}

std::vector<std::size_t> match_brackets(std::span<const Token> tokens) {
    std::vector<std::size_t> partner;
    match_brackets(tokens, partner);
    return partner;
}

void match_brackets(std::span<const Token> tokens, std::vector<std::size_t>& partner) {
    // Each token's entry is set as the loop passes it: a fill beforehand was a second pass.
    partner.resize(tokens.size());
    // The open brackets with their byte, so that a closer is matched without reading the
    // opener's token again: the top of the stack is its partner almost always.
    struct Open {
        std::size_t index;
        char bracket;
    };
    thread_local std::vector<Open> open;  // its capacity stays from file to file
    open.clear();
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        // Brackets are one-byte operators: compared by that byte.
        const Token& token = tokens[i];
        partner[i] = kNone;
        if (token.kind != TokenKind::op || token.text.size() != 1) continue;
        char opener = '\0';
        switch (token.text[0]) {
            case '(':
            case '[':
            case '{':
                open.push_back({i, token.text[0]});
                continue;
            case ')':
                opener = '(';
                break;
            case ']':
                opener = '[';
                break;
            case '}':
                opener = '{';
                break;
            default:
                continue;
        }
        // An unbalanced closer is skipped; openers it passes over stay unmatched.
        auto it = open.end();
        while (it != open.begin() && std::prev(it)->bracket != opener) --it;
        if (it == open.begin()) continue;
        std::size_t o = std::prev(it)->index;
        open.erase(std::prev(it), open.end());
        partner[o] = i;
        partner[i] = o;
    }
}

std::vector<FunctionInfo> find_functions(std::span<const Token> tokens,
                                         const std::vector<std::size_t>& brackets) {
    std::vector<FunctionInfo> functions;
    // Room for a kernel file's usual handful: grown from one, the vector moved every function
    // it held some three times.
    functions.reserve(8);
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        if (!is_op(tokens[i], "{") || brackets[i] == kNone) continue;
        auto name = function_name_before(tokens, brackets, i);
        if (name == kNone) continue;
        functions.push_back(make_function(tokens, brackets, name, i));
        i = brackets[i];
    }
    return functions;
}

std::size_t read_declaration(std::span<const Token> tokens,
                             const std::vector<std::size_t>& brackets, std::size_t pos,
                             std::size_t scope_end, std::vector<Declaration>& out) {
    auto base = read_base_type(tokens, pos);
    if (!base) return pos;
    // Declarators go straight into `out` and are taken back if the statement is not one.
    const std::size_t kept = out.size();
    for (std::size_t i = base->end;; ++i) {
        Declaration& decl = out.emplace_back();
        i = read_declarator(tokens, brackets, *base, i, decl);
        if (i == kNone || !ends_declaration(tokens[i])) {
            out.resize(kept);
            return pos;
        }
        decl.scope_end = scope_end;
        if (!is_op(tokens[i], ",")) return i;
    }
}

}  // namespace patchbay
