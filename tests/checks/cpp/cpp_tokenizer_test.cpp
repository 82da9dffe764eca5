#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "checks/cpp/cpp_tokenizer.hpp"
#include "checks/token.hpp"

namespace patchbay {
namespace {

std::vector<std::string> texts(std::string_view source) {
    std::vector<std::string> out;
    for (const auto& token : tokenize_cpp(source))
        if (token.kind != TokenKind::end) out.emplace_back(token.text);
    return out;
}

std::vector<TokenKind> kinds(std::string_view source) {
    std::vector<TokenKind> out;
    for (const auto& token : tokenize_cpp(source)) out.push_back(token.kind);
    return out;
}

using Texts = std::vector<std::string>;
using K = TokenKind;

TEST(CppTokenizer, EmptyTextIsJustEnd) {
    auto tokens = tokenize_cpp("");
    ASSERT_EQ(tokens.size(), 1u);
    EXPECT_EQ(tokens[0].kind, K::end);
    EXPECT_EQ(tokens[0].line, 1);
    EXPECT_EQ(tokens[0].column, 1);
}

TEST(CppTokenizer, IdentifiersKeywordsAndPunctuation) {
    EXPECT_EQ(texts("const int x = a_b1;"), (Texts{"const", "int", "x", "=", "a_b1", ";"}));
    EXPECT_EQ(kinds("x = 1;"), (std::vector<K>{K::identifier, K::op, K::number, K::op, K::end}));
}

TEST(CppTokenizer, LineAndColumnAreOneBasedBytes) {
    auto tokens = tokenize_cpp("int a;\n  b = c * d;\n");
    ASSERT_EQ(tokens.size(), 10u);
    EXPECT_EQ(tokens[3].text, "b");
    EXPECT_EQ(tokens[3].line, 2);
    EXPECT_EQ(tokens[3].column, 3);
    EXPECT_EQ(tokens[6].text, "*");
    EXPECT_EQ(tokens[6].line, 2);
    EXPECT_EQ(tokens[6].column, 9);
    EXPECT_EQ(tokens[9].kind, K::end);
    EXPECT_EQ(tokens[9].line, 3);
}

TEST(CppTokenizer, NumbersWithPrefixesSuffixesAndSeparators) {
    EXPECT_EQ(texts("0x1Fu 10ll 7ULL 1.5f 1'000'000 0b1010 .5 3e-2 0x1p+3 42L"),
              (Texts{"0x1Fu", "10ll", "7ULL", "1.5f", "1'000'000", "0b1010", ".5", "3e-2", "0x1p+3",
                     "42L"}));
}

TEST(CppTokenizer, HexDigitEIsNotAnExponent) {
    EXPECT_EQ(texts("0x1e-2"), (Texts{"0x1e", "-", "2"}));
}

TEST(CppTokenizer, StringAndCharLiteralsWithEscapesAndPrefixes) {
    EXPECT_EQ(
        texts(R"(s = "a\"b"; c = '\''; u8"x" L'y' U"z")"),
        (Texts{"s", "=", R"("a\"b")", ";", "c", "=", R"('\'')", ";", "u8\"x\"", "L'y'", "U\"z\""}));
    EXPECT_EQ(kinds("L'y'")[0], K::string);
}

TEST(CppTokenizer, RawStringWithDelimiterSpansLines) {
    auto tokens = tokenize_cpp("x = R\"xy(a)\" \"\n)xy\"; y");
    ASSERT_EQ(tokens.size(), 6u);
    EXPECT_EQ(tokens[2].kind, K::string);
    EXPECT_EQ(tokens[2].text, "R\"xy(a)\" \"\n)xy\"");
    EXPECT_EQ(tokens[4].text, "y");
    EXPECT_EQ(tokens[4].line, 2);
    EXPECT_EQ(tokens[4].column, 7);
}

TEST(CppTokenizer, CommentsAreSkipped) {
    EXPECT_EQ(texts("a // b * c\nd /* e\n f */ g"), (Texts{"a", "d", "g"}));
    auto tokens = tokenize_cpp("/* x\ny */ z");
    EXPECT_EQ(tokens[0].text, "z");
    EXPECT_EQ(tokens[0].line, 2);
    EXPECT_EQ(tokens[0].column, 6);
}

TEST(CppTokenizer, LineCommentContinuedByBackslash) {
    EXPECT_EQ(texts("a // b \\\n c\nd"), (Texts{"a", "d"}));
}

// Comments and raw strings are skipped a line at a time: the lines inside still count, a
// spliced line comment goes on, and a '#' after a comment's newline starts a directive.
TEST(CppTokenizer, LinesAreCountedThroughCommentsAndRawStrings) {
    auto tokens = tokenize_cpp("a // b \\\n c\n#x\n/* 1\n2\n3 */ d R\"(p\nq)\" e // f");
    ASSERT_EQ(tokens.size(), 6u);
    EXPECT_EQ(tokens[1].kind, K::directive);
    EXPECT_EQ(tokens[1].line, 3);
    EXPECT_EQ(tokens[2].text, "d");
    EXPECT_EQ(tokens[2].line, 6);
    EXPECT_EQ(tokens[2].column, 6);
    EXPECT_EQ(tokens[3].kind, K::string);
    EXPECT_EQ(tokens[4].text, "e");
    EXPECT_EQ(tokens[4].line, 7);
    EXPECT_EQ(tokens[4].column, 5);
    EXPECT_EQ(tokens[5].kind, K::end);
}

TEST(CppTokenizer, DirectiveIsOneTokenWithContinuations) {
    auto tokens = tokenize_cpp("  #define M(x) \\\n  ((x) * 2)\nint y;");
    ASSERT_EQ(tokens.size(), 5u);
    EXPECT_EQ(tokens[0].kind, K::directive);
    EXPECT_EQ(tokens[0].text, "#define M(x) \\\n  ((x) * 2)");
    EXPECT_EQ(tokens[0].line, 1);
    EXPECT_EQ(tokens[0].column, 3);
    EXPECT_EQ(tokens[1].text, "int");
    EXPECT_EQ(tokens[1].line, 3);
}

TEST(CppTokenizer, HashInsideALineIsAnOperator) {
    EXPECT_EQ(kinds("a # b"), (std::vector<K>{K::identifier, K::op, K::identifier, K::end}));
    EXPECT_EQ(kinds("#include <x>\n#pragma once")[1], K::directive);
}

TEST(CppTokenizer, LongestMatchOperators) {
    EXPECT_EQ(texts("a->*b <<= c :: d ... e <=> f -> g ++ h != i .* j"),
              (Texts{"a", "->*", "b", "<<=", "c", "::", "d", "...", "e", "<=>", "f", "->", "g",
                     "++", "h", "!=", "i", ".*", "j"}));
}

TEST(CppTokenizer, KernelLaunchChevronsAndTemplateClosing) {
    EXPECT_EQ(texts("k<T, 4><<<grid, 256>>>(x);"),
              (Texts{"k", "<", "T", ",", "4", ">", "<<<", "grid", ",", "256", ">>>", "(", "x", ")",
                     ";"}));
    EXPECT_EQ(
        texts("std::vector<std::vector<int>> v;"),
        (Texts{"std", "::", "vector", "<", "std", "::", "vector", "<", "int", ">>", "v", ";"}));
}

TEST(CppTokenizer, UnterminatedBlockCommentRunsToEnd) {
    auto tokens = tokenize_cpp("a /* never closed\n b * c");
    ASSERT_EQ(tokens.size(), 2u);
    EXPECT_EQ(tokens[1].kind, K::end);
    EXPECT_EQ(tokens[1].line, 2);
}

TEST(CppTokenizer, UnterminatedStringStopsAtItsLineEnd) {
    auto tokens = tokenize_cpp("s = \"abc\nnext");
    ASSERT_EQ(tokens.size(), 5u);
    EXPECT_EQ(tokens[2].text, "\"abc");
    EXPECT_EQ(tokens[3].text, "next");
    EXPECT_EQ(tokens[3].line, 2);
}

TEST(CppTokenizer, UnterminatedRawStringRunsToEnd) {
    auto tokens = tokenize_cpp("R\"(abc\ndef");
    ASSERT_EQ(tokens.size(), 2u);
    EXPECT_EQ(tokens[0].text, "R\"(abc\ndef");
}

TEST(CppTokenizer, CrLfLineEndings) {
    auto tokens = tokenize_cpp("#pragma once\r\nint x;\r\n");
    EXPECT_EQ(tokens[0].text, "#pragma once");
    EXPECT_EQ(tokens[1].text, "int");
    EXPECT_EQ(tokens[1].line, 2);
    EXPECT_EQ(tokens[1].column, 1);
}

TEST(CppTokenizer, IdentifierEndingInPrefixLetterIsNotAString) {
    EXPECT_EQ(texts("fooR\"x\""), (Texts{"fooR", "\"x\""}));
    EXPECT_EQ(texts("LR\"(a)\""), (Texts{"LR\"(a)\""}));
}

TEST(CppTokenizer, CudaIndexExpression) {
    auto tokens = tokenize_cpp("const int b = __ldg(&block_table[i]);");
    EXPECT_EQ(texts("const int b = __ldg(&block_table[i]);"),
              (Texts{"const", "int", "b", "=", "__ldg", "(", "&", "block_table", "[", "i", "]", ")",
                     ";"}));
    EXPECT_EQ(tokens[7].column, 22);
}

// A vector reused file after file (the audit's per-thread buffer) holds the new file's tokens
// only, the same as a fresh one.
TEST(CppTokenizer, IntoAReusedVectorGivesTheSameTokens) {
    std::vector<Token> tokens;
    tokenize_cpp("__global__ void k(int* a) { a[blockIdx.x] = 0; }", tokens);
    tokenize_cpp("int x = 1;", tokens);
    Texts reused;
    for (const auto& token : tokens)
        if (token.kind != TokenKind::end) reused.emplace_back(token.text);
    EXPECT_EQ(reused, texts("int x = 1;"));
    EXPECT_EQ(tokens.back().kind, TokenKind::end);
}

// The partial form keeps each statement that starts with a listed word, up to its `;`, `{` or
// `(`, where the whole tokenizer finds it: not in comments, strings or directives.
TEST(CppTokenizerStatements, KeepsTheStatementsStartingWithAListedWord) {
    static constexpr std::array<std::string_view, 2> kWords = {"typedef", "using"};
    std::string source =
        "// typedef int a;\n"
        "#define T typedef int b;\n"
        "const char* s = \"using c = int;\";\n"
        "int f() { return 0; }\n"
        "typedef unsigned d;\n"
        "typedef struct { int x; } e;\n"
        "using f = /* using */ int64_t;\n";
    std::vector<Token> tokens;
    tokenize_cpp_statements(source, kWords, tokens);
    Texts kept;
    for (const auto& token : tokens)
        if (token.kind != TokenKind::end) kept.emplace_back(token.text);
    EXPECT_EQ(kept, (Texts{"typedef", "unsigned", "d", ";", "typedef", "struct", "{", "using", "f",
                           "=", "int64_t", ";"}));
    ASSERT_FALSE(tokens.empty());
    EXPECT_EQ(tokens.back().kind, TokenKind::end);
    // Lines and columns are the whole tokenizer's.
    auto whole = tokenize_cpp(source);
    EXPECT_EQ(tokens[0].line, 5);
    EXPECT_EQ(tokens[0].column, 1);
    EXPECT_EQ(tokens.back().line, whole.back().line);
}

// Lines that can keep no token are stepped over whole; a statement that goes on to the next
// line, a literal or a comment that does is still followed.
TEST(CppTokenizerStatements, FollowsStatementsAndLiteralsAcrossLines) {
    static constexpr std::array<std::string_view, 1> kWords = {"using"};
    std::string source =
        "int a = 1;\n"
        "using b =\n"
        "    long;\n"
        "int c = 1'000; char d = 'u';\n"
        "const char* e = R\"(\nusing f = int;\n)\";\n"
        "int g;\n"
        "using h = short;\n";
    std::vector<Token> tokens;
    tokenize_cpp_statements(source, kWords, tokens);
    Texts kept;
    for (const auto& token : tokens)
        if (token.kind != TokenKind::end) kept.emplace_back(token.text);
    EXPECT_EQ(kept, (Texts{"using", "b", "=", "long", ";", "using", "h", "=", "short", ";"}));
    ASSERT_EQ(tokens.size(), 11u);
    EXPECT_EQ(tokens[5].line, 9);
    EXPECT_EQ(tokens.back().line, tokenize_cpp(source).back().line);
}

// Every operator the tokenizer keeps whole, longest first.
TEST(CppTokenizer, ReadsEachLongOperatorWhole) {
    EXPECT_EQ(texts("a->*b <<= >>= ... <=> <<< >>> -> :: ++ -- << >> <= >= == != && || += -= *= "
                    "/= %= &= |= ^= .* ## <<<= ->"),
              (Texts{"a",  "->*", "b",  "<<=", ">>=", "...", "<=>", "<<<", ">>>", "->", "::", "++",
                     "--", "<<",  ">>", "<=",  ">=",  "==",  "!=",  "&&",  "||",  "+=", "-=", "*=",
                     "/=", "%=",  "&=", "|=",  "^=",  ".*",  "##",  "<<<", "=",   "->"}));
    EXPECT_EQ(texts("a.b ..c -"), (Texts{"a", ".", "b", ".", ".", "c", "-"}));
}

}  // namespace
}  // namespace patchbay
