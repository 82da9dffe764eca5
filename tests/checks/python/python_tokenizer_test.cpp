#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "checks/python/python_parser.hpp"
#include "checks/token.hpp"

namespace patchbay {
namespace {

// Compact rendering: kind letter + text, e.g. "i:x", "o:+=", "n:1", "s:'a'", "NL", "IN", "DE",
// "END".
std::string render(const Token& token) {
    switch (token.kind) {
        case TokenKind::identifier:
            return "i:" + std::string(token.text);
        case TokenKind::number:
            return "n:" + std::string(token.text);
        case TokenKind::string:
            return "s:" + std::string(token.text);
        case TokenKind::op:
            return "o:" + std::string(token.text);
        case TokenKind::newline:
            return "NL";
        case TokenKind::indent:
            return "IN";
        case TokenKind::dedent:
            return "DE";
        case TokenKind::directive:
            return "D:" + std::string(token.text);
        case TokenKind::end:
            return "END";
    }
    return "?";
}

std::vector<std::string> python_kinds(std::string_view text) {
    std::vector<std::string> out;
    for (const auto& token : tokenize_python(text)) out.push_back(render(token));
    return out;
}

using Strings = std::vector<std::string>;

TEST(PythonTokenizer, EmptyTextIsOnlyEnd) {
    auto tokens = tokenize_python("");
    ASSERT_EQ(tokens.size(), 1u);
    EXPECT_EQ(tokens[0].kind, TokenKind::end);
    EXPECT_EQ(tokens[0].line, 1);
    EXPECT_EQ(tokens[0].column, 1);
}

TEST(PythonTokenizer, SimpleAssignmentWithLinesAndColumns) {
    auto tokens = tokenize_python("x = a + 1\n");
    EXPECT_EQ(python_kinds("x = a + 1\n"),
              (Strings{"i:x", "o:=", "i:a", "o:+", "n:1", "NL", "END"}));
    EXPECT_EQ(tokens[2].line, 1);
    EXPECT_EQ(tokens[2].column, 5);
    EXPECT_EQ(tokens[4].column, 9);
    EXPECT_EQ(tokens[5].column, 10);  // the newline itself
}

TEST(PythonTokenizer, IndentAndDedent) {
    std::string text = "def f():\n    return 1\nx\n";
    EXPECT_EQ(python_kinds(text), (Strings{"i:def", "i:f", "o:(", "o:)", "o::", "NL", "IN",
                                           "i:return", "n:1", "NL", "DE", "i:x", "NL", "END"}));
    auto tokens = tokenize_python(text);
    EXPECT_EQ(tokens[7].line, 2);
    EXPECT_EQ(tokens[7].column, 5);
    EXPECT_EQ(tokens[10].line, 3);  // the dedent sits where the next line starts
    EXPECT_EQ(tokens[10].column, 1);
}

TEST(PythonTokenizer, DedentsAtEndOfFileWithoutTrailingNewline) {
    EXPECT_EQ(python_kinds("if a:\n  if b:\n    c"),
              (Strings{"i:if", "i:a", "o::", "NL", "IN", "i:if", "i:b", "o::", "NL", "IN", "i:c",
                       "NL", "DE", "DE", "END"}));
}

TEST(PythonTokenizer, BlankAndCommentLinesMakeNoNewlineAndNoIndent) {
    EXPECT_EQ(python_kinds("a\n\n   # note\n\t\nb  # trailing\n"),
              (Strings{"i:a", "NL", "i:b", "NL", "END"}));
}

TEST(PythonTokenizer, TabsIndentToMultiplesOfEight) {
    // A tab and eight spaces are the same level, so the second body line makes no token.
    EXPECT_EQ(python_kinds("if a:\n\tb\n        c\n"),
              (Strings{"i:if", "i:a", "o::", "NL", "IN", "i:b", "NL", "i:c", "NL", "DE", "END"}));
    // Four spaces then a tab reach 8 as well.
    EXPECT_EQ(python_kinds("if a:\n    \tb\n        c\n"),
              (Strings{"i:if", "i:a", "o::", "NL", "IN", "i:b", "NL", "i:c", "NL", "DE", "END"}));
}

TEST(PythonTokenizer, NoNewlinesInsideBrackets) {
    std::string text = "f(a,\n  b)[1,\n2]\n";
    EXPECT_EQ(python_kinds(text), (Strings{"i:f", "o:(", "i:a", "o:,", "i:b", "o:)", "o:[", "n:1",
                                           "o:,", "n:2", "o:]", "NL", "END"}));
    auto tokens = tokenize_python(text);
    EXPECT_EQ(tokens[4].line, 2);
    EXPECT_EQ(tokens[4].column, 3);
    EXPECT_EQ(tokens[9].line, 3);
    EXPECT_EQ(tokens[9].column, 1);
}

TEST(PythonTokenizer, BackslashContinuationJoinsLines) {
    std::string text = "x = 1 + \\\n    2\ny\n";
    EXPECT_EQ(python_kinds(text),
              (Strings{"i:x", "o:=", "n:1", "o:+", "n:2", "NL", "i:y", "NL", "END"}));
    auto tokens = tokenize_python(text);
    EXPECT_EQ(tokens[4].line, 2);
    EXPECT_EQ(tokens[4].column, 5);
}

TEST(PythonTokenizer, Numbers) {
    EXPECT_EQ(python_kinds("0x_FF 1_000 3.14 .5 1. 1e-3 2E+10 7j 1.5J 0o17 0b1010 10e5\n"),
              (Strings{"n:0x_FF", "n:1_000", "n:3.14", "n:.5", "n:1.", "n:1e-3", "n:2E+10", "n:7j",
                       "n:1.5J", "n:0o17", "n:0b1010", "n:10e5", "NL", "END"}));
}

TEST(PythonTokenizer, AttributeChainAndCall) {
    EXPECT_EQ(python_kinds("x.to(tl.int64)\n"),
              (Strings{"i:x", "o:.", "i:to", "o:(", "i:tl", "o:.", "i:int64", "o:)", "NL", "END"}));
}

TEST(PythonTokenizer, StringPrefixesAnyCase) {
    EXPECT_EQ(python_kinds("r'a' B\"b\" f'{x}' u'u' Rb'\\d' fR\"z\" br'' rf'q'\n"),
              (Strings{"s:r'a'", "s:B\"b\"", "s:f'{x}'", "s:u'u'", "s:Rb'\\d'", "s:fR\"z\"",
                       "s:br''", "s:rf'q'", "NL", "END"}));
}

TEST(PythonTokenizer, NameThatIsNotAPrefixStaysAName) {
    EXPECT_EQ(python_kinds("abc'x'\n"), (Strings{"i:abc", "s:'x'", "NL", "END"}));
}

TEST(PythonTokenizer, EscapedQuoteDoesNotEndString) {
    EXPECT_EQ(python_kinds("'it\\'s' \"a\\\"b\"\n"),
              (Strings{"s:'it\\'s'", "s:\"a\\\"b\"", "NL", "END"}));
}

TEST(PythonTokenizer, TripleQuotedStringSpansLines) {
    std::string text = "x = \"\"\"one\n'two' \"\n\"\"\" + y\nz\n";
    auto tokens = tokenize_python(text);
    ASSERT_EQ(python_kinds(text), (Strings{"i:x", "o:=", "s:\"\"\"one\n'two' \"\n\"\"\"", "o:+",
                                           "i:y", "NL", "i:z", "NL", "END"}));
    EXPECT_EQ(tokens[2].line, 1);
    EXPECT_EQ(tokens[2].column, 5);
    EXPECT_EQ(tokens[3].line, 3);  // lines inside the string are counted
    EXPECT_EQ(tokens[3].column, 5);
    EXPECT_EQ(tokens[6].line, 4);
}

TEST(PythonTokenizer, UnterminatedStringRunsToEndOfFile) {
    EXPECT_EQ(python_kinds("x = '''abc\ndef\n"),
              (Strings{"i:x", "o:=", "s:'''abc\ndef\n", "NL", "END"}));
    EXPECT_EQ(python_kinds("y = 'abc"), (Strings{"i:y", "o:=", "s:'abc", "NL", "END"}));
}

TEST(PythonTokenizer, OperatorsLongestMatch) {
    EXPECT_EQ(python_kinds("a **= b //= c -> d := e ... f @ g != h << i >>= j ** k // l\n"),
              (Strings{"i:a",   "o:**=", "i:b", "o://=", "i:c",  "o:->", "i:d",  "o::=", "i:e",
                       "o:...", "i:f",   "o:@", "i:g",   "o:!=", "i:h",  "o:<<", "i:i",  "o:>>=",
                       "i:j",   "o:**",  "i:k", "o://",  "i:l",  "NL",   "END"}));
}

TEST(PythonTokenizer, InvalidBytesAreSingleCharOps) {
    EXPECT_EQ(python_kinds("a $ ? `\n"), (Strings{"i:a", "o:$", "o:?", "o:`", "NL", "END"}));
}

TEST(PythonTokenizer, UnbalancedClosingBracketIsKept) {
    EXPECT_EQ(python_kinds(")\nx\n"), (Strings{"o:)", "NL", "i:x", "NL", "END"}));
}

TEST(PythonTokenizer, UnclosedBracketSwallowsNewlinesToEnd) {
    EXPECT_EQ(python_kinds("f(a\nb\n"), (Strings{"i:f", "o:(", "i:a", "i:b", "NL", "END"}));
}

TEST(PythonTokenizer, CommentIsSkippedButNewlineKept) {
    auto tokens = tokenize_python("a = 1  # c = 2\nb\n");
    EXPECT_EQ(python_kinds("a = 1  # c = 2\nb\n"),
              (Strings{"i:a", "o:=", "n:1", "NL", "i:b", "NL", "END"}));
    EXPECT_EQ(tokens[3].column, 15);
}

TEST(PythonTokenizer, CrLfLineEndings) {
    std::string text = "if a:\r\n    b\r\nc\r\n";
    EXPECT_EQ(python_kinds(text),
              (Strings{"i:if", "i:a", "o::", "NL", "IN", "i:b", "NL", "DE", "i:c", "NL", "END"}));
    auto tokens = tokenize_python(text);
    EXPECT_EQ(tokens[8].line, 3);
    EXPECT_EQ(tokens[8].column, 1);
}

TEST(PythonTokenizer, DecoratorAndSubscriptWithNone) {
    EXPECT_EQ(python_kinds("@triton.jit\ndef k(x: tl.constexpr):\n    y = x[:, None]\n"),
              (Strings{"o:@", "i:triton", "o:.",    "i:jit", "NL",  "i:def",       "i:k",
                       "o:(", "i:x",      "o::",    "i:tl",  "o:.", "i:constexpr", "o:)",
                       "o::", "NL",       "IN",     "i:y",   "o:=", "i:x",         "o:[",
                       "o::", "o:,",      "i:None", "o:]",   "NL",  "DE",          "END"}));
}

TEST(PythonTokenizer, InconsistentDedentReindents) {
    // Dedenting to a column that was never opened: Python refuses, we keep going.
    EXPECT_EQ(python_kinds("if a:\n        b\n    c\n"),
              (Strings{"i:if", "i:a", "o::", "NL", "IN", "i:b", "NL", "DE", "IN", "i:c", "NL", "DE",
                       "END"}));
}

// A vector reused file after file (the audit's per-thread buffer) holds the new file's tokens
// only, the same as a fresh one.
TEST(PythonTokenizer, IntoAReusedVectorGivesTheSameTokens) {
    std::vector<Token> tokens;
    tokenize_python("def f(a, b):\n    return a * b\n", tokens);
    tokenize_python("x = 1\n", tokens);
    Strings reused;
    for (const auto& token : tokens) reused.push_back(render(token));
    EXPECT_EQ(reused, python_kinds("x = 1\n"));
    EXPECT_EQ(tokens[2].line, 1);
    EXPECT_EQ(tokens[2].column, 5);
}

TEST(PythonTokenizer, MoreTokensThanItsFirstRoomGrowTheBuffer) {
    // One token per byte: three times the room made up front.
    std::string text;
    for (int i = 0; i < 300; ++i) text += "a,";
    const auto tokens = tokenize_python(text);
    ASSERT_EQ(tokens.size(), 602u);  // 600, NEWLINE, END
    EXPECT_EQ(render(tokens[598]), "i:a");
    EXPECT_EQ(render(tokens[599]), "o:,");
    EXPECT_EQ(tokens[599].column, 600);
    EXPECT_EQ(render(tokens[600]), "NL");
    EXPECT_EQ(render(tokens[601]), "END");
}

// Lines that spell none of environ, getenv, import give their NEWLINE alone (and their
// INDENT/DEDENTs); a kept line's tokens, lines and columns are as tokenize_python makes them,
// even after a dropped line whose brackets, strings and continuations span lines.
TEST(PythonTokenizer, EnvLinesKeepOnlyLinesThatMayRead) {
    std::vector<Token> tokens;
    tokenize_python_env_lines(
        "import os\nx = (1,\n  ')')\ny = '''\n'''\nif x:\n    z = os.getenv('A')\n"
        "w = 1 + \\\n  2\nv = {'k':\n  os.environ['B']}\n",
        tokens);
    std::vector<std::string> out;
    for (const auto& token : tokens) out.push_back(render(token));
    EXPECT_EQ(out,
              (Strings{"i:import", "i:os",      "NL",  "NL",       "NL",  "NL",    "IN",  "i:z",
                       "o:=",      "i:os",      "o:.", "i:getenv", "o:(", "s:'A'", "o:)", "NL",
                       "DE",       "NL",        "i:v", "o:=",      "o:{", "s:'k'", "o::", "i:os",
                       "o:.",      "i:environ", "o:[", "s:'B'",    "o:]", "o:}",   "NL",  "END"}));
    EXPECT_EQ(tokens[7].line, 7);
    EXPECT_EQ(tokens[13].column, 19);  // 'A'
    EXPECT_EQ(tokens[27].line, 11);    // 'B'
    EXPECT_EQ(tokens[27].column, 14);
}

}  // namespace
}  // namespace patchbay
