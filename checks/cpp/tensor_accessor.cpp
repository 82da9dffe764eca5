#include "checks/cpp/tensor_accessor.hpp"

#include <array>
#include <charconv>
#include <string_view>

namespace patchbay {

namespace {

bool is_declarator_qualifier(const Token& token) {
    static constexpr std::array<std::string_view, 5> kWords = {
        "const", "__restrict__", "__restrict", "restrict", "volatile"};
    if (token.kind == TokenKind::op)
        return token.text == "*" || token.text == "&" || token.text == "&&";
    if (token.kind != TokenKind::identifier) return false;
    for (auto word : kWords)
        if (token.text == word) return true;
    return false;
}

// How many template argument lists a token closes or opens: `>>` closes two.
int angle_depth(const Token& token) {
    if (token.kind != TokenKind::op) return 0;
    if (token.text == ">") return 1;
    if (token.text == ">>") return 2;
    if (token.text == "<") return -1;
    return 0;
}

// The `<` that opens the argument list whose last `>` is at `close`; npos when there is none.
std::size_t opening_angle(std::span<const Token> tokens, std::size_t close) {
    int depth = 0;
    for (std::size_t i = close + 1; i-- > 0;) {
        const Token& t = tokens[i];
        if (is_op(t, ";") || is_op(t, "{") || is_op(t, "}") || is_op(t, "(")) break;
        depth += angle_depth(t);
        if (depth == 0) return i;
    }
    return std::string_view::npos;
}

// The words of one template argument, namespaces dropped: "int32_t", "unsigned char".
std::string argument_words(std::span<const Token> tokens, std::size_t begin, std::size_t end) {
    std::string words;
    for (std::size_t i = begin; i < end; ++i) {
        if (tokens[i].kind != TokenKind::identifier) continue;
        if (i + 1 < end && is_op(tokens[i + 1], "::")) continue;
        if (is_keyword(tokens[i], "const")) continue;
        if (!words.empty()) words += ' ';
        words += tokens[i].text;
    }
    return words;
}

// `GenericPackedTensorAccessor<T, N, Traits, int32_t>`: the fourth argument, the index type.
bool index_type_is_32bit(std::span<const Token> tokens, std::size_t open, std::size_t close) {
    int commas = 0;
    int depth = 0;
    for (std::size_t i = open + 1; i + 1 < close; ++i) {
        depth -= angle_depth(tokens[i]);
        if (depth == 0 && is_op(tokens[i], ",")) ++commas;
        if (depth == 0 && commas == 3 && tokens[i + 1].kind == TokenKind::identifier)
            return tokens[i + 1].text == "int32_t" || tokens[i + 1].text == "int";
    }
    return false;
}

}  // namespace

std::optional<TensorAccessor> tensor_accessor(std::span<const Token> tokens,
                                              std::size_t name_token) {
    std::size_t close = name_token;
    while (close > 0 && is_declarator_qualifier(tokens[close - 1])) --close;
    if (close == 0 || angle_depth(tokens[close - 1]) <= 0) return std::nullopt;
    const std::size_t open = opening_angle(tokens, close - 1);
    if (open == std::string_view::npos || open == 0) return std::nullopt;
    const Token& name = tokens[open - 1];
    if (name.kind != TokenKind::identifier ||
        name.text.find("TensorAccessor") == std::string_view::npos)
        return std::nullopt;
    std::size_t comma = open + 1;
    while (comma < close && !is_op(tokens[comma], ",")) ++comma;
    if (comma + 1 >= close || tokens[comma + 1].kind != TokenKind::number) return std::nullopt;
    TensorAccessor accessor{argument_words(tokens, open + 1, comma), 0,
                            name.text.ends_with("32") || index_type_is_32bit(tokens, open, close)};
    const auto digits = tokens[comma + 1].text;
    auto [end, error] =
        std::from_chars(digits.data(), digits.data() + digits.size(), accessor.dims);
    if (error != std::errc{} || accessor.dims < 1 || accessor.element.empty()) return std::nullopt;
    return accessor;
}

}  // namespace patchbay
