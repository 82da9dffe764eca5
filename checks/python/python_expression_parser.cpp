// Python's expression grammar, with its precedence: conditional < or < and < not < comparisons
// < | < ^ < & < shifts < + - < * / // % @ < unary - + ~ < ** < primaries (calls, attributes,
// subscripts). Comprehensions, lambdas, yield and await are failures (nullopt).

#include <array>
#include <utility>

#include "checks/python/python_parser.hpp"

namespace patchbay {
namespace {

// The binary operators from the loosest to the tightest: | ^ & (<< >>) (+ -) (* / // % @).
constexpr std::size_t kBinaryLevels = 6;

// The level of a binary operator token, or kBinaryLevels when it is not one. Looked up once per
// operand (precedence climbing), not once per level.
std::size_t binary_level(const Token& token) {
    if (token.kind != TokenKind::op) return kBinaryLevels;
    std::string_view t = token.text;
    if (t.size() == 1) {
        switch (t[0]) {
            case '|':
                return 0;
            case '^':
                return 1;
            case '&':
                return 2;
            case '+':
            case '-':
                return 4;
            case '*':
            case '/':
            case '%':
            case '@':
                return 5;
            default:
                return kBinaryLevels;
        }
    }
    if (t == "<<" || t == ">>") return 3;
    if (t == "//") return 5;
    return kBinaryLevels;
}

Expr node(ExprKind kind, const Expr& first, std::string text, std::vector<Expr> children) {
    Expr out;
    out.kind = kind;
    out.text = std::move(text);
    out.line = first.line;
    out.column = first.column;
    out.children = std::move(children);
    return out;
}

Expr operator_node(ExprKind kind, Expr left, const Token& op, std::string text, Expr right) {
    Expr out = node(kind, left, std::move(text), {});
    out.op_line = op.line;
    out.op_column = op.column;
    out.children.push_back(std::move(left));
    out.children.push_back(std::move(right));
    return out;
}

}  // namespace

Expr make_expr(ExprKind kind, const Token& at, std::string text) {
    Expr out;
    out.kind = kind;
    out.text = std::move(text);
    out.line = at.line;
    out.column = at.column;
    return out;
}

bool is_reserved_word(std::string_view word) {
    static constexpr std::array<std::string_view, 31> kReserved = {
        "and",    "as",   "assert", "async",  "await",  "break",   "class",    "continue",
        "def",    "del",  "elif",   "else",   "except", "finally", "for",      "from",
        "global", "if",   "import", "in",     "is",     "lambda",  "nonlocal", "not",
        "or",     "pass", "raise",  "return", "try",    "while",   "with"};
    for (auto reserved : kReserved)
        if (reserved == word) return true;
    return word == "yield";
}

std::optional<Expr> PythonParser::expression() {
    const Token& first = peek();
    auto value = conditional();
    if (!value || !at_op(":=")) return value;
    take();
    auto assigned = expression();
    if (!assigned) return std::nullopt;
    Expr named = make_expr(ExprKind::named, first);
    named.children = {std::move(*value), std::move(*assigned)};
    return named;
}

std::optional<Expr> PythonParser::expression_list() {
    const Token& first = peek();
    auto item = starred_or_expression();
    if (!item || !at_op(",")) return item;
    Expr tuple = make_expr(ExprKind::tuple, first);
    tuple.children.push_back(std::move(*item));
    while (accept_op(",")) {
        if (at(TokenKind::newline) || at_op("=") || at_op(")") || at_op(":") || at_op(";")) break;
        auto next = starred_or_expression();
        if (!next) return std::nullopt;
        tuple.children.push_back(std::move(*next));
    }
    return tuple;
}

std::optional<Expr> PythonParser::target_list() {
    Expr tuple = make_expr(ExprKind::tuple, peek());
    bool comma = false;
    do {
        if (at_word("in")) break;
        bool star = accept_op("*");
        auto item = binary(0);
        if (!item) return std::nullopt;
        tuple.children.push_back(star ? node(ExprKind::starred, *item, "*", {*item}) : *item);
    } while ((comma = accept_op(",")));
    if (tuple.children.size() == 1 && !comma) return std::move(tuple.children[0]);
    return tuple;
}

std::optional<Expr> PythonParser::starred_or_expression() {
    if (!at_op("*")) return expression();
    const Token& star = take();
    auto value = binary(0);
    if (!value) return std::nullopt;
    Expr out = make_expr(ExprKind::starred, star, "*");
    out.children.push_back(std::move(*value));
    return out;
}

std::optional<Expr> PythonParser::conditional() {
    if (at_word("lambda")) return std::nullopt;
    auto body = or_test();
    if (!body || !at_word("if")) return body;
    take();
    auto test = or_test();
    if (!test || !accept_word("else")) return std::nullopt;
    auto orelse = conditional();
    if (!orelse) return std::nullopt;
    Expr first = *body;
    return node(ExprKind::conditional, first, "if",
                {std::move(*body), std::move(*test), std::move(*orelse)});
}

std::optional<Expr> PythonParser::or_test() {
    auto left = and_test();
    while (left && at_word("or")) {
        const Token& op = take();
        auto right = and_test();
        if (!right) return std::nullopt;
        left = operator_node(ExprKind::boolean, std::move(*left), op, "or", std::move(*right));
    }
    return left;
}

std::optional<Expr> PythonParser::and_test() {
    auto left = not_test();
    while (left && at_word("and")) {
        const Token& op = take();
        auto right = not_test();
        if (!right) return std::nullopt;
        left = operator_node(ExprKind::boolean, std::move(*left), op, "and", std::move(*right));
    }
    return left;
}

std::optional<Expr> PythonParser::not_test() {
    if (!at_word("not")) return comparison();
    const Token& op = take();
    auto operand = not_test();
    if (!operand) return std::nullopt;
    Expr out = make_expr(ExprKind::unary, op, "not");
    out.children.push_back(std::move(*operand));
    return out;
}

std::optional<std::string> PythonParser::comparison_operator() {
    static constexpr std::array<std::string_view, 6> kOps = {"<", ">", "==", ">=", "<=", "!="};
    for (auto op : kOps)
        if (accept_op(op)) return std::string(op);
    if (accept_word("in")) return "in";
    if (at_word("not") && peek(1).kind == TokenKind::identifier && peek(1).text == "in") {
        pos_ += 2;
        return "not in";
    }
    if (accept_word("is")) return accept_word("not") ? "is not" : "is";
    return std::nullopt;
}

std::optional<Expr> PythonParser::comparison() {
    auto left = binary(0);
    while (left) {
        const Token& op_token = peek();
        auto op = comparison_operator();
        if (!op) break;
        auto right = binary(0);
        if (!right) return std::nullopt;
        left = operator_node(ExprKind::compare, std::move(*left), op_token, *op, std::move(*right));
    }
    return left;
}

// Precedence climbing: operators of `level` and tighter, all left-associative.
std::optional<Expr> PythonParser::binary(std::size_t level) {
    auto left = factor();
    while (left) {
        const Token& op = peek();
        std::size_t op_level = binary_level(op);
        if (op_level == kBinaryLevels || op_level < level) break;
        take();
        auto right = binary(op_level + 1);
        if (!right) return std::nullopt;
        left = operator_node(ExprKind::binary, std::move(*left), op, std::string(op.text),
                             std::move(*right));
    }
    return left;
}

std::optional<Expr> PythonParser::factor() {
    if (!at_op("-") && !at_op("+") && !at_op("~")) return power();
    const Token& op = take();
    auto operand = factor();
    if (!operand) return std::nullopt;
    Expr out = make_expr(ExprKind::unary, op, std::string(op.text));
    out.children.push_back(std::move(*operand));
    return out;
}

std::optional<Expr> PythonParser::power() {
    auto base = primary();
    if (!base || !at_op("**")) return base;
    const Token& op = take();
    auto exponent = factor();  // right-associative, binds tighter than a unary on its left
    if (!exponent) return std::nullopt;
    return operator_node(ExprKind::binary, std::move(*base), op, "**", std::move(*exponent));
}

std::optional<Expr> PythonParser::primary() {
    auto value = atom();
    while (value && (at_op(".") || at_op("(") || at_op("["))) value = trailer(std::move(*value));
    return value;
}

std::optional<Expr> PythonParser::trailer(Expr base) {
    if (at_op("(")) return call(std::move(base));
    if (at_op("[")) return subscript(std::move(base));
    take();  // "."
    if (!at(TokenKind::identifier)) return std::nullopt;
    Expr first = base;
    Expr out = node(ExprKind::attribute, first, std::string(take().text), {});
    out.children.push_back(std::move(base));
    return out;
}

std::optional<Expr> PythonParser::call(Expr callee) {
    take();  // "("
    Expr first = callee;
    Expr out = node(ExprKind::call, first, {}, {});
    out.children.push_back(std::move(callee));
    while (!at_op(")")) {
        auto argument = call_argument();
        if (!argument || at_word("for")) return std::nullopt;
        out.children.push_back(std::move(*argument));
        if (!accept_op(",") && !at_op(")")) return std::nullopt;
    }
    out.end_line = take().line;  // ")"
    return out;
}

std::optional<Expr> PythonParser::call_argument() {
    if (at_op("*")) return starred_or_expression();
    bool keyword =
        at(TokenKind::identifier) && peek(1).kind == TokenKind::op && peek(1).text == "=";
    if (!keyword && !at_op("**")) return expression();
    const Token& name = take();
    if (keyword) take();  // "="
    auto value = expression();
    if (!value) return std::nullopt;
    Expr out = make_expr(ExprKind::keyword, name, std::string(name.text));
    out.children.push_back(std::move(*value));
    return out;
}

std::optional<Expr> PythonParser::subscript(Expr value) {
    take();  // "["
    auto items = items_until("]", true);
    if (!items || items->size() != 1) return std::nullopt;
    Expr first = value;
    Expr out = node(ExprKind::subscript, first, {}, {});
    out.children.push_back(std::move(value));
    out.children.push_back(std::move(items->front()));
    return out;
}

std::optional<Expr> PythonParser::subscript_item() {
    const Token& first = peek();
    auto lower = at_op(":") ? std::optional<Expr>(make_expr(ExprKind::empty, first)) : expression();
    if (!lower || !at_op(":")) return lower;
    Expr slice = make_expr(ExprKind::slice, first);
    slice.children.push_back(std::move(*lower));
    while (accept_op(":") && slice.children.size() < 3) {
        auto part = slice_part();
        if (!part) return std::nullopt;
        slice.children.push_back(std::move(*part));
    }
    return slice;
}

std::optional<Expr> PythonParser::slice_part() {
    if (at_op(":") || at_op(",") || at_op("]")) return make_expr(ExprKind::empty, peek());
    return expression();
}

// Comma-separated items up to `closing` (consumed). In a subscript the items may be slices, and
// a trailing comma or several items make one tuple; elsewhere they are list elements.
std::optional<std::vector<Expr>> PythonParser::items_until(std::string_view closing,
                                                           bool in_subscript) {
    std::vector<Expr> items;
    const Token& first = peek();
    bool comma = false;
    while (!accept_op(closing)) {
        auto item = in_subscript ? subscript_item() : starred_or_expression();
        if (!item || at_word("for")) return std::nullopt;
        items.push_back(std::move(*item));
        comma = accept_op(",");
        if (!comma && !at_op(closing)) return std::nullopt;
    }
    if (in_subscript && (items.size() > 1 || comma)) {
        Expr tuple = make_expr(ExprKind::tuple, first);
        tuple.children = std::move(items);
        return std::vector<Expr>{std::move(tuple)};
    }
    return items;
}

std::optional<Expr> PythonParser::atom() {
    const Token& token = peek();
    if (token.kind == TokenKind::number)
        return make_expr(ExprKind::number, take(), std::string(token.text));
    if (token.kind == TokenKind::string) return strings();
    if (token.kind == TokenKind::identifier && !is_reserved_word(token.text))
        return make_expr(ExprKind::name, take(), std::string(token.text));
    if (at_op("...")) return make_expr(ExprKind::name, take(), "...");
    if (at_op("(")) return parenthesised();
    if (at_op("[")) return bracketed_list();
    if (at_op("{")) return braced();
    return std::nullopt;
}

std::optional<Expr> PythonParser::strings() {
    Expr out = make_expr(ExprKind::string, peek());
    while (at(TokenKind::string)) {
        if (!out.text.empty()) out.text += ' ';
        out.text += take().text;
    }
    return out;
}

std::optional<Expr> PythonParser::parenthesised() {
    const Token& open = take();
    if (accept_op(")")) return make_expr(ExprKind::tuple, open);
    if (at_word("yield")) return std::nullopt;
    auto inner = expression_list();
    if (!inner || !accept_op(")")) return std::nullopt;
    if (inner->kind == ExprKind::tuple) {  // the tuple starts at its parenthesis
        inner->line = open.line;
        inner->column = open.column;
    }
    return inner;
}

std::optional<Expr> PythonParser::bracketed_list() {
    const Token& open = take();
    auto items = items_until("]", false);
    if (!items) return std::nullopt;
    Expr out = make_expr(ExprKind::list, open);
    out.children = std::move(*items);
    return out;
}

std::optional<Expr> PythonParser::braced() {
    Expr out = make_expr(ExprKind::dict, take());
    while (!accept_op("}")) {
        auto key = at_op("**") ? (take(), binary(0)) : expression();
        if (!key || at_word("for")) return std::nullopt;
        out.children.push_back(std::move(*key));
        if (accept_op(":")) {
            auto value = expression();
            if (!value) return std::nullopt;
            out.children.push_back(std::move(*value));
        }
        if (!accept_op(",") && !at_op("}")) return std::nullopt;
    }
    return out;
}

}  // namespace patchbay
