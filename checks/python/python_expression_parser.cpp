// Python's expression grammar, with its precedence: conditional < or < and < not < comparisons
// < | < ^ < & < shifts < + - < * / // % @ < unary - + ~ < ** < primaries (calls, attributes,
// subscripts). Comprehensions, lambdas, yield and await are failures (nullopt).
//
// The rules every operand passes through on its way down to an atom (starred_or_expression,
// conditional, binary_operand, power, primary, trailer, atom), call_argument and operator_level
// are [[gnu::always_inline]]: GCC kept each a call of its own, so that a name paid a call, its
// register saves and an optional<Expr> returned through memory at every level (some 5 % of
// the Triton audit's instructions). Each has one or two callers: the code grows little.

#include <array>
#include <utility>

#include "checks/python/python_parser.hpp"

namespace patchbay {
namespace {

// The operator levels from the loosest to the tightest: or, and, (prefix not), comparisons,
// | ^ & (<< >>) (+ -) (* / // % @). One precedence-climbing loop parses them all, so an operand
// costs one call per level it actually uses rather than one per grammar rule.
constexpr std::size_t kOr = 0;
constexpr std::size_t kAnd = 1;
constexpr std::size_t kNot = 2;
constexpr std::size_t kComparison = 3;
constexpr std::size_t kBitOr = 4;  // the loosest arithmetic level: Python's `or_expr`
constexpr std::size_t kNoOperator = 10;

// The level of an arithmetic operator token, or kNoOperator when it is not one.
std::size_t arithmetic_level(std::string_view t) {
    if (t.size() == 1) {
        switch (t[0]) {
            case '|':
                return kBitOr;
            case '^':
                return kBitOr + 1;
            case '&':
                return kBitOr + 2;
            case '+':
            case '-':
                return kBitOr + 4;
            case '*':
            case '/':
            case '%':
            case '@':
                return kBitOr + 5;
            case '<':
            case '>':
                return kComparison;
            default:
                return kNoOperator;
        }
    }
    if (t == "<<" || t == ">>") return kBitOr + 3;
    if (t == "//") return kBitOr + 5;
    if (t == "==" || t == ">=" || t == "<=" || t == "!=") return kComparison;
    return kNoOperator;
}

// A token's line or column as an Expr keeps it.
std::int32_t position(std::int64_t line_or_column) {
    return static_cast<std::int32_t>(line_or_column);
}

// A node that starts where `first` does, with `first` as its first child and room for
// `room` children in `arena`.
Expr node(ExprArena& arena, ExprKind kind, const Expr& first, std::string_view text = {},
          std::size_t room = 2) {
    Expr out;
    out.kind = kind;
    out.text = text;
    out.line = first.line;
    out.column = first.column;
    out.children.reserve(arena, room);
    out.children.push_back(arena, first);
    return out;
}

// `expr` becomes the first child of a new node in its place: a trailer or an operator copies
// it once, into the arena.
void wrap(ExprArena& arena, Expr& expr, ExprKind kind, std::string_view text = {},
          std::size_t room = 2) {
    expr = node(arena, kind, expr, text, room);
}

// `left` becomes `left op right`.
void add_operand(ExprArena& arena, Expr& left, ExprKind kind, const Token& op,
                 std::string_view text, const Expr& right) {
    wrap(arena, left, kind, text);
    left.op_line = position(op.line);
    left.op_column = position(op.column);
    left.children.push_back(arena, right);
}

}  // namespace

Expr make_expr(ExprKind kind, const Token& at, std::string_view text) {
    Expr out;
    out.kind = kind;
    out.text = text;
    out.line = position(at.line);
    out.column = position(at.column);
    return out;
}

// By first letter: every identifier of a kernel passes here, most of them at the first test.
bool is_reserved_word(std::string_view w) {
    if (w.size() < 2 || w.size() > 8) return false;
    switch (w[0]) {
        case 'a':
            return w == "and" || w == "as" || w == "assert" || w == "async" || w == "await";
        case 'b':
            return w == "break";
        case 'c':
            return w == "class" || w == "continue";
        case 'd':
            return w == "def" || w == "del";
        case 'e':
            return w == "elif" || w == "else" || w == "except";
        case 'f':
            return w == "finally" || w == "for" || w == "from";
        case 'g':
            return w == "global";
        case 'i':
            return w == "if" || w == "import" || w == "in" || w == "is";
        case 'l':
            return w == "lambda";
        case 'n':
            return w == "nonlocal" || w == "not";
        case 'o':
            return w == "or";
        case 'p':
            return w == "pass";
        case 'r':
            return w == "raise" || w == "return";
        case 't':
            return w == "try";
        case 'w':
            return w == "while" || w == "with";
        case 'y':
            return w == "yield";
        default:
            return false;
    }
}

// The hot rules return one named optional on every path, so that it is built in the caller's
// slot (NRVO) rather than moved out level by level; a rare continuation edits it in place.
std::optional<Expr> PythonParser::expression() {
    const Token& first = peek();
    auto value = conditional();
    if (value && accept_op(":=")) named(first, value);
    return value;
}

// After `target :=`: `target` becomes the named expression, or nullopt.
void PythonParser::named(const Token& first, std::optional<Expr>& target) {
    auto assigned = expression();
    if (!assigned) return target.reset();
    Expr named = make_expr(ExprKind::named, first);
    named.children.reserve(arena_, 2);
    named.children.push_back(arena_, *target);
    named.children.push_back(arena_, *assigned);
    target = named;
}

std::optional<Expr> PythonParser::expression_list() {
    const Token& first = peek();
    auto item = starred_or_expression();
    if (item && at_op(",")) rest_of_tuple(first, item);
    return item;
}

// At the comma after a tuple's first item: `item` becomes the tuple, or nullopt.
void PythonParser::rest_of_tuple(const Token& first, std::optional<Expr>& item) {
    Expr tuple = make_expr(ExprKind::tuple, first);
    tuple.children.push_back(arena_, *item);
    while (accept_op(",")) {
        if (at(TokenKind::newline) || at_op("=") || at_op(")") || at_op(":") || at_op(";")) break;
        auto next = starred_or_expression();
        if (!next) return item.reset();
        tuple.children.push_back(arena_, *next);
    }
    item = tuple;
}

std::optional<Expr> PythonParser::target_list() {
    Expr tuple = make_expr(ExprKind::tuple, peek());
    bool comma = false;
    do {
        if (at_word("in")) break;
        bool star = accept_op("*");
        auto item = binary(kBitOr);
        if (!item) return std::nullopt;
        tuple.children.push_back(arena_,
                                 star ? node(arena_, ExprKind::starred, *item, "*") : *item);
    } while ((comma = accept_op(",")));
    if (tuple.children.size() == 1 && !comma) return tuple.children[0];
    return tuple;
}

[[gnu::always_inline]] inline std::optional<Expr> PythonParser::starred_or_expression() {
    if (!at_op("*")) return expression();
    const Token& star = take();
    auto value = binary(kBitOr);
    if (!value) return std::nullopt;
    Expr out = make_expr(ExprKind::starred, star, "*");
    out.children.push_back(arena_, *value);
    return out;
}

[[gnu::always_inline]] inline std::optional<Expr> PythonParser::conditional() {
    auto body = at_word("lambda") ? std::optional<Expr>() : binary(kOr);
    if (body && accept_word("if")) if_else(body);
    return body;
}

// After `body if`: `body` becomes the conditional expression, or nullopt.
void PythonParser::if_else(std::optional<Expr>& body) {
    auto test = binary(kOr);
    if (!test || !accept_word("else")) return body.reset();
    auto orelse = conditional();
    if (!orelse) return body.reset();
    wrap(arena_, *body, ExprKind::conditional, "if");
    body->children.push_back(arena_, *test);
    body->children.push_back(arena_, *orelse);
}

// The level of the operator at the cursor (`not in` and `is not` included), or kNoOperator.
[[gnu::always_inline]] inline std::size_t PythonParser::operator_level() const {
    const Token& token = peek();
    if (token.kind == TokenKind::op) return arithmetic_level(token.text);
    if (token.kind != TokenKind::identifier) return kNoOperator;
    if (token.text == "or") return kOr;
    if (token.text == "and") return kAnd;
    if (token.text == "in" || token.text == "is") return kComparison;
    bool not_in =
        token.text == "not" && peek(1).kind == TokenKind::identifier && peek(1).text == "in";
    return not_in ? kComparison : kNoOperator;
}

std::optional<std::string_view> PythonParser::comparison_operator() {
    static constexpr std::array<std::string_view, 6> kOps = {"<", ">", "==", ">=", "<=", "!="};
    for (auto op : kOps)
        if (accept_op(op)) return op;
    if (accept_word("in")) return "in";
    if (at_word("not") && peek(1).kind == TokenKind::identifier && peek(1).text == "in") {
        current_ += 2;
        return "not in";
    }
    if (accept_word("is")) return accept_word("not") ? "is not" : "is";
    return std::nullopt;
}

// Precedence climbing: operators of `level` and tighter, all left-associative (a comparison
// chain nests to the left).
std::optional<Expr> PythonParser::binary(std::size_t level) {
    auto left = binary_operand(level);
    while (left) {
        const Token& op = peek();
        std::size_t op_level = operator_level();
        if (op_level == kNoOperator || op_level < level) break;
        std::string_view text;
        if (op_level == kComparison)
            text = *comparison_operator();
        else
            text = take().text;
        auto right = binary(op_level + 1);
        if (!right) {
            left.reset();
            break;
        }
        ExprKind kind = op_level <= kAnd          ? ExprKind::boolean
                        : op_level == kComparison ? ExprKind::compare
                                                  : ExprKind::binary;
        add_operand(arena_, *left, kind, op, text, *right);
    }
    return left;
}

// `not` binds looser than comparisons: it starts an operand only where `and`/`or` could.
[[gnu::always_inline]] inline std::optional<Expr> PythonParser::binary_operand(std::size_t level) {
    if (level > kNot || !at_word("not")) return factor();
    const Token& op = take();
    auto operand = binary(kNot);
    if (!operand) return std::nullopt;
    Expr out = make_expr(ExprKind::unary, op, "not");
    out.children.push_back(arena_, *operand);
    return out;
}

std::optional<Expr> PythonParser::factor() {
    if (!at_op("-") && !at_op("+") && !at_op("~")) return power();
    const Token& op = take();
    auto operand = factor();
    if (!operand) return std::nullopt;
    Expr out = make_expr(ExprKind::unary, op, op.text);
    out.children.push_back(arena_, *operand);
    return out;
}

[[gnu::always_inline]] inline std::optional<Expr> PythonParser::power() {
    auto base = primary();
    if (base && at_op("**")) exponent(base);
    return base;
}

// At `**` after `base`: `base` becomes the power, or nullopt.
void PythonParser::exponent(std::optional<Expr>& base) {
    const Token& op = take();
    auto exponent = factor();  // right-associative, binds tighter than a unary on its left
    if (!exponent) return base.reset();
    add_operand(arena_, *base, ExprKind::binary, op, "**", *exponent);
}

[[gnu::always_inline]] inline std::optional<Expr> PythonParser::primary() {
    auto value = atom();
    while (value && (at_op(".") || at_op("(") || at_op("[")))
        if (!trailer(*value)) value.reset();
    return value;
}

// `expr` becomes the call, subscript or attribute of the trailer at the cursor; false when it
// does not parse.
[[gnu::always_inline]] inline bool PythonParser::trailer(Expr& expr) {
    if (at_op("(")) return call(expr);
    if (at_op("[")) return subscript(expr);
    take();  // "."
    if (!at(TokenKind::identifier)) return false;
    wrap(arena_, expr, ExprKind::attribute, take().text);
    return true;
}

bool PythonParser::call(Expr& expr) {
    take();  // "("
    // Room for the callee and three arguments (tl.load(ptr, mask=..., other=...)): a list of
    // two grew to four at a kernel's common calls, moving the first two nodes.
    wrap(arena_, expr, ExprKind::call, {}, 4);
    while (!at_op(")")) {
        auto argument = call_argument();
        if (!argument || at_word("for")) return false;
        expr.children.push_back(arena_, *argument);
        if (!accept_op(",") && !at_op(")")) return false;
    }
    expr.end_line = position(take().line);  // ")"
    calls_.push_back(expr);  // complete: a node that wraps it later shares its children
    return true;
}

[[gnu::always_inline]] inline std::optional<Expr> PythonParser::call_argument() {
    if (at_op("*")) return starred_or_expression();
    bool keyword =
        at(TokenKind::identifier) && peek(1).kind == TokenKind::op && peek(1).text == "=";
    if (!keyword && !at_op("**")) return expression();
    const Token& name = take();
    if (keyword) take();  // "="
    auto value = expression();
    if (!value) return std::nullopt;
    Expr out = make_expr(ExprKind::keyword, name, name.text);
    out.children.push_back(arena_, *value);
    return out;
}

bool PythonParser::subscript(Expr& expr) {
    take();  // "["
    auto items = items_until("]", true);
    if (!items || items->size() != 1) return false;
    wrap(arena_, expr, ExprKind::subscript);
    expr.children.push_back(arena_, items->front());
    return true;
}

std::optional<Expr> PythonParser::subscript_item() {
    const Token& first = peek();
    auto lower = at_op(":") ? std::optional<Expr>(make_expr(ExprKind::empty, first)) : expression();
    if (!lower || !at_op(":")) return lower;
    Expr slice = make_expr(ExprKind::slice, first);
    slice.children.push_back(arena_, *lower);
    while (accept_op(":") && slice.children.size() < 3) {
        auto part = slice_part();
        if (!part) return std::nullopt;
        slice.children.push_back(arena_, *part);
    }
    return slice;
}

std::optional<Expr> PythonParser::slice_part() {
    if (at_op(":") || at_op(",") || at_op("]")) return make_expr(ExprKind::empty, peek());
    return expression();
}

// Comma-separated items up to `closing` (consumed). In a subscript the items may be slices, and
// a trailing comma or several items make one tuple; elsewhere they are list elements.
std::optional<ExprList> PythonParser::items_until(std::string_view closing, bool in_subscript) {
    ExprList items;
    const Token& first = peek();
    bool comma = false;
    while (!accept_op(closing)) {
        auto item = in_subscript ? subscript_item() : starred_or_expression();
        if (!item || at_word("for")) return std::nullopt;
        items.push_back(arena_, *item);
        comma = accept_op(",");
        if (!comma && !at_op(closing)) return std::nullopt;
    }
    if (in_subscript && (items.size() > 1 || comma)) {
        Expr tuple = make_expr(ExprKind::tuple, first);
        tuple.children = items;
        ExprList wrapped;
        wrapped.push_back(arena_, tuple);
        return wrapped;
    }
    return items;
}

[[gnu::always_inline]] inline std::optional<Expr> PythonParser::atom() {
    const Token& token = peek();
    if (token.kind == TokenKind::number) return make_expr(ExprKind::number, take(), token.text);
    if (token.kind == TokenKind::string) return strings();
    if (token.kind == TokenKind::identifier && !is_reserved_word(token.text))
        return make_expr(ExprKind::name, take(), token.text);
    if (at_op("...")) return make_expr(ExprKind::name, take(), "...");
    if (at_op("(")) return parenthesised();
    if (at_op("[")) return bracketed_list();
    if (at_op("{")) return braced();
    return std::nullopt;
}

std::optional<Expr> PythonParser::strings() {
    Expr out = make_expr(ExprKind::string, peek());
    const char* begin = peek().text.data();
    const Token* last = &peek();
    while (at(TokenKind::string)) last = &take();
    out.text = std::string_view(
        begin, static_cast<std::size_t>(last->text.data() + last->text.size() - begin));
    return out;
}

std::optional<Expr> PythonParser::parenthesised() {
    const Token& open = take();
    if (accept_op(")")) return make_expr(ExprKind::tuple, open);
    if (at_word("yield")) return std::nullopt;
    auto inner = expression_list();
    if (!inner || !accept_op(")")) return std::nullopt;
    if (inner->kind == ExprKind::tuple) {  // the tuple starts at its parenthesis
        inner->line = position(open.line);
        inner->column = position(open.column);
    }
    return inner;
}

std::optional<Expr> PythonParser::bracketed_list() {
    const Token& open = take();
    auto items = items_until("]", false);
    if (!items) return std::nullopt;
    Expr out = make_expr(ExprKind::list, open);
    out.children = *items;
    return out;
}

std::optional<Expr> PythonParser::braced() {
    Expr out = make_expr(ExprKind::dict, take());
    while (!accept_op("}")) {
        auto key = at_op("**") ? (take(), binary(kBitOr)) : expression();
        if (!key || at_word("for")) return std::nullopt;
        out.children.push_back(arena_, *key);
        if (accept_op(":")) {
            auto value = expression();
            if (!value) return std::nullopt;
            out.children.push_back(arena_, *value);
        }
        if (!accept_op(",") && !at_op("}")) return std::nullopt;
    }
    return out;
}

}  // namespace patchbay
