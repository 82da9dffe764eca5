// cpp_env_reads: getenv, std::getenv, ::getenv and secure_getenv called with a literal name.

#include "checks/env_reads.hpp"

namespace patchbay {

namespace {

bool is_getenv_call(const std::vector<Token>& tokens, std::size_t i) {
    const auto& token = tokens[i];
    if (token.kind != TokenKind::identifier ||
        (token.text != "getenv" && token.text != "secure_getenv"))
        return false;
    if (i > 0 && (is_op(tokens[i - 1], ".") || is_op(tokens[i - 1], "->"))) return false;
    return i + 3 < tokens.size() && is_op(tokens[i + 1], "(") &&
           tokens[i + 2].kind == TokenKind::string && is_op(tokens[i + 3], ")");
}

}  // namespace

std::vector<EnvRead> cpp_env_reads(const std::vector<Token>& tokens) {
    std::vector<EnvRead> reads;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        if (!is_getenv_call(tokens, i)) continue;
        const auto& literal = tokens[i + 2];
        if (auto value = plain_string_value(literal.text))
            reads.push_back({*value, literal.line, literal.column});
    }
    return reads;
}

std::vector<EnvRead> env_reads(const SourceFile& file) {
    if (file.language == Language::python) return python_env_reads(file.text);
    if (file.language == Language::cuda) return cpp_env_reads(tokenize_cpp(file.text));
    return {};
}

}  // namespace patchbay
