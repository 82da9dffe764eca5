// The Python parser as the Triton rule uses it: expressions drawn as trees by hand, jit functions
// and their statements.
// Also tests checks/python/python_expression_parser.cpp and
// checks/python/python_statement_parser.cpp (the two halves of the parser).

#include "checks/python/python_syntax.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace patchbay {
namespace {

// The nodes of every tree a test parses: kept as long as the test program runs, so that a test
// may hold a tree (or a copy of a function's body) after the call that parsed it.
ExprArena& test_arena() {
    static ExprArena arena;
    return arena;
}

ArenaList<FunctionDef> parse_jit(std::string_view text) {
    return parse_jit_functions(text, test_arena());
}

std::optional<Expr> parse_expression(std::string_view text) {
    return parse_python_expression(text, test_arena());
}

// A Lisp-like rendering so that tree shapes can be written by hand: (* a b), (. x to), (call f a).
std::string sexp(const Expr& expr) {
    std::string head;
    switch (expr.kind) {
        case ExprKind::name:
        case ExprKind::number:
        case ExprKind::string:
            return std::string(expr.text);
        case ExprKind::empty:
            return "_";
        case ExprKind::attribute:
            return "(. " + sexp(expr.children[0]) + " " + std::string(expr.text) + ")";
        case ExprKind::call:
            head = "call";
            break;
        case ExprKind::keyword:
            head = "kw " + std::string(expr.text);
            break;
        case ExprKind::starred:
            head = "star";
            break;
        case ExprKind::subscript:
            head = "sub";
            break;
        case ExprKind::slice:
            head = "slice";
            break;
        case ExprKind::tuple:
            head = "tuple";
            break;
        case ExprKind::list:
            head = "list";
            break;
        case ExprKind::dict:
            head = "dict";
            break;
        case ExprKind::conditional:
            head = "ifexp";
            break;
        case ExprKind::named:
            head = ":=";
            break;
        default:
            head = expr.text;
            break;  // binary, unary, boolean, compare
    }
    std::string out = "(" + head;
    for (const auto& child : expr.children) out += " " + sexp(child);
    return out + ")";
}

std::string parsed(std::string_view text) {
    auto expr = parse_expression(text);
    return expr ? sexp(*expr) : "<fail>";
}

TEST(PythonExpression, ArithmeticPrecedence) {
    EXPECT_EQ(parsed("a + b * c - d // e % f"), "(- (+ a (* b c)) (% (// d e) f))");
    EXPECT_EQ(parsed("a << b + c | d & e ^ f"), "(| (<< a (+ b c)) (^ (& d e) f))");
}

TEST(PythonExpression, PowerIsRightAssociativeAndBindsTighterThanUnaryMinus) {
    EXPECT_EQ(parsed("-a ** -b ** c"), "(- (** a (- (** b c))))");
    EXPECT_EQ(parsed("~x @ y"), "(@ (~ x) y)");
}

TEST(PythonExpression, BooleanNotAndComparisons) {
    EXPECT_EQ(parsed("not a < b and c or d is not None"),
              "(or (and (not (< a b)) c) (is not d None))");
    EXPECT_EQ(parsed("a not in b"), "(not in a b)");
    EXPECT_EQ(parsed("a < b < c"), "(< (< a b) c)");
}

TEST(PythonExpression, ConditionalExpression) {
    EXPECT_EQ(parsed("a if c else b if d else e"), "(ifexp a c (ifexp b d e))");
}

TEST(PythonExpression, AttributeChainCallsAndKeywords) {
    EXPECT_EQ(parsed("tl.load(ptr + offs, mask=m, other=0.0)"),
              "(call (. tl load) (+ ptr offs) (kw mask m) (kw other 0.0))");
    EXPECT_EQ(parsed("x.to(tl.int64, bitcast=False)"),
              "(call (. x to) (. tl int64) (kw bitcast False))");
    EXPECT_EQ(parsed("f(*args, **kw)"), "(call f (star args) (kw ** kw))");
}

TEST(PythonExpression, SubscriptsWithSlicesAndNone) {
    EXPECT_EQ(parsed("x[:, None]"), "(sub x (tuple (slice _ _) None))");
    EXPECT_EQ(parsed("x[None, :]"), "(sub x (tuple None (slice _ _)))");
    EXPECT_EQ(parsed("x[1:n:2]"), "(sub x (slice 1 n 2))");
    EXPECT_EQ(parsed("x[i]"), "(sub x i)");
    EXPECT_EQ(parsed("x[i,]"), "(sub x (tuple i))");
}

TEST(PythonExpression, TuplesListsDictsAndParentheses) {
    EXPECT_EQ(parsed("(a + b) * c"), "(* (+ a b) c)");
    EXPECT_EQ(parsed("(a, b)"), "(tuple a b)");
    EXPECT_EQ(parsed("()"), "(tuple)");
    EXPECT_EQ(parsed("a, b,"), "(tuple a b)");
    EXPECT_EQ(parsed("[1, 2]"), "(list 1 2)");
    EXPECT_EQ(parsed("{'a': 1}"), "(dict 'a' 1)");
}

TEST(PythonExpression, AdjacentStringsJoin) {
    EXPECT_EQ(parsed("'a' \"b\""), "'a' \"b\"");
}

TEST(PythonExpression, ComprehensionsAndLambdasFail) {
    EXPECT_EQ(parsed("[x for x in y]"), "<fail>");
    EXPECT_EQ(parsed("f(x for x in y)"), "<fail>");
    EXPECT_EQ(parsed("lambda x: x"), "<fail>");
    EXPECT_EQ(parsed("a +"), "<fail>");
    EXPECT_EQ(parsed("a b"), "<fail>");  // tokens left over
}

TEST(PythonExpression, PositionsOfNodesAndOperators) {
    auto expr = parse_expression("k_ptr + blk * stride");
    ASSERT_TRUE(expr);
    const Expr& product = expr->children[1];
    EXPECT_EQ(product.kind, ExprKind::binary);
    EXPECT_EQ(product.column, 9);  // starts at `blk`
    EXPECT_EQ(product.op_column, 13);
    EXPECT_EQ(product.op_line, 1);
}

TEST(PythonExpression, CallsKnowTheLineOfTheirClosingParenthesis) {
    auto expr = parse_expression("tl.load(\n    p + i,\n    mask=m,\n)");
    ASSERT_TRUE(expr);
    EXPECT_EQ(expr->kind, ExprKind::call);
    EXPECT_EQ(expr->line, 1);
    EXPECT_EQ(expr->end_line, 4);
}

TEST(PythonExpression, ModuleMember) {
    auto member = [](const char* text) {
        return module_member(*parse_expression(text), {"tl", "triton.language"});
    };
    EXPECT_EQ(member("tl.load"), "load");
    EXPECT_EQ(member("triton.language.cast"), "cast");
    EXPECT_EQ(member("tl.math.exp"), "");
    EXPECT_EQ(member("tlx.load"), "");
    EXPECT_EQ(member("load"), "");
}

TEST(PythonExpression, DottedName) {
    EXPECT_EQ(dotted_name(*parse_expression("triton.language.load")), "triton.language.load");
    EXPECT_EQ(dotted_name(*parse_expression("f().x")), "");
}

constexpr const char* kJitKernel = R"(import triton
import triton.language as tl


@triton.autotune(configs=[], key=["n"])
@triton.jit
def kernel(
    block_table_ptr,
    k_ptr,
    stride_kb: tl.int64,
    BLOCK: tl.constexpr,
    x=1,
):
    pid = tl.program_id(0)
    a, b = pid, 2
    c: tl.int32 = a
    c += b * 2
    if a > 0:
        d = 1
    elif b:
        d = 2
    else:
        d = 3
    for i in tl.range(0, 4):
        pass
    while d < 4:
        d = d + 1
    return c


def plain(x):
    return x


@jit
def helper(x):
    return x * 2
)";

TEST(PythonSyntax, FindsJitFunctionsOnly) {
    auto functions = parse_jit(kJitKernel);
    ASSERT_EQ(functions.size(), 2u);
    EXPECT_EQ(functions[0].name, "kernel");
    EXPECT_EQ(functions[0].line, 7);
    EXPECT_EQ(functions[0].decorators.size(), 2u);
    EXPECT_EQ(functions[1].name, "helper");
    EXPECT_EQ(functions[1].line, 36);  // the `def`, not its decorator
}

TEST(PythonSyntax, ParametersWithAnnotationsAndDefaults) {
    auto kernel = parse_jit(kJitKernel)[0];
    ASSERT_EQ(kernel.parameters.size(), 5u);
    EXPECT_EQ(kernel.parameters[0].name, "block_table_ptr");
    EXPECT_EQ(kernel.parameters[0].line, 8);
    EXPECT_EQ(kernel.parameters[0].column, 5);
    EXPECT_FALSE(kernel.parameters[0].annotation);
    EXPECT_EQ(sexp(*kernel.parameter("stride_kb")->annotation), "(. tl int64)");
    EXPECT_EQ(sexp(*kernel.parameter("BLOCK")->annotation), "(. tl constexpr)");
    EXPECT_EQ(sexp(*kernel.parameter("x")->default_value), "1");
    EXPECT_EQ(kernel.parameter("missing"), nullptr);
}

TEST(PythonSyntax, StatementKindsAndShapes) {
    auto body = parse_jit(kJitKernel)[0].body;
    ASSERT_EQ(body.size(), 8u);
    EXPECT_EQ(body[0].kind, StmtKind::assign);
    EXPECT_EQ(body[0].line, 14);
    EXPECT_EQ(body[0].column, 5);
    EXPECT_EQ(sexp(body[1].targets[0]), "(tuple a b)");
    EXPECT_EQ(sexp(*body[1].value), "(tuple pid 2)");
    EXPECT_EQ(body[2].kind, StmtKind::ann_assign);
    EXPECT_EQ(sexp(*body[2].annotation), "(. tl int32)");
    EXPECT_EQ(body[3].kind, StmtKind::aug_assign);
    EXPECT_EQ(body[3].op, "+=");
    EXPECT_EQ(sexp(*body[3].value), "(* b 2)");
    EXPECT_EQ(body[5].kind, StmtKind::for_);
    EXPECT_EQ(sexp(body[5].targets[0]), "i");
    EXPECT_EQ(sexp(*body[5].value), "(call (. tl range) 0 4)");
    EXPECT_EQ(body[5].body[0].kind, StmtKind::pass);
    EXPECT_EQ(body[6].kind, StmtKind::while_);
    EXPECT_EQ(body[7].kind, StmtKind::return_);
    EXPECT_EQ(sexp(*body[7].value), "c");
}

TEST(PythonSyntax, IfElifElseNests) {
    auto body = parse_jit(kJitKernel)[0].body;
    const Stmt& branch = body[4];
    ASSERT_EQ(branch.kind, StmtKind::if_);
    EXPECT_EQ(sexp(*branch.value), "(> a 0)");
    ASSERT_EQ(branch.orelse.size(), 1u);
    const Stmt& elif = branch.orelse[0];
    EXPECT_EQ(elif.kind, StmtKind::if_);
    EXPECT_EQ(elif.line, 20);
    ASSERT_EQ(elif.orelse.size(), 1u);
    EXPECT_EQ(sexp(*elif.orelse[0].value), "3");
}

TEST(PythonSyntax, DecoratorVariants) {
    auto functions = parse_jit(
        "@triton.jit(do_not_specialize=['n'])\ndef a(n):\n    pass\n"
        "@triton.heuristics({'X': lambda a: 1})\n@triton.jit\ndef b():\n    pass\n"
        "@triton.autotune(configs=[])\ndef c():\n    pass\n"
        "@torch.jit.script\ndef d():\n    pass\n");
    ASSERT_EQ(functions.size(), 2u);
    EXPECT_EQ(functions[0].name, "a");
    EXPECT_EQ(functions[1].name, "b");
    EXPECT_EQ(functions[1].decorators.size(), 1u);  // the heuristics lambda does not parse
}

TEST(PythonSyntax, AFunctionJittedByACallIsAKernel) {
    // apple/ml-cross-entropy: `def` without a decorator, then `_k = triton.jit(_k)`.
    auto functions = parse_jit(
        "def _k(X, n):\n    pid = tl.program_id(0)\n    tl.store(X + pid * n, 0)\n\n"
        "def host(x):\n    pass\n\n"
        "_k = triton.jit(_k)\n_k = triton.heuristics({'A': lambda a: 1})(_k)\n");
    ASSERT_EQ(functions.size(), 1u);
    EXPECT_EQ(functions[0].name, "_k");
    EXPECT_EQ(functions[0].line, 1);
    EXPECT_EQ(functions[0].body.size(), 2u);
}

TEST(PythonSyntax, JitFunctionInsideAClassAndAfterPlainCode) {
    auto functions = parse_jit(
        "class K:\n    x = [i for i in range(3)]\n    @staticmethod\n    @triton.jit\n"
        "    def inner(p):\n        return p\n");
    ASSERT_EQ(functions.size(), 1u);
    EXPECT_EQ(functions[0].name, "inner");
    EXPECT_EQ(functions[0].line, 5);
}

TEST(PythonSyntax, UnknownConstructsAreSkippedAndParsingGoesOn) {
    auto functions = parse_jit(
        "@triton.jit\ndef k(p):\n    xs = [i for i in range(4)]\n    with ctx() as c:\n"
        "        y = 1\n    assert p\n    z = lambda q: q\n    w = 2; v = 3\n");
    ASSERT_EQ(functions.size(), 1u);
    const auto& body = functions[0].body;
    ASSERT_EQ(body.size(), 6u);
    EXPECT_EQ(body[0].kind, StmtKind::other);
    EXPECT_EQ(body[1].kind, StmtKind::other);
    EXPECT_EQ(body[1].op, "with");
    ASSERT_EQ(body[1].body.size(), 1u);  // the block below `with` is still read
    EXPECT_EQ(body[1].body[0].kind, StmtKind::assign);
    EXPECT_EQ(body[2].kind, StmtKind::other);
    EXPECT_EQ(body[3].kind, StmtKind::other);
    EXPECT_EQ(body[4].kind, StmtKind::assign);
    EXPECT_EQ(body[4].line, 8);
    EXPECT_EQ(body[5].column, 12);  // `v` after "w = 2; "
}

// Lines outside kernels are not tokenized (tokenize_python_kernels): they must still hide a
// decorator in a string, end where their brackets close, count their lines, and leave a kernel
// found after a def whose header does not parse.
TEST(PythonSyntax, LinesOutsideKernelsStillShapeTheFile) {
    auto functions = parse_jit(
        "\"\"\"\n@triton.jit\ndef in_doc(p):\n    pass\n\"\"\"\n"
        "x = {'a': (1,\n  '#)'), 'b': \"\"\"\n)\"\"\"}  # (\n"
        "@triton.jit\ndef broken(a b):\n    @triton.jit\ndef after(p):\n    return p * 2\n");
    ASSERT_EQ(functions.size(), 1u);
    EXPECT_EQ(functions[0].name, "after");
    EXPECT_EQ(functions[0].line, 12);
    ASSERT_EQ(functions[0].body.size(), 1u);
    EXPECT_EQ(functions[0].body[0].line, 13);
}

TEST(PythonSyntax, SingleLineBodiesAndChainedAssignment) {
    auto functions = parse_jit("@jit\ndef k(a):\n    if a: b = c = a\n    else: return\n");
    ASSERT_EQ(functions.size(), 1u);
    const Stmt& branch = functions[0].body[0];
    ASSERT_EQ(branch.body.size(), 1u);
    EXPECT_EQ(branch.body[0].targets.size(), 2u);
    EXPECT_EQ(branch.orelse[0].kind, StmtKind::return_);
    EXPECT_FALSE(branch.orelse[0].value);
}

TEST(PythonSyntax, TruncatedFileDoesNotCrash) {
    auto functions = parse_jit("@triton.jit\ndef k(a, b:\n");
    EXPECT_TRUE(functions.empty());
    functions = parse_jit("@triton.jit\ndef k(a):\n    x = (a +\n");
    ASSERT_EQ(functions.size(), 1u);
    EXPECT_EQ(functions[0].body[0].kind, StmtKind::other);
}

TEST(PythonSyntax, ForWithTupleTargetAndKeywordOnlyParameters) {
    auto functions = parse_jit(
        "@triton.jit\ndef k(a, *, b=2, **kw) -> None:\n    for i, j in zip(a, b):\n        pass\n");
    ASSERT_EQ(functions.size(), 1u);
    ASSERT_EQ(functions[0].parameters.size(), 3u);
    EXPECT_EQ(functions[0].parameters[2].name, "**kw");
    EXPECT_EQ(sexp(functions[0].body[0].targets[0]), "(tuple i j)");
}

TEST(PythonSyntax, StarredParameterNamesKeepTheirStarsWrittenApart) {
    auto functions = parse_jit("@triton.jit\ndef k(* args, ** kw):\n    pass\n");
    ASSERT_EQ(functions.size(), 1u);
    ASSERT_EQ(functions[0].parameters.size(), 2u);
    EXPECT_EQ(functions[0].parameters[0].name, "*args");
    EXPECT_EQ(functions[0].parameters[1].name, "**kw");
}

TEST(PythonSyntax, CallsOfTheBodyAreRecordedInnerFirst) {
    auto functions = parse_jit(
        "@triton.jit(debug=f(0))\n"
        "def k(a, b=g(1)) -> h(2):\n"
        "    x = tl.load(a + tl.arange(0, 4))\n"
        "    y: t(3) = u(x)\n"  // the annotation's call is no call of the body
        "    z = v(x) +\n"      // a statement that fails drops the calls it had parsed
        "    if w(y):\n"
        "        tl.store(a, y)\n");
    ASSERT_EQ(functions.size(), 1u);
    std::vector<std::string> calls;
    for (const Expr& call : functions[0].calls) calls.push_back(sexp(call.children[0]));
    EXPECT_EQ(calls,
              (std::vector<std::string>{"(. tl arange)", "(. tl load)", "u", "w", "(. tl store)"}));
}

}  // namespace
}  // namespace patchbay
