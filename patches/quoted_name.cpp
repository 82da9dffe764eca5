#include "patches/quoted_name.hpp"

namespace patchbay {

namespace {

std::optional<char> simple_escape(char letter) {
    switch (letter) {
        case 'a':
            return '\a';
        case 'b':
            return '\b';
        case 'f':
            return '\f';
        case 'n':
            return '\n';
        case 'r':
            return '\r';
        case 't':
            return '\t';
        case 'v':
            return '\v';
        case '"':
            return '"';
        case '\\':
            return '\\';
    }
    return std::nullopt;
}

bool is_octal(char c) {
    return c >= '0' && c <= '7';
}

// Git escapes bytes >= 0x80 as three octal digits ("\303\251").
std::optional<char> octal_escape(std::string_view digits) {
    if (digits.size() < 3 || !is_octal(digits[0]) || !is_octal(digits[1]) || !is_octal(digits[2]))
        return std::nullopt;
    int value = (digits[0] - '0') * 64 + (digits[1] - '0') * 8 + (digits[2] - '0');
    if (value > 255) return std::nullopt;
    return static_cast<char>(value);
}

}  // namespace

std::optional<QuotedName> unquote_c_name(std::string_view text) {
    if (text.empty() || text[0] != '"') return std::nullopt;
    std::string name;
    for (std::size_t i = 1; i < text.size(); ++i) {
        char c = text[i];
        if (c == '"') return QuotedName{name, i + 1};
        if (c != '\\') {
            name += c;
            continue;
        }
        if (++i == text.size()) return std::nullopt;
        std::optional<char> decoded = simple_escape(text[i]);
        if (!decoded) decoded = octal_escape(text.substr(i));
        if (!decoded) return std::nullopt;
        if (is_octal(text[i])) i += 2;
        name += *decoded;
    }
    return std::nullopt;
}

}  // namespace patchbay
