#include "checks/cpp/cpp_expression.hpp"

#include <gtest/gtest.h>

#include <string>

namespace patchbay {
namespace {

// The tree as a Lisp-like string: (op lhs rhs), names and numbers as their text.
struct Printer {
    const std::vector<Token>& tokens;

    std::string print(const CppExpr& e) const {
        std::string head(tokens[e.token].text);
        switch (e.kind) {
            case CppExpr::Kind::name:
            case CppExpr::Kind::number:
            case CppExpr::Kind::literal:
                return head;
            case CppExpr::Kind::cast:
                return "(cast " + e.type + children(e, 0) + ")";
            case CppExpr::Kind::call:
                return "(call" + children(e, 0) + ")";
            case CppExpr::Kind::index:
                return "(index" + children(e, 0) + ")";
            case CppExpr::Kind::member:
                return "(. " + print(*e.operands[0]) + " " + head + ")";
            default:
                return "(" + head + children(e, 0) + ")";
        }
    }
    std::string children(const CppExpr& e, std::size_t from) const {
        std::string out;
        for (std::size_t i = from; i < e.operands.size(); ++i) out += " " + print(*e.operands[i]);
        return out;
    }
};

std::string parse(const std::string& text, std::size_t* end_out = nullptr) {
    auto tokens = tokenize_cpp(text);
    auto brackets = match_brackets(tokens);
    TypeAliases aliases;
    aliases.add("stride_t", "int");
    std::size_t end = 0;
    auto expr = parse_cpp_expression(tokens, brackets, aliases, {0, tokens.size() - 1}, end);
    if (end_out) *end_out = end;
    return expr ? Printer{tokens}.print(*expr) : "<none>";
}

TEST(CppExpression, PrecedenceAndAssociativity) {
    EXPECT_EQ(parse("a + b * c - d"), "(- (+ a (* b c)) d)");
    EXPECT_EQ(parse("x = y = a * b"), "(= x (= y (* a b)))");
    EXPECT_EQ(parse("a < b && c"), "(&& (< a b) c)");
}

// Nodes freed with one tree are handed out again for the next: they come back cleared.
TEST(CppExpression, ReusedNodesStartEmpty) {
    EXPECT_EQ(parse("static_cast<int64_t>(f(a, b)[i]) * s"),
              "(* (cast int64_t (index (call f a b) i)) s)");
    EXPECT_EQ(parse("x + y"), "(+ x y)");
    EXPECT_EQ(parse("(long long)p.q"), "(cast long long (. p q))");
}

TEST(CppExpression, TernaryAndComma) {
    EXPECT_EQ(parse("c ? a : b + 1"), "(? c a (+ b 1))");
    EXPECT_EQ(parse("a, b"), "(, a b)");
}

TEST(CppExpression, CastsOfEveryShape) {
    EXPECT_EQ(parse("static_cast<int64_t>(b) * s"), "(* (cast int64_t b) s)");
    EXPECT_EQ(parse("(int64_t)(b * s)"), "(cast int64_t (* b s))");
    EXPECT_EQ(parse("(long long)b * s"), "(* (cast long long b) s)");
    EXPECT_EQ(parse("int64_t(b) * s"), "(* (cast int64_t b) s)");
    EXPECT_EQ(parse("(std::size_t)b"), "(cast size_t b)");
    EXPECT_EQ(parse("(stride_t)b"), "(cast stride_t b)");
}

TEST(CppExpression, ParenthesisedValueIsNotACast) {
    EXPECT_EQ(parse("(b) * s"), "(* b s)");
    EXPECT_EQ(parse("(a + b) * s"), "(* (+ a b) s)");
}

TEST(CppExpression, PostfixSubscriptCallMember) {
    EXPECT_EQ(parse("cache[b * s + threadIdx.x]"), "(index cache (+ (* b s) (. threadIdx x)))");
    EXPECT_EQ(parse("__ldg(&block_table[i])"), "(call __ldg (& (index block_table i)))");
    EXPECT_EQ(parse("*(t + i)"), "(* (+ t i))");
    EXPECT_EQ(parse("p->q.r[0]++"), "(++ (index (. (. p q) r) 0))");
    EXPECT_EQ(parse("std::min(a, b)"), "(call min a b)");
}

// `f<T>()` is a call of a template, not `(f < T) > ()`; `a < b > (c)` stays a comparison only
// when no call or scope follows the `>`.
TEST(CppExpression, TemplateArgumentsBeforeACallOrAScope) {
    EXPECT_EQ(parse("b * s + upcast_size<DTypeKV>()"), "(+ (* b s) (call upcast_size))");
    EXPECT_EQ(parse("vec_t<T, 8>::size * i"), "(* size i)");
    EXPECT_EQ(parse("get<0>(t) * s"), "(* (call get t) s)");
    EXPECT_EQ(parse("a < b && c > d"), "(&& (< a b) (> c d))");
    EXPECT_EQ(parse("x >> 2"), "(>> x 2)");
}

TEST(CppExpression, StopsBeforeWhatCannotContinueIt) {
    std::size_t end = 0;
    EXPECT_EQ(parse("a * b; c", &end), "(* a b)");
    EXPECT_EQ(end, 3u);
    EXPECT_EQ(parse("k<<<grid, 256>>>(x)", &end), "k");
    EXPECT_EQ(end, 1u);
    EXPECT_EQ(parse("; a"), "<none>");
}

}  // namespace
}  // namespace patchbay
