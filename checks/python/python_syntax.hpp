#pragma once
// A syntax tree for @triton.jit functions: Python expressions with Python's precedence and the
// statements Triton kernels use (assignments, if/elif/else, for, while, return). Comprehensions,
// lambdas and other constructs Triton does not compile are not modelled: a statement holding one
// becomes StmtKind::other and parsing goes on at the next logical line.

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "checks/python/expr_arena.hpp"
#include "checks/token.hpp"

namespace patchbay {

enum class ExprKind {
    name,         // text: the identifier (None, True and False are names too)
    number,       // text: the literal
    string,       // text: the literal(s), adjacent literals as written (their source span)
    attribute,    // children[0].text
    call,         // children[0](children[1..]); keyword arguments are keyword nodes
    keyword,      // text=children[0] in a call; text "**" for **kwargs
    starred,      // *children[0]
    subscript,    // children[0][children[1]]; several indices make children[1] a tuple
    slice,        // children: lower, upper[, step]; an absent part is an `empty` node
    tuple,        // children, with or without parentheses
    list,         // [children]
    dict,         // {k: v, ...}: children alternate key, value; a set keeps only its items
    binary,       // children[0] text children[1]: | ^ & << >> + - * / // % @ **
    unary,        // text children[0]: - + ~ not
    boolean,      // children[0] and/or children[1]
    compare,      // children[0] text children[1]; a chain nests to the left
    conditional,  // children[0] if children[1] else children[2]
    named,        // children[0] := children[1]
    empty,        // an absent slice part
};

struct Expr;
// A node's children, in the parse's arena (checks/python/expr_arena.hpp).
using ExprList = ArenaList<Expr>;

// `text` views the parsed source (or a string literal of the parser): an Expr lives no longer
// than the text it was parsed from, nor than the arena of its children.
//
// Positions take 32 bits (no file has 2^31 lines): a node is moved and copied at every grammar
// level.
struct Expr {
    ExprKind kind = ExprKind::empty;
    std::int32_t line = 0;  // where the expression starts (its left operand for binary nodes)
    std::int32_t column = 0;
    std::int32_t op_line = 0;  // binary, compare, boolean: the operator's own position
    std::int32_t op_column = 0;
    std::int32_t end_line = 0;  // call: the line of its closing parenthesis
    std::string_view text;
    ExprList children;
};
static_assert(std::is_trivially_copyable_v<Expr> && std::is_trivially_destructible_v<Expr>);

enum class StmtKind {
    assign,      // targets[0] = targets[1] = ... = value
    aug_assign,  // targets[0] op value (op: "+=", "*=", ...)
    ann_assign,  // targets[0]: annotation [= value]
    expr,        // value
    return_,     // return [value]
    if_,         // if value: body else: orelse (an elif is an if alone in orelse)
    for_,        // for targets[0] in value: body else: orelse
    while_,      // while value: body else: orelse
    pass,        // pass, break, continue (text says which)
    other,       // anything else; a block after it, if any, is parsed into body
};

struct Stmt;
// A block's statements, in the same arena.
using StmtList = ArenaList<Stmt>;

struct Stmt {
    StmtKind kind = StmtKind::other;
    std::int64_t line = 0;
    std::int64_t column = 0;
    // aug_assign's operator; pass's keyword; other's first token. A view of the source, as an
    // Expr's text is: a string was built (and freed) for each such statement.
    std::string_view op;
    ExprList targets;
    std::optional<Expr> value;
    std::optional<Expr> annotation;
    StmtList body;
    StmtList orelse;
};
static_assert(std::is_trivially_copyable_v<Stmt> && std::is_trivially_destructible_v<Stmt>);

// Names view the source (or, for a star apart from its name, the arena), as an Expr's text
// does: a string was built for each parameter name past 15 bytes (`stride_output_batch`).
struct Parameter {
    std::string_view name;  // "*args" and "**kw" keep their stars
    std::optional<Expr> annotation;
    std::optional<Expr> default_value;
    std::int64_t line = 0;
    std::int64_t column = 0;
};

// Which kernel language a function is written in, by its decorator.
enum class KernelDialect {
    triton,  // @triton.jit, @jit
    cute,    // @cute.kernel, @cute.jit (CUTLASS's CuTe DSL)
};

struct FunctionDef {
    std::string_view name;
    KernelDialect dialect = KernelDialect::triton;
    ExprList decorators;
    ArenaList<Parameter> parameters;
    StmtList body;
    // Every call in the body's statements (their targets and values, not annotations), inner
    // ones before the calls around them: for the analyses that look for calls of a kind, which
    // walked the whole tree for them.
    ExprList calls;
    std::int64_t line = 0;  // of `def`
    std::int64_t column = 0;

    const Parameter* parameter(std::string_view name) const;
};

// Every function in `text` (at any nesting depth) with a jit decorator: `@triton.jit`, `@jit`,
// `@triton.jit(...)`, possibly below `@triton.autotune(...)` or `@triton.heuristics(...)`; and
// CuTe DSL kernels: `@cute.kernel`, `@cute.jit` (dialect cute).
// They and their nodes (expressions, statements, parameters) are in `arena` and their names
// view `text`: both must outlive them.
ArenaList<FunctionDef> parse_jit_functions(std::string_view text, ExprArena& arena);

// Whether a decorator expression is triton.jit / jit / gluon.jit, called or not.
bool is_jit_decorator(const Expr& decorator);
// Whether it is cute.kernel / cute.jit (also spelled cutlass.cute.*), called or not.
bool is_cute_decorator(const Expr& decorator);

// One expression (a tuple when there are top-level commas); nullopt when it does not parse or
// when tokens are left over. For tests and for callers that hold a fragment.
std::optional<Expr> parse_python_expression(std::string_view text, ExprArena& arena);

// "a.b.c" for a name or attribute chain, "" for anything else.
std::string dotted_name(const Expr& expr);

// The member a callee names in one of `modules`: "load" for `tl.load` with modules {"tl",
// "triton.language"}; "" for `tl.math.exp`, other modules and non-names.
std::string_view module_member(const Expr& callee, std::initializer_list<std::string_view> modules);

// The member a callee names in triton.language, spelled `tl`, `triton.language`, or as Gluon's
// language (`gl`, `triton.experimental.gluon.language`), whose loads, program ids, ranges and
// dtypes are triton.language's: "load" for `tl.load` and `gl.load`.
std::string_view language_member(const Expr& callee);

// Whether `root` is the short spelling of triton.language or Gluon's language: `tl`, `gl`.
bool is_language_root(std::string_view root);

}  // namespace patchbay
