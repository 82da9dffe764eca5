// plain_string_value (declared in env_reads.hpp): literal names only, never a guess at what an
// escape or an interpolation would produce.

#include <cctype>
#include <optional>
#include <string>

#include "checks/env_reads.hpp"

namespace patchbay {

namespace {

bool prefix_allowed(std::string_view prefix) {
    for (char c : prefix) {
        char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (lower == 'f' || lower == 'b' || lower == 't') return false;  // f/t-strings, bytes
    }
    return true;
}

std::string_view quote_of(std::string_view literal) {
    for (std::string_view quote : {"\"\"\"", "'''", "\"", "'"})
        if (literal.starts_with(quote)) return quote;
    return {};
}

// C++ R"delim(text)delim": the text between the parentheses.
std::optional<std::string_view> raw_cpp_body(std::string_view body) {
    auto open = body.find('(');
    if (open == std::string_view::npos || open > 16 || body.size() < 2 * open + 2) return {};
    auto delimiter = body.substr(0, open);
    if (!body.ends_with(delimiter) || body[body.size() - open - 1] != ')') return {};
    return body.substr(open + 1, body.size() - 2 * open - 2);
}

}  // namespace

std::optional<std::string> plain_string_value(std::string_view literal) {
    std::size_t letters = 0;
    while (letters < literal.size() && std::isalnum(static_cast<unsigned char>(literal[letters])))
        ++letters;
    auto prefix = literal.substr(0, letters);
    auto rest = literal.substr(letters);
    auto quote = quote_of(rest);
    if (!prefix_allowed(prefix) || quote.empty() || rest.size() < 2 * quote.size() ||
        !rest.ends_with(quote))
        return std::nullopt;
    auto body = rest.substr(quote.size(), rest.size() - 2 * quote.size());
    bool raw = prefix.find_first_of("rR") != std::string_view::npos;
    if (prefix.find('R') != std::string_view::npos && quote == "\"")
        if (auto inner = raw_cpp_body(body)) body = *inner;
    if (!raw && body.find('\\') != std::string_view::npos) return std::nullopt;
    return std::string(body);
}

}  // namespace patchbay
