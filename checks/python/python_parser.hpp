#pragma once
// The recursive-descent parser behind python_syntax.hpp: a cursor over Python tokens, the
// expression grammar (python_expression_parser.cpp) and the statement grammar
// (python_statement_parser.cpp). Internal to checks/; use python_syntax.hpp.
//
// Failure is a nullopt that travels up to the statement, which becomes StmtKind::other; the
// tokenizer puts no NEWLINE inside brackets, so skipping to the next NEWLINE always resumes at
// the next logical line.

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "checks/python/python_syntax.hpp"
#include "checks/token.hpp"

namespace patchbay {

class PythonParser {
  public:
    // `tokens` as the tokenizer gives them: never empty, `end` last. The nodes' children go
    // into `arena`.
    PythonParser(std::span<const Token> tokens, ExprArena& arena)
        : current_(tokens.data()), last_(&tokens.back()), arena_(arena) {}

    // Cursor. Inline, so that the literals it is asked about are compared in place (no memcmp
    // call): the parser asks these several times per token.
    // The cursor is a pointer that never passes the last token, `end` (take() stays there):
    // peek() is one load, with no bounds check and no index to scale.
    const Token& peek() const { return *current_; }
    const Token& peek(std::size_t ahead) const {
        return ahead < static_cast<std::size_t>(last_ - current_) ? current_[ahead] : *last_;
    }
    const Token& take() {
        const Token& token = *current_;
        if (current_ != last_) ++current_;
        return token;
    }
    bool at(TokenKind kind) const { return peek().kind == kind; }
    bool at_op(std::string_view op) const { return at_text(TokenKind::op, op); }
    bool at_word(std::string_view word) const { return at_text(TokenKind::identifier, word); }
    bool accept_op(std::string_view op) {
        if (!at_op(op)) return false;
        take();
        return true;
    }
    bool accept_word(std::string_view word) {
        if (!at_word(word)) return false;
        take();
        return true;
    }
    bool at_end() const { return at(TokenKind::end); }
    void skip_line();  // past the next NEWLINE (or to the end)

    // Expressions.
    std::optional<Expr> expression();       // a conditional expression or `x := y`
    std::optional<Expr> expression_list();  // expression (, expression)* [,] -> tuple on commas
    std::optional<Expr> target_list();      // for-loop targets: stops before `in`

    // Statements.
    void statement(StmtList& out);
    StmtList block();  // after the ':' of a compound statement
    // At `def`; the decorators are copied, so that the caller's list keeps its room.
    std::optional<FunctionDef> function(const std::vector<Expr>& decorators);

  private:
    const Token* current_;
    const Token* last_;
    ExprArena& arena_;
    // The calls of the function body being parsed, as they end (FunctionDef::calls); a
    // statement that fails to parse drops the ones it recorded.
    std::vector<Expr> calls_;

    // The first byte is compared before the rest: most tokens differ there.
    bool at_text(TokenKind kind, std::string_view text) const {
        const Token& token = peek();
        return token.kind == kind && token.text.size() == text.size() &&
               (text.empty() || token.text[0] == text[0]) && token.text == text;
    }

    std::optional<Expr> conditional();
    std::optional<Expr> binary(std::size_t level);
    std::optional<Expr> binary_operand(std::size_t level);
    std::optional<Expr> factor();
    std::optional<Expr> power();
    std::optional<Expr> primary();
    std::optional<Expr> atom();
    std::optional<Expr> parenthesised();
    std::optional<Expr> bracketed_list();
    std::optional<Expr> braced();
    std::optional<Expr> strings();
    std::optional<Expr> starred_or_expression();
    bool trailer(Expr& expr);
    bool call(Expr& expr);
    std::optional<Expr> call_argument();
    bool subscript(Expr& expr);
    void named(const Token& first, std::optional<Expr>& target);
    void rest_of_tuple(const Token& first, std::optional<Expr>& item);
    void if_else(std::optional<Expr>& body);
    void exponent(std::optional<Expr>& base);
    std::optional<Expr> subscript_item();
    std::optional<Expr> slice_part();
    std::optional<ExprList> items_until(std::string_view closing, bool in_subscript);
    std::size_t operator_level() const;
    std::optional<std::string_view> comparison_operator();

    std::optional<Stmt> compound_statement();
    std::optional<Stmt> if_statement();
    std::optional<Stmt> for_statement();
    std::optional<Stmt> while_statement();
    bool simple_statement(Stmt& stmt);
    bool assignment_or_expression(const Token& first, Stmt& stmt);
    bool else_block(Stmt& stmt);
    void simple_line(StmtList& out);
    void indented_statements(StmtList& out);
    Stmt skipped_statement(const Token& first, std::size_t calls_before);
    bool parameters(ArenaList<Parameter>& out);
    std::string_view joined(const Token& star, const Token& name);
    bool parameter(Parameter& param);
};

// tokenize_python for parse_jit_functions: a logical line the search for kernels only skips
// (no decorator, no kernel's def, not inside one) gives its INDENT/DEDENTs and NEWLINE alone.
// About a third of a Triton file's bytes lie outside its kernels: imports, launchers, tests.
// The tokens are the start of `buffer`, which keeps the size it grew to, so that a buffer kept
// file after file is not filled with fresh tokens again for each. The `def` lines of the names
// in `jit_wrapped` (jit_wrapped_names) are kept as a kernel's are.
std::span<const Token> tokenize_python_kernels(std::string_view text, std::vector<Token>& buffer,
                                               std::span<const std::string_view> jit_wrapped = {});

// tokenize_python for python_env_reads: a logical line that spells none of "environ",
// "getenv" and "import" gives its INDENT/DEDENTs and NEWLINE alone. Such a line holds no read
// and binds no name of os (unless an alias binds one: python_env_reads checks).
void tokenize_python_env_lines(std::string_view text, std::vector<Token>& tokens);

// Expr helpers shared by the two halves.
Expr make_expr(ExprKind kind, const Token& at, std::string_view text = {});
bool is_reserved_word(std::string_view word);

}  // namespace patchbay
