// The public face of the Python parser: the token cursor, jit-function discovery and the small
// helpers over the tree.

#include "checks/python/python_syntax.hpp"

#include <algorithm>

#include "checks/python/jit_wrapped_names.hpp"
#include "checks/python/python_parser.hpp"

namespace patchbay {

void PythonParser::skip_line() {
    while (!at_end() && !at(TokenKind::newline)) take();
    if (at(TokenKind::newline)) take();
}

const Parameter* FunctionDef::parameter(std::string_view wanted) const {
    for (const auto& param : parameters)
        if (param.name == wanted) return &param;
    return nullptr;
}

std::string dotted_name(const Expr& expr) {
    if (expr.kind == ExprKind::name) return std::string(expr.text);
    if (expr.kind != ExprKind::attribute) return {};
    std::string object = dotted_name(expr.children[0]);
    if (object.empty()) return object;
    object += '.';
    object += expr.text;
    return object;
}

namespace {

// Whether `expr` is the name or attribute chain that spells the dotted `module`, compared part
// by part from the right (no dotted string is built: this runs for every call of a kernel).
bool spells_module(const Expr& expr, std::string_view module) {
    if (expr.kind == ExprKind::name) return expr.text == module;
    if (expr.kind != ExprKind::attribute) return false;
    auto dot = module.rfind('.');
    return dot != std::string_view::npos && module.substr(dot + 1) == expr.text &&
           spells_module(expr.children[0], module.substr(0, dot));
}

}  // namespace

std::string_view module_member(const Expr& callee,
                               std::initializer_list<std::string_view> modules) {
    if (callee.kind != ExprKind::attribute) return {};
    for (std::string_view module : modules)
        if (spells_module(callee.children[0], module)) return callee.text;
    return {};
}

std::string_view language_member(const Expr& callee) {
    return module_member(callee,
                         {"tl", "triton.language", "gl", "triton.experimental.gluon.language"});
}

bool is_language_root(std::string_view root) {
    return root == "tl" || root == "gl";
}

bool is_jit_decorator(const Expr& decorator) {
    const Expr& callee = decorator.kind == ExprKind::call ? decorator.children[0] : decorator;
    std::string name = dotted_name(callee);
    return name == "triton.jit" || name == "jit" || name == "gluon.jit" ||
           name == "triton.experimental.gluon.jit";
}

bool is_cute_decorator(const Expr& decorator) {
    const Expr& callee = decorator.kind == ExprKind::call ? decorator.children[0] : decorator;
    std::string name = dotted_name(callee);
    return name == "cute.kernel" || name == "cute.jit" || name == "cutlass.cute.kernel" ||
           name == "cutlass.cute.jit";
}

namespace {

std::optional<KernelDialect> dialect_of(const std::vector<Expr>& decorators) {
    for (const auto& decorator : decorators) {
        if (is_jit_decorator(decorator)) return KernelDialect::triton;
        if (is_cute_decorator(decorator)) return KernelDialect::cute;
    }
    return std::nullopt;
}

// A `def` of a name the file hands to `jit(…)`: a Triton kernel without a decorator.
bool defines_jit_wrapped(const PythonParser& parser,
                         std::span<const std::string_view> jit_wrapped) {
    if (jit_wrapped.empty() || !parser.at_word("def")) return false;
    const Token& name = parser.peek(1);
    return name.kind == TokenKind::identifier &&
           std::ranges::find(jit_wrapped, name.text) != jit_wrapped.end();
}

// One logical line at a time: decorators pile up until a `def`, anything else drops them.
void scan_line(PythonParser& parser, std::vector<Expr>& decorators, ExprArena& arena,
               ArenaList<FunctionDef>& found, std::span<const std::string_view> jit_wrapped) {
    if (parser.accept_op("@")) {
        auto decorator = parser.expression();
        if (decorator) decorators.push_back(std::move(*decorator));
        parser.skip_line();
        return;
    }
    parser.accept_word("async");
    auto dialect = dialect_of(decorators);
    if (!dialect && defines_jit_wrapped(parser, jit_wrapped)) dialect = KernelDialect::triton;
    if (parser.at_word("def") && dialect) {
        auto function = parser.function(decorators);
        decorators.clear();
        if (function) {
            function->dialect = *dialect;
            found.push_back(arena, *function);
        } else {
            parser.skip_line();
        }
        return;
    }
    decorators.clear();
    parser.skip_line();
}

}  // namespace

ArenaList<FunctionDef> parse_jit_functions(std::string_view text, ExprArena& arena) {
    // One token buffer per thread, file after file: a fresh one per file took fresh pages each
    // time.
    thread_local std::vector<Token> buffer;
    const auto jit_wrapped = jit_wrapped_names(text);
    PythonParser parser(tokenize_python_kernels(text, buffer, jit_wrapped), arena);
    std::vector<Expr> decorators;
    ArenaList<FunctionDef> found;
    while (!parser.at_end()) {
        if (parser.at(TokenKind::indent) || parser.at(TokenKind::dedent)) {
            parser.take();
            continue;
        }
        scan_line(parser, decorators, arena, found, jit_wrapped);
    }
    return found;
}

std::optional<Expr> parse_python_expression(std::string_view text, ExprArena& arena) {
    auto tokens = tokenize_python(text);
    PythonParser parser(tokens, arena);
    auto expr = parser.expression_list();
    if (parser.at(TokenKind::newline)) parser.take();
    if (!expr || !parser.at_end()) return std::nullopt;
    return expr;
}

}  // namespace patchbay
