#pragma once
// C/C++ expressions as trees, read from tokens with operator precedence — enough for the
// analyses to follow values through arithmetic, casts, calls, subscripts and assignments.
// Reading never fails: it stops before the first token that cannot continue the expression.

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "checks/cpp/cpp_declarations.hpp"
#include "checks/token.hpp"

namespace patchbay {

struct CppExpr {
    enum class Kind { name, number, literal, unary, binary, ternary, cast, call, index, member };
    Kind kind = Kind::literal;
    std::size_t token = 0;  // the name, literal or operator ("*", "[", "(", "?", cast keyword)
    std::size_t first = 0;  // the expression's tokens [first, last]
    std::size_t last = 0;
    std::string type;  // cast: the normalised target type ("int64_t")
    // unary: {operand}; binary: {lhs, rhs}; ternary: {cond, then, else}; cast: {operand};
    // call: {callee, args…}; index: {base, subscript}; member: {base}, token = member name.
    std::vector<std::unique_ptr<CppExpr>> operands;

    // Nodes are taken from and given back to a list of freed ones, one list a thread: an
    // analysed function parses each statement into a tree and drops it, and a malloc and a
    // free for every node cost more than popping and pushing a list.
    static void* operator new(std::size_t size);
    static void operator delete(void* node) noexcept;
};

struct ExprRange {
    std::size_t begin = 0;  // first token to read
    std::size_t limit = 0;  // never read at or past this token
};

// Reads the expression starting at `range.begin`, commas included. `end` receives the index
// of the first token not read. nullptr when no expression starts there.
std::unique_ptr<CppExpr> parse_cpp_expression(std::span<const Token> tokens,
                                              const std::vector<std::size_t>& brackets,
                                              const TypeAliases& aliases, ExprRange range,
                                              std::size_t& end);

}  // namespace patchbay
