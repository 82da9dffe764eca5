#include "checks/cpp/int32_guard.hpp"

#include <array>
#include <cstddef>

#include "checks/cpp/cpp_tokenizer.hpp"
#include "checks/text_contains.hpp"

namespace patchbay {
namespace {

constexpr std::array<std::string_view, 4> kNamedChecks = {
    "canUse32BitIndexMath", "can_use_32bit_indexing", "LONG_INDEXING", "numel() < INT_MAX"};
constexpr std::array<std::string_view, 2> kLimits = {"numeric_limits<int32_t>::max()",
                                                     "numeric_limits<int>::max()"};

// Whether a `)` at `at` closes a condition that a statement follows: `if (x >= y) return z`.
bool closes_condition(std::string_view text, std::size_t at) {
    if (text[at] != ')') return false;
    std::size_t next = at + 1;
    while (next < text.size() && (text[next] == ' ' || text[next] == '\n')) ++next;
    return next < text.size() && is_ident_char(text[next]);
}

// The statement around `at`: from the last `;`, `{`, `}` or closed condition before it to the
// first after it.
std::string_view statement_around(std::string_view text, std::size_t at) {
    std::size_t begin = text.find_last_of(";{}", at);
    begin = begin == std::string_view::npos ? 0 : begin + 1;
    for (std::size_t i = begin; i < at; ++i)
        if (closes_condition(text, i)) begin = i + 1;
    std::size_t end = at;
    while (end < text.size() && !closes_condition(text, end) && text[end] != ';' &&
           text[end] != '{' && text[end] != '}')
        ++end;
    return text.substr(begin, end - begin);
}

// A comparison or a clamp in the statement. `<` and `>` count only spaced as operators, so
// that a template's brackets (`numeric_limits<int>`) do not.
bool compares(std::string_view statement) {
    static constexpr std::array<std::string_view, 5> kOperators = {"<=", ">=", " < ", " > ",
                                                                   "min("};
    for (auto op : kOperators)
        for (std::size_t at = statement.find(op); at != std::string_view::npos;
             at = statement.find(op, at + 1))
            if (op != "min(" || at == 0 || !is_ident_char(statement[at - 1])) return true;
    return false;
}

// The constant a declaration statement gives the limit to: the word before its `=`.
std::string_view declared_name(std::string_view statement) {
    const std::size_t equals = statement.find('=');
    if (equals == std::string_view::npos) return {};
    std::size_t end = equals;
    while (end > 0 && statement[end - 1] == ' ') --end;
    std::size_t begin = end;
    while (begin > 0 && is_ident_char(statement[begin - 1])) --begin;
    return statement.substr(begin, end - begin);
}

// Some statement uses `name` (the whole word) in a comparison.
bool compared_anywhere(std::string_view text, std::string_view name) {
    for (std::size_t at = text.find(name); at != std::string_view::npos;
         at = text.find(name, at + name.size())) {
        const bool starts_word = at == 0 || !is_ident_char(text[at - 1]);
        const std::size_t after = at + name.size();
        const bool ends_word = after == text.size() || !is_ident_char(text[after]);
        if (starts_word && ends_word && compares(statement_around(text, at))) return true;
    }
    return false;
}

// Whether the limit at `at`, `length` long, ends a declaration (`… = limit;`) rather than
// giving a template parameter its default (`int kMaxK = std::numeric_limits<int>::max()>`,
// xformers' attention kernels: "no maximum", never compared with a size).
bool ends_declaration(std::string_view text, std::size_t at, std::size_t length) {
    std::size_t next = at + length;
    while (next < text.size() && (text[next] == ' ' || text[next] == '\n')) ++next;
    return next < text.size() && text[next] == ';';
}

bool limit_is_compared(std::string_view text, std::size_t at, std::size_t length) {
    const std::string_view statement = statement_around(text, at);
    if (compares(statement)) return true;
    if (!ends_declaration(text, at, length)) return false;
    const std::string_view name = declared_name(statement);
    return !name.empty() && compared_anywhere(text, name);
}

}  // namespace

bool has_32bit_guard(std::string_view text) {
    for (auto check : kNamedChecks)
        if (text_contains(text, check)) return true;  // memchr on the rarest letter
    for (auto limit : kLimits) {
        if (!text_contains(text, limit)) continue;
        for (std::size_t at = text.find(limit); at != std::string_view::npos;
             at = text.find(limit, at + limit.size()))
            if (limit_is_compared(text, at, limit.size())) return true;
    }
    return false;
}

}  // namespace patchbay
