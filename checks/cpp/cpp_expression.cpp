#include "checks/cpp/cpp_expression.hpp"

#include <array>
#include <new>
#include <string_view>
#include <utility>

namespace patchbay {
namespace {

struct BinaryOp {
    std::string_view text;
    int precedence;
};

constexpr std::array<BinaryOp, 33> kBinaryOps = {{
    {",", 1},   {"=", 2},   {"+=", 2},   {"-=", 2},  {"*=", 2},   {"/=", 2}, {"%=", 2},
    {"<<=", 2}, {">>=", 2}, {"&=", 2},   {"|=", 2},  {"^=", 2},   {"||", 4}, {"&&", 5},
    {"|", 6},   {"^", 7},   {"&", 8},    {"==", 9},  {"!=", 9},   {"<", 10}, {">", 10},
    {"<=", 10}, {">=", 10}, {"<=>", 10}, {"<<", 11}, {">>", 11},  {"+", 12}, {"-", 12},
    {"*", 13},  {"/", 13},  {"%", 13},   {".*", 14}, {"->*", 14},
}};
constexpr int kAssignment = 2;
constexpr int kTernary = 3;

constexpr std::array<std::string_view, 8> kPrefixOps = {"-", "+", "!", "~", "*", "&", "++", "--"};
constexpr std::array<std::string_view, 4> kNamedCasts = {"static_cast", "reinterpret_cast",
                                                         "const_cast", "dynamic_cast"};
constexpr std::array<std::string_view, 5> kLiteralWords = {"true", "false", "nullptr", "this",
                                                           "NULL"};

int precedence_of(const Token& token) {
    if (token.kind != TokenKind::op) return 0;
    if (token.text == "?") return kTernary;
    for (const auto& op : kBinaryOps)
        if (op.text == token.text) return op.precedence;
    return 0;
}

std::unique_ptr<CppExpr> make(CppExpr::Kind kind, std::size_t token, std::size_t first,
                              std::size_t last) {
    auto expr = std::make_unique<CppExpr>();
    expr->kind = kind;
    expr->token = token;
    expr->first = first;
    expr->last = last;
    return expr;
}

class Parser {
  public:
    Parser(std::span<const Token> tokens, const std::vector<std::size_t>& brackets,
           const TypeAliases& aliases, ExprRange range)
        : tokens_(tokens),
          brackets_(brackets),
          aliases_(aliases),
          pos_(range.begin),
          limit_(range.limit) {}

    std::size_t pos() const { return pos_; }

    std::unique_ptr<CppExpr> expression(int min_precedence) {
        auto lhs = unary();
        while (lhs) {
            int precedence = at_end() ? 0 : precedence_of(tokens_[pos_]);
            if (precedence == 0 || precedence < min_precedence) break;
            lhs = precedence == kTernary ? ternary(std::move(lhs))
                                         : binary(std::move(lhs), precedence);
        }
        return lhs;
    }

  private:
    std::span<const Token> tokens_;
    const std::vector<std::size_t>& brackets_;
    const TypeAliases& aliases_;
    std::size_t pos_;
    std::size_t limit_;

    bool at_end() const { return pos_ >= limit_ || tokens_[pos_].kind == TokenKind::end; }
    bool at_op(std::string_view text) const {
        return !at_end() && tokens_[pos_].kind == TokenKind::op && tokens_[pos_].text == text;
    }
    bool at_word() const { return !at_end() && tokens_[pos_].kind == TokenKind::identifier; }
    std::size_t partner(std::size_t i) const {
        return brackets_[i] != kNone && brackets_[i] < limit_ ? brackets_[i] : kNone;
    }

    std::unique_ptr<CppExpr> binary(std::unique_ptr<CppExpr> lhs, int precedence) {
        std::size_t op = pos_++;
        // Assignments group to the right, everything else to the left.
        auto rhs = expression(precedence == kAssignment ? precedence : precedence + 1);
        if (!rhs) return lhs;
        auto node = make(CppExpr::Kind::binary, op, lhs->first, rhs->last);
        node->operands.reserve(2);  // one allocation, not one per operand
        node->operands.push_back(std::move(lhs));
        node->operands.push_back(std::move(rhs));
        return node;
    }

    std::unique_ptr<CppExpr> ternary(std::unique_ptr<CppExpr> cond) {
        std::size_t op = pos_++;
        auto then = expression(1);
        if (!then || !at_op(":")) return cond;
        ++pos_;
        auto otherwise = expression(kAssignment);
        if (!otherwise) return cond;
        auto node = make(CppExpr::Kind::ternary, op, cond->first, otherwise->last);
        node->operands.reserve(3);
        node->operands.push_back(std::move(cond));
        node->operands.push_back(std::move(then));
        node->operands.push_back(std::move(otherwise));
        return node;
    }

    std::unique_ptr<CppExpr> unary() {
        if (at_end()) return nullptr;
        const auto& token = tokens_[pos_];
        if (token.kind == TokenKind::op && one_of(token.text, kPrefixOps)) return prefix();
        if (token.kind == TokenKind::identifier && one_of(token.text, kNamedCasts))
            return named_cast();
        if (at_op("(") && c_style_cast_end() != kNone) return c_style_cast();
        return postfix(primary());
    }

    std::unique_ptr<CppExpr> wrap(CppExpr::Kind kind, std::size_t token, std::size_t first,
                                  std::unique_ptr<CppExpr> operand) {
        if (!operand) return nullptr;
        auto node = make(kind, token, first, operand->last);
        node->operands.push_back(std::move(operand));
        return node;
    }

    std::unique_ptr<CppExpr> prefix() {
        std::size_t op = pos_++;
        return wrap(CppExpr::Kind::unary, op, op, unary());
    }

    // static_cast<T>(x)
    std::unique_ptr<CppExpr> named_cast() {
        std::size_t keyword = pos_++;
        if (!at_op("<")) return nullptr;
        std::size_t type_begin = ++pos_;
        while (!at_end() && !at_op(">")) ++pos_;
        if (!at_op(">")) return nullptr;
        std::size_t type_end = pos_++;
        if (!at_op("(") || partner(pos_) == kNone) return nullptr;
        auto inner = parenthesised();
        if (!inner) return nullptr;
        inner->first = keyword;
        inner->kind = CppExpr::Kind::cast;
        inner->token = keyword;
        inner->type = cast_type(type_begin, type_end);
        return inner;
    }

    // `(` … `)` around x, as a cast node with one operand (the caller sets kind and type).
    std::unique_ptr<CppExpr> parenthesised() {
        std::size_t open = pos_, close = partner(pos_);
        ++pos_;
        auto inner = Parser(tokens_, brackets_, aliases_, {pos_, close}).expression(1);
        pos_ = close + 1;
        if (!inner) return nullptr;
        auto node = make(CppExpr::Kind::cast, open, open, close);
        node->operands.push_back(std::move(inner));
        return node;
    }

    std::string cast_type(std::size_t begin, std::size_t end) const {
        std::string type;
        for (std::size_t i = begin; i < end; ++i) {
            if (tokens_[i].kind == TokenKind::op && tokens_[i].text == "*") return "*";
            if (tokens_[i].kind != TokenKind::identifier || tokens_[i].text == "const") continue;
            if (i + 1 < end && tokens_[i + 1].text == "::") continue;  // std::int64_t
            if (!type.empty()) type += ' ';
            type += tokens_[i].text;
        }
        return type;
    }

    // The ')' of a C-style cast "(int64_t)" starting here, or kNone for a parenthesised value.
    std::size_t c_style_cast_end() const {
        std::size_t close = partner(pos_);
        if (close == kNone || close == pos_ + 1 || close + 1 >= limit_) return kNone;
        for (std::size_t i = pos_ + 1; i < close; ++i) {
            const auto& t = tokens_[i];
            bool type_word =
                t.kind == TokenKind::identifier &&
                (t.text == "const" || t.text == "std" || is_type_name(t.text, aliases_));
            bool type_op = t.kind == TokenKind::op && (t.text == "::" || t.text == "*");
            if (!type_word && !type_op) return kNone;
        }
        const auto& next = tokens_[close + 1];
        bool starts_operand =
            next.kind == TokenKind::identifier || next.kind == TokenKind::number ||
            (next.kind == TokenKind::op &&
             (next.text == "(" || next.text == "*" || next.text == "&" || next.text == "-"));
        return starts_operand ? close : kNone;
    }

    std::unique_ptr<CppExpr> c_style_cast() {
        std::size_t open = pos_, close = c_style_cast_end();
        pos_ = close + 1;
        auto node = wrap(CppExpr::Kind::cast, open, open, unary());
        if (node) node->type = cast_type(open + 1, close);
        return node;
    }

    std::unique_ptr<CppExpr> primary() {
        if (at_end()) return nullptr;
        const auto& token = tokens_[pos_];
        if (token.kind == TokenKind::number) return leaf(CppExpr::Kind::number);
        if (token.kind == TokenKind::string) return leaf(CppExpr::Kind::literal);
        if (at_op("(") && partner(pos_) != kNone) return paren();
        if (at_op("::") || at_word()) return name();
        return nullptr;
    }

    std::unique_ptr<CppExpr> leaf(CppExpr::Kind kind) {
        std::size_t at = pos_++;
        return make(kind, at, at, at);
    }

    std::unique_ptr<CppExpr> paren() {
        auto node = parenthesised();
        if (!node) return nullptr;
        auto inner = std::move(node->operands.front());
        inner->first = node->first;  // the parentheses belong to the value for its text
        inner->last = node->last;
        return inner;
    }

    // a, ns::a, ::a, f<T>, vec_t<T, 8>::size — the node's token is the last name.
    std::unique_ptr<CppExpr> name() {
        std::size_t first = pos_;
        if (at_op("::")) ++pos_;
        while (true) {
            if (!at_word()) return nullptr;
            std::size_t at = pos_++;
            std::size_t last = at;
            if (std::size_t close = template_arguments_end(); close != kNone) {
                last = close;
                pos_ = close + 1;
            }
            if (at_op("::") && pos_ + 1 < limit_ &&
                tokens_[pos_ + 1].kind == TokenKind::identifier) {
                ++pos_;
                continue;
            }
            bool literal = one_of(tokens_[at].text, kLiteralWords);
            return make(literal ? CppExpr::Kind::literal : CppExpr::Kind::name, at, first, last);
        }
    }

    // `upcast_size<DTypeKV>()`, `vec_t<T, 8>::size`: the `>` that closes template arguments
    // opening here, when what follows it is a call or a scope; kNone for a comparison.
    std::size_t template_arguments_end() const {
        if (!at_op("<")) return kNone;
        int depth = 0;
        for (std::size_t i = pos_; i < limit_; ++i) {
            const auto& t = tokens_[i];
            bool word = t.kind == TokenKind::identifier || t.kind == TokenKind::number;
            if (t.kind == TokenKind::op && t.text == "<") {
                ++depth;
            } else if (t.kind == TokenKind::op && (t.text == ">" || t.text == ">>")) {
                depth -= t.text == ">" ? 1 : 2;
                if (depth > 0) continue;
                if (depth < 0 || i + 1 >= limit_) return kNone;
                const auto& next = tokens_[i + 1];
                bool call_or_scope = next.kind == TokenKind::op &&
                                     (next.text == "(" || next.text == "::" || next.text == "{");
                return call_or_scope ? i : kNone;
            } else if (!word && !(t.kind == TokenKind::op && (t.text == "::" || t.text == "," ||
                                                              t.text == "*" || t.text == "&"))) {
                return kNone;
            }
        }
        return kNone;
    }

    std::unique_ptr<CppExpr> postfix(std::unique_ptr<CppExpr> base) {
        while (base && !at_end()) {
            if (at_op("[") && partner(pos_) != kNone)
                base = subscript(std::move(base));
            else if (at_op("(") && partner(pos_) != kNone)
                base = call(std::move(base));
            else if ((at_op(".") || at_op("->")) && pos_ + 1 < limit_ &&
                     tokens_[pos_ + 1].kind == TokenKind::identifier)
                base = member(std::move(base));
            else if (at_op("++") || at_op("--"))
                base = increment(std::move(base));
            else
                break;
        }
        return base;
    }

    std::unique_ptr<CppExpr> increment(std::unique_ptr<CppExpr> base) {
        std::size_t first = base->first;
        return wrap(CppExpr::Kind::unary, pos_++, first, std::move(base));
    }

    std::unique_ptr<CppExpr> subscript(std::unique_ptr<CppExpr> base) {
        std::size_t open = pos_, close = partner(pos_);
        auto inner = Parser(tokens_, brackets_, aliases_, {open + 1, close}).expression(1);
        pos_ = close + 1;
        auto node = make(CppExpr::Kind::index, open, base->first, close);
        node->operands.reserve(2);
        node->operands.push_back(std::move(base));
        if (inner) node->operands.push_back(std::move(inner));
        return node;
    }

    std::unique_ptr<CppExpr> call(std::unique_ptr<CppExpr> callee) {
        std::size_t open = pos_, close = partner(pos_);
        auto node = make(CppExpr::Kind::call, open, callee->first, close);
        node->operands.reserve(4);  // the callee and most calls' arguments
        bool functional_cast = callee->kind == CppExpr::Kind::name &&
                               is_type_name(tokens_[callee->token].text, aliases_);
        if (functional_cast) {
            node->kind = CppExpr::Kind::cast;
            node->type = std::string(tokens_[callee->token].text);
        } else {
            node->operands.push_back(std::move(callee));
        }
        read_arguments(open + 1, close, *node);
        pos_ = close + 1;
        return node;
    }

    void read_arguments(std::size_t begin, std::size_t close, CppExpr& node) {
        Parser inner(tokens_, brackets_, aliases_, {begin, close});
        while (inner.pos_ < close) {
            std::size_t before = inner.pos_;
            if (auto arg = inner.expression(kAssignment)) node.operands.push_back(std::move(arg));
            if (inner.at_op(",") || inner.pos_ == before) ++inner.pos_;
        }
    }

    std::unique_ptr<CppExpr> member(std::unique_ptr<CppExpr> base) {
        std::size_t name_token = pos_ + 1;
        pos_ += 2;
        auto node = make(CppExpr::Kind::member, name_token, base->first, name_token);
        node->operands.push_back(std::move(base));
        return node;
    }
};

// Freed nodes, linked through their own memory. The thread's list is given back to the heap
// when the thread ends.
struct FreeNode {
    FreeNode* next = nullptr;
};

struct FreeNodes {
    FreeNode* head = nullptr;
    FreeNodes() = default;
    FreeNodes(const FreeNodes&) = delete;
    FreeNodes& operator=(const FreeNodes&) = delete;
    ~FreeNodes() {
        while (head) {
            FreeNode* node = head;
            head = node->next;
            ::operator delete(node);
        }
    }
};

thread_local FreeNodes free_nodes;

}  // namespace

void* CppExpr::operator new(std::size_t size) {
    static_assert(sizeof(CppExpr) >= sizeof(FreeNode) && alignof(CppExpr) >= alignof(FreeNode));
    FreeNode* node = free_nodes.head;
    if (size != sizeof(CppExpr) || node == nullptr) return ::operator new(size);
    free_nodes.head = node->next;
    return node;
}

void CppExpr::operator delete(void* node) noexcept {
    free_nodes.head = ::new (node) FreeNode{free_nodes.head};
}

std::unique_ptr<CppExpr> parse_cpp_expression(std::span<const Token> tokens,
                                              const std::vector<std::size_t>& brackets,
                                              const TypeAliases& aliases, ExprRange range,
                                              std::size_t& end) {
    Parser parser(tokens, brackets, aliases, range);
    auto expr = parser.expression(1);
    end = parser.pos();
    return expr;
}

}  // namespace patchbay
