#include "checks/env_registry.hpp"

#include <vector>

#include "checks/env_reads.hpp"
#include "checks/token.hpp"

namespace patchbay {

namespace {

bool opens(const Token& token) {
    return is_op(token, "(") || is_op(token, "[") || is_op(token, "{");
}

bool closes(const Token& token) {
    return is_op(token, ")") || is_op(token, "]") || is_op(token, "}");
}

// Index of the `{` that starts the value of the assignment whose target is at `at`
// (`table = {` or `table: annotation = {`); 0 when the value is not a dict literal.
std::size_t dict_after_target(const std::vector<Token>& tokens, std::size_t at) {
    std::size_t i = at + 1;
    if (is_op(tokens[i], ":")) {
        int depth = 0;
        for (++i; tokens[i].kind != TokenKind::end && tokens[i].kind != TokenKind::newline; ++i) {
            if (opens(tokens[i])) ++depth;
            if (closes(tokens[i])) --depth;
            if (depth == 0 && is_op(tokens[i], "=")) break;
        }
    }
    if (!is_op(tokens[i], "=") || !is_op(tokens[i + 1], "{")) return 0;
    return i + 1;
}

// Adds the string keys of the entries at the dict's own level: a string right after `{` or
// a `,` of that level and followed by `:`. Values (lambdas, nested dicts, calls) sit deeper or
// do not start an entry.
void collect_keys(const std::vector<Token>& tokens, std::size_t open, EnvRegistry& registry) {
    int depth = 0;
    for (std::size_t i = open; tokens[i].kind != TokenKind::end; ++i) {
        if (opens(tokens[i])) ++depth;
        if (closes(tokens[i]) && --depth == 0) return;
        bool entry_start = i > open && (i - 1 == open || (depth == 1 && is_op(tokens[i - 1], ",")));
        if (!entry_start || tokens[i].kind != TokenKind::string || !is_op(tokens[i + 1], ":"))
            continue;
        if (auto name = plain_string_value(tokens[i].text)) registry.names.insert(*name);
    }
}

bool starts_statement(const std::vector<Token>& tokens, std::size_t i) {
    if (i == 0) return true;
    auto previous = tokens[i - 1].kind;
    return previous == TokenKind::newline || previous == TokenKind::dedent ||
           is_op(tokens[i - 1], ";");
}

}  // namespace

std::string EnvRegistry::module() const {
    std::string name = path;
    if (name.ends_with(".py")) name.resize(name.size() - 3);
    if (name.ends_with("/__init__")) name.resize(name.size() - 9);
    for (auto& c : name)
        if (c == '/') c = '.';
    return name;
}

EnvRegistry parse_env_registry(std::string_view text, std::string_view table) {
    EnvRegistry registry;
    registry.table = std::string(table);
    auto tokens = tokenize_python(text);
    int indent = 0;
    for (std::size_t i = 0; tokens[i].kind != TokenKind::end; ++i) {
        if (tokens[i].kind == TokenKind::indent) ++indent;
        if (tokens[i].kind == TokenKind::dedent) --indent;
        if (indent != 0 || tokens[i].kind != TokenKind::identifier || tokens[i].text != table ||
            !starts_statement(tokens, i))
            continue;
        auto open = dict_after_target(tokens, i);
        if (open == 0) continue;
        if (registry.table_line == 0) registry.table_line = tokens[i].line;
        collect_keys(tokens, open, registry);
    }
    return registry;
}

std::optional<EnvRegistry> load_env_registry(const AuditTree& tree, const AuditConfig& config) {
    if (config.env_registry.empty() || config.env_table.empty() || config.env_prefix.empty())
        return std::nullopt;
    const SourceFile* file = tree.find(config.env_registry);
    if (file == nullptr) return std::nullopt;
    auto registry = parse_env_registry(file->text, config.env_table);
    registry.path = file->path;
    return registry;
}

}  // namespace patchbay
