#include "checks/cpp/block_id_scaling.hpp"

#include <array>
#include <optional>
#include <string_view>

#include "checks/cpp/id_types.hpp"
#include "checks/rules/index_stride_analysis.hpp"

namespace patchbay {
namespace {

// What the analysis can know of one operand of a multiply, read from its tokens.
enum class Operand {
    unknown,        // anything else: it may hold a block id or a runtime size
    small_literal,  // below 256: scales an index, never a stride (the analysis's `small`)
    launch_bound,   // threadIdx/blockDim/gridDim.x: a constant, never an index
    block_id,       // blockIdx.x itself: a block id and nothing read from memory
    no_id,          // holds no id: a float variable or literal, a cast to a non-integer type
};

// An operator of one or two bytes as one number (0 for longer ones): the operator lists below
// are switches on it, not a string compare for each listed operator. This runs on both sides
// of every multiply of every kernel.
constexpr unsigned short_op(std::string_view text) {
    if (text.size() == 1) return static_cast<unsigned char>(text[0]);
    if (text.size() == 2)
        return static_cast<unsigned char>(text[0]) * 256u + static_cast<unsigned char>(text[1]);
    return 0;
}

unsigned short_op(const Token& t) {
    return t.kind == TokenKind::op ? short_op(t.text) : 0;
}

// Tokens that end a postfix expression: an operand followed by one is longer than one token.
bool continues_operand(const Token& t) {
    switch (short_op(t)) {
        case short_op("."):
        case short_op("->"):
        case short_op("["):
        case short_op("("):
        case short_op("++"):
        case short_op("--"):
        case short_op("::"):
        case short_op("<"):
            return true;
        default:
            return false;
    }
}

// A token that ends an operand: what comes after it is a binary operator.
bool ends_operand(const Token& t) {
    return t.kind == TokenKind::identifier || t.kind == TokenKind::number || is_op(t, ")") ||
           is_op(t, "]");
}

bool is_float_literal(std::string_view text) {
    bool hex = text.starts_with("0x") || text.starts_with("0X");
    return !hex && text.find_first_of(".eEfF") != std::string_view::npos;
}

// The declaration `name` at token `at` refers to, as the analysis looks it up: the innermost
// one declared before it whose scope holds it.
const Declaration* declaration_at(const FunctionInfo& function, std::string_view name,
                                  std::size_t at) {
    const Declaration* found = nullptr;
    auto consider = [&](const Declaration& decl) {
        if (decl.name == name && decl.token < at && at <= decl.scope_end &&
            (!found || decl.token > found->token))
            found = &decl;
    };
    for (const auto& decl : function.parameters) consider(decl);
    for (const auto& decl : function.locals) consider(decl);
    return found;
}

class OperandReader {
  public:
    OperandReader(const FunctionInfo& function, std::span<const Token> tokens,
                  const std::vector<std::size_t>& brackets, const TypeAliases& aliases)
        : function_(function), tokens_(tokens), brackets_(brackets), aliases_(aliases) {}

    // The operand that starts at token `i` (a right operand).
    Operand right(std::size_t i) const {
        if (i + 1 >= tokens_.size()) return Operand::unknown;
        if (tokens_[i].kind == TokenKind::identifier && tokens_[i].text == "static_cast")
            return cast(i, after_cast(i));
        if (auto member = builtin(i); member && !continues_operand(tokens_[i + 3])) return *member;
        if (continues_operand(tokens_[i + 1])) return Operand::unknown;
        return single(i);
    }

    // The operand that ends at token `i` (a left operand).
    Operand left(std::size_t i) const {
        if (i < 5) return Operand::unknown;
        std::size_t start = i;
        Operand operand = Operand::unknown;
        if (is_op(tokens_[i], ")") && brackets_[i] != kNone && brackets_[i] >= 5) {
            start = brackets_[i] - 4;
            operand = cast(start, i + 1);
        } else if (i >= 2 && is_op(tokens_[i - 1], ".") && builtin(i - 2)) {
            start = i - 2;
            operand = *builtin(start);
        } else {
            operand = single(i);
        }
        return starts_operand(start) ? operand : Operand::unknown;
    }

  private:
    const FunctionInfo& function_;
    std::span<const Token> tokens_;
    const std::vector<std::size_t>& brackets_;
    const TypeAliases& aliases_;

    // Whether an operand starts at token `start`: a multiply's left operand found there is not
    // the end of a longer product or postfix chain, nor the operand of a unary sign (`-4 * x`
    // multiplies `-4`, which the analysis does not take for a small literal).
    bool starts_operand(std::size_t start) const {
        const Token& t = tokens_[start - 1];
        switch (short_op(t)) {
            case short_op("+"):
            case short_op("-"):
                return start >= 2 && ends_operand(tokens_[start - 2]);
            case short_op("="):
            case short_op("("):
            case short_op(","):
            case short_op("+="):
            case short_op("-="):
            case short_op(";"):
            case short_op("{"):
            case short_op("["):
            case short_op("?"):
            case short_op(":"):
            case short_op("&&"):
            case short_op("||"):
                return true;
            default:
                return is_keyword(t, "return");
        }
    }

    // `threadIdx.x`, `blockIdx.y`: the analysis's builtins.
    std::optional<Operand> builtin(std::size_t i) const {
        if (i + 3 >= tokens_.size() || tokens_[i].kind != TokenKind::identifier ||
            !is_op(tokens_[i + 1], ".") || tokens_[i + 2].kind != TokenKind::identifier)
            return std::nullopt;
        auto name = tokens_[i].text;
        if (name == "blockIdx") return Operand::block_id;
        if (name == "threadIdx" || name == "blockDim" || name == "gridDim")
            return Operand::launch_bound;
        return std::nullopt;
    }

    // One past `static_cast<T>(...)` starting at `i`, or `i` when it is not one.
    std::size_t after_cast(std::size_t i) const {
        if (i + 4 >= tokens_.size() || !is_op(tokens_[i + 1], "<") || !is_op(tokens_[i + 3], ">") ||
            !is_op(tokens_[i + 4], "(") || brackets_[i + 4] == kNone)
            return i;
        std::size_t end = brackets_[i + 4] + 1;
        return end < tokens_.size() && !continues_operand(tokens_[end]) ? end : i;
    }

    // `static_cast<float>(...)` spanning [i, end): a cast to a type of unknown width (a
    // non-integer) drops the id it is given.
    Operand cast(std::size_t i, std::size_t end) const {
        if (end <= i || !is_keyword(tokens_[i], "static_cast") || !is_op(tokens_[i + 1], "<") ||
            !is_op(tokens_[i + 3], ">") || !is_op(tokens_[i + 4], "(") ||
            tokens_[i + 2].kind != TokenKind::identifier)
            return Operand::unknown;
        return aliases_.width_of(tokens_[i + 2].text) == IntWidth::unknown ? Operand::no_id
                                                                           : Operand::unknown;
    }

    // A literal or a variable, alone.
    Operand single(std::size_t i) const {
        const Token& t = tokens_[i];
        if (t.kind == TokenKind::number) {
            if (is_float_literal(t.text)) return Operand::no_id;
            return is_small_literal(t.text) ? Operand::small_literal : Operand::unknown;
        }
        if (t.kind != TokenKind::identifier) return Operand::unknown;
        const auto* decl = declaration_at(function_, t.text, i);
        // A variable of a type of unknown width that cannot hold ids keeps none (the
        // analysis's assigned_value): a float.
        bool float_variable = decl && !decl->is_pointer && decl->type != "auto" &&
                              aliases_.width_of(decl->type) == IntWidth::unknown &&
                              !unseen_type_holds_ids(decl->type);
        return float_variable ? Operand::no_id : Operand::unknown;
    }
};

// A `*` between two operands, not a dereference or a declarator.
bool is_binary_star(std::span<const Token> tokens, std::size_t i) {
    const Token& before = tokens[i - 1];
    if (before.kind == TokenKind::number || is_op(before, ")") || is_op(before, "]")) return true;
    return before.kind == TokenKind::identifier && !is_keyword(before, "return");
}

// `float* p`, `T* __restrict__ q`: a declarator inside the body, not a multiply.
bool is_declarator(const FunctionInfo& function, std::span<const Token> tokens, std::size_t star) {
    const Token& next = tokens[star + 1];
    if (is_keyword(next, "const") || is_keyword(next, "__restrict__")) return true;
    for (const auto& decl : function.locals)
        if (decl.token == star + 1) return true;
    return false;
}

// Whether the multiply with these operands can form no product in the analysis.
bool forms_no_product(Operand left, Operand right) {
    if (left == Operand::small_literal || right == Operand::small_literal) return true;
    auto bound_and_id = [](Operand a, Operand b) {
        return a == Operand::block_id && (b == Operand::launch_bound);
    };
    if (bound_and_id(left, right) || bound_and_id(right, left)) return true;
    auto holds_no_id = [](Operand o) {
        return o == Operand::no_id || o == Operand::launch_bound || o == Operand::small_literal;
    };
    return holds_no_id(left) && holds_no_id(right);
}

// `+= … gridDim …` up to the end of the statement or the for header.
bool steps_by_grid(std::span<const Token> tokens, std::size_t plus_equals, std::size_t end) {
    for (std::size_t i = plus_equals + 1; i < end; ++i) {
        if (is_op(tokens[i], ";") || is_op(tokens[i], ")") || is_op(tokens[i], "{")) return false;
        if (tokens[i].kind == TokenKind::identifier && tokens[i].text == "gridDim") return true;
    }
    return false;
}

}  // namespace

bool may_scale_block_id(const FunctionInfo& function, std::span<const Token> tokens,
                        const std::vector<std::size_t>& brackets, const TypeAliases& aliases) {
    OperandReader operands(function, tokens, brackets, aliases);
    for (std::size_t i = function.body_begin + 1; i + 1 < function.body_end; ++i) {
        const unsigned op = short_op(tokens[i]);
        if (op == short_op("+=") && steps_by_grid(tokens, i, function.body_end)) return true;
        bool star =
            op == short_op("*") && is_binary_star(tokens, i) && !is_declarator(function, tokens, i);
        if (!star && op != short_op("<<")) continue;
        if (!forms_no_product(operands.left(i - 1), operands.right(i + 1))) return true;
    }
    return false;
}

}  // namespace patchbay
