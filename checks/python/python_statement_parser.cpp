// Python's statement grammar as Triton kernels use it: simple statements (assignments, augmented
// and annotated assignments, return, expressions, pass/break/continue) and the compound
// statements if/elif/else, for and while. Anything else (with, try, nested def, assert, ...)
// becomes StmtKind::other; a block below it is still parsed, so assignments inside are seen.

#include <algorithm>
#include <array>

#include "checks/python/python_parser.hpp"

namespace patchbay {
namespace {

bool is_augmented_operator(std::string_view op) {
    static constexpr std::array<std::string_view, 13> kOps = {
        "+=", "-=", "*=", "/=", "//=", "%=", "@=", "&=", "|=", "^=", "<<=", ">>=", "**="};
    for (auto candidate : kOps)
        if (candidate == op) return true;
    return false;
}

void start(Stmt& stmt, StmtKind kind, const Token& first) {
    stmt.kind = kind;
    stmt.line = first.line;
    stmt.column = first.column;
}

Stmt make_stmt(StmtKind kind, const Token& first) {
    Stmt stmt;
    start(stmt, kind, first);
    return stmt;
}

}  // namespace

void PythonParser::statement(StmtList& out) {
    const Token& first = peek();
    if (at_word("if") || at_word("for") || at_word("while")) {
        const std::size_t calls_before = calls_.size();
        auto stmt = compound_statement();
        out.push_back(arena_, stmt ? *stmt : skipped_statement(first, calls_before));
        return;
    }
    simple_line(out);
}

std::optional<Stmt> PythonParser::compound_statement() {
    if (at_word("if")) return if_statement();
    if (at_word("for")) return for_statement();
    return while_statement();
}

// Skips the rest of the logical line; an indented block below it is parsed into the body. The
// calls recorded since `calls_before`, by the attempt that failed, are in no statement.
Stmt PythonParser::skipped_statement(const Token& first, std::size_t calls_before) {
    calls_.resize(calls_before);
    Stmt stmt = make_stmt(StmtKind::other, first);
    stmt.op = first.text;
    skip_line();
    if (at(TokenKind::indent)) {
        take();
        indented_statements(stmt.body);
    }
    return stmt;
}

StmtList PythonParser::block() {
    StmtList body;
    if (!at(TokenKind::newline)) {
        simple_line(body);
        return body;
    }
    take();
    if (at(TokenKind::indent)) {
        take();
        // Room for a few statements at once spares copying the Stmts through the first
        // doublings (each leaving its old run unused in the arena).
        body.reserve(arena_, 8);
        indented_statements(body);
    }
    return body;
}

void PythonParser::indented_statements(StmtList& out) {
    while (!at_end() && !at(TokenKind::dedent)) {
        if (at(TokenKind::indent) || at(TokenKind::newline)) {
            take();  // stray (an inconsistent dedent re-indents)
            continue;
        }
        statement(out);
    }
    if (at(TokenKind::dedent)) take();
}

std::optional<Stmt> PythonParser::if_statement() {
    Stmt stmt = make_stmt(StmtKind::if_, take());  // "if" or "elif"
    stmt.value = expression();
    if (!stmt.value || !accept_op(":")) return std::nullopt;
    stmt.body = block();
    if (at_word("elif")) {
        const Token& elif = peek();
        const std::size_t calls_before = calls_.size();
        auto nested = if_statement();
        stmt.orelse.push_back(arena_, nested ? *nested : skipped_statement(elif, calls_before));
        return stmt;
    }
    if (!else_block(stmt)) return std::nullopt;
    return stmt;
}

// An optional `else:` block; false when `else` is there but malformed.
bool PythonParser::else_block(Stmt& stmt) {
    if (!at_word("else")) return true;
    take();
    if (!accept_op(":")) return false;
    stmt.orelse = block();
    return true;
}

std::optional<Stmt> PythonParser::for_statement() {
    Stmt stmt = make_stmt(StmtKind::for_, take());
    auto target = target_list();
    if (!target || !accept_word("in")) return std::nullopt;
    stmt.targets.push_back(arena_, *target);
    stmt.value = expression_list();
    if (!stmt.value || !accept_op(":")) return std::nullopt;
    stmt.body = block();
    if (!else_block(stmt)) return std::nullopt;
    return stmt;
}

std::optional<Stmt> PythonParser::while_statement() {
    Stmt stmt = make_stmt(StmtKind::while_, take());
    stmt.value = expression();
    if (!stmt.value || !accept_op(":")) return std::nullopt;
    stmt.body = block();
    if (!else_block(stmt)) return std::nullopt;
    return stmt;
}

// Simple statements separated by ';' up to the NEWLINE; a failure skips the rest of the line.
// simple_statement and assignment_or_expression, its only callee and theirs, are inlined into
// it ([[gnu::always_inline]], as the expression rules are): one call less per statement each.
// Each is parsed in its place in `out`: a Stmt is some 300 bytes, two moves per line of a kernel.
void PythonParser::simple_line(StmtList& out) {
    while (true) {
        const Token& first = peek();
        const std::size_t calls_before = calls_.size();
        // Parsed in its place: nothing else goes into `out` meanwhile.
        Stmt& stmt = out.emplace_back(arena_);
        if (!simple_statement(stmt)) {
            stmt = skipped_statement(first, calls_before);
            return;
        }
        if (accept_op(";") && !at(TokenKind::newline) && !at_end()) continue;
        if (at(TokenKind::newline))
            take();
        else if (!at_end())
            skip_line();
        return;
    }
}

// Into `stmt`, fresh; false when the statement does not parse.
[[gnu::always_inline]] inline bool PythonParser::simple_statement(Stmt& stmt) {
    const Token& first = peek();
    if (at_word("pass") || at_word("break") || at_word("continue")) {
        start(stmt, StmtKind::pass, take());
        stmt.op = first.text;
        return true;
    }
    if (at_word("return")) {
        start(stmt, StmtKind::return_, take());
        if (!at(TokenKind::newline) && !at_op(";") && !at_end())
            return (stmt.value = expression_list()).has_value();
        return true;
    }
    if (first.kind == TokenKind::identifier && is_reserved_word(first.text) &&
        first.text != "not" && first.text != "lambda")
        return false;
    return assignment_or_expression(first, stmt);
}

[[gnu::always_inline]] inline bool PythonParser::assignment_or_expression(const Token& first,
                                                                          Stmt& stmt) {
    auto head = expression_list();
    if (!head) return false;
    if (accept_op(":")) {
        start(stmt, StmtKind::ann_assign, first);
        stmt.targets.push_back(arena_, *head);
        // A type, not evaluated: its calls are not the body's.
        const std::size_t calls_before = calls_.size();
        stmt.annotation = expression();
        calls_.resize(calls_before);
        if (!stmt.annotation) return false;
        return !accept_op("=") || (stmt.value = expression_list());
    }
    if (at(TokenKind::op) && is_augmented_operator(peek().text)) {
        start(stmt, StmtKind::aug_assign, first);
        stmt.op = take().text;
        stmt.targets.push_back(arena_, *head);
        return (stmt.value = expression_list()).has_value();
    }
    start(stmt, at_op("=") ? StmtKind::assign : StmtKind::expr, first);
    while (accept_op("=")) {
        stmt.targets.push_back(arena_, *head);
        if (!(head = expression_list())) return false;
    }
    stmt.value = std::move(*head);
    return true;
}

std::optional<FunctionDef> PythonParser::function(const std::vector<Expr>& decorators) {
    FunctionDef def;
    def.line = peek().line;
    def.column = peek().column;
    take();  // "def"
    if (!at(TokenKind::identifier) || peek(1).text != "(") return std::nullopt;
    def.name = take().text;
    take();  // "("
    if (!parameters(def.parameters)) return std::nullopt;
    if (accept_op("->") && !expression()) return std::nullopt;
    if (!accept_op(":")) return std::nullopt;
    def.decorators.reserve(arena_, decorators.size());
    for (const Expr& decorator : decorators) def.decorators.push_back(arena_, decorator);
    calls_.clear();  // the decorators', defaults' and annotations' calls are not the body's
    def.body = block();
    def.calls.reserve(arena_, calls_.size());
    for (const Expr& call : calls_) def.calls.push_back(arena_, call);
    return def;
}

// After "(" up to and including ")", into `out`; false when they do not parse. A bare `*` or
// `/` separator is dropped.
bool PythonParser::parameters(ArenaList<Parameter>& out) {
    // A kernel takes a dozen or more (pointers, strides, sizes): room for them at once spares
    // copying the Parameters again as the list doubles.
    out.reserve(arena_, 16);
    while (!accept_op(")")) {
        bool separator = (at_op("*") || at_op("/")) && (peek(1).text == "," || peek(1).text == ")");
        if (separator) {
            take();
        } else {
            if (!parameter(out.emplace_back(arena_))) return false;  // in its place, as statements
        }
        if (!accept_op(",") && !at_op(")")) return false;
    }
    return true;
}

// `*` or `**` and the name after it, as one name: a view of the source where they are written
// together (`*args`), else a copy in the arena.
std::string_view PythonParser::joined(const Token& star, const Token& name) {
    if (star.text.data() + star.text.size() == name.text.data())
        return {star.text.data(), star.text.size() + name.text.size()};
    auto* text = static_cast<char*>(arena_.allocate(star.text.size() + name.text.size()));
    std::copy(name.text.begin(), name.text.end(),
              std::copy(star.text.begin(), star.text.end(), text));
    return {text, star.text.size() + name.text.size()};
}

// Into `param`, fresh; false when it does not parse.
bool PythonParser::parameter(Parameter& param) {
    param.line = peek().line;
    param.column = peek().column;
    const Token* star = at_op("*") || at_op("**") ? &take() : nullptr;
    if (!at(TokenKind::identifier)) return false;
    param.name = star ? joined(*star, take()) : take().text;
    if (accept_op(":") && !(param.annotation = expression())) return false;
    return !accept_op("=") || (param.default_value = expression());
}

}  // namespace patchbay
