// The CUDA half of rule int32-index-stride (DESIGN.md §5): a value read from an index table
// into a 32-bit variable, multiplied by another 32-bit operand, where the product ends up in
// address arithmetic (a pointer offset, a subscript, a 64-bit variable or cast). Values are
// followed through each function body in token order; loops are not iterated.

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>

#include "checks/cpp/cpp_declarations.hpp"
#include "checks/cpp/cpp_expression.hpp"
#include "checks/rules/index_stride_analysis.hpp"

namespace patchbay {
namespace {

struct IndexRead {
    std::string table;
    std::size_t token = 0;  // the table's name
};

// A 32-bit product of an index value, remembered until it reaches address arithmetic.
struct Product {
    std::size_t op = 0;  // the '*'
    std::string index_text, other_text, other_type;
    bool index_on_left = true;
    IndexRead read;
};

struct Value {
    IntWidth width = IntWidth::unknown;
    bool pointer = false;
    std::string type;                // spelled type, for messages ("int", "stride_t")
    std::optional<IndexRead> taint;  // only on narrow values
    std::optional<Product> product;
};

bool is_op(const Token& token, std::string_view text) {
    return token.kind == TokenKind::op && token.text == text;
}

IntWidth combine(IntWidth a, IntWidth b) {
    if (a == IntWidth::wide || b == IntWidth::wide) return IntWidth::wide;
    if (a == IntWidth::narrow && b == IntWidth::narrow) return IntWidth::narrow;
    return IntWidth::unknown;
}

// Integer literals: `l`/`L` in the suffix makes them 64-bit; floating literals are not integers.
Value literal_value(std::string_view text) {
    bool hex = text.size() > 1 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    bool floating = !hex && text.find_first_of(".eEfF") != std::string_view::npos;
    if (floating) return {};
    bool wide = text.find_first_of("lL") != std::string_view::npos;
    return {wide ? IntWidth::wide : IntWidth::narrow, false, "int literal", std::nullopt,
            std::nullopt};
}

Value merge(Value a, const Value& b) {
    a.width = combine(a.width, b.width);
    a.pointer = a.pointer || b.pointer;
    if (!a.taint) a.taint = b.taint;
    if (!a.product) a.product = b.product;
    if (a.width == IntWidth::wide) a.taint.reset();
    return a;
}

class FunctionAnalysis {
  public:
    FunctionAnalysis(const SourceFile& file, std::span<const Token> tokens,
                     const std::vector<std::size_t>& brackets, const TypeAliases& aliases,
                     const AuditConfig& config, const FunctionInfo& function)
        : file_(file),
          tokens_(tokens),
          brackets_(brackets),
          aliases_(aliases),
          config_(config),
          function_(function) {}

    void run(std::vector<Finding>& findings) {
        findings_ = &findings;
        for (const auto& decl : function_.parameters) state_[&decl] = declared_value(decl);
        for (const auto& decl : function_.locals) state_[&decl] = declared_value(decl);
        for (std::size_t i = function_.body_begin + 1; i < function_.body_end;) i = step(i);
    }

  private:
    const SourceFile& file_;
    std::span<const Token> tokens_;
    const std::vector<std::size_t>& brackets_;
    const TypeAliases& aliases_;
    const AuditConfig& config_;
    const FunctionInfo& function_;
    std::map<const Declaration*, Value> state_;
    std::set<std::size_t> reported_;
    std::vector<Finding>* findings_ = nullptr;

    // ---- walking the body -------------------------------------------------------------

    std::size_t step(std::size_t i) {
        if (const auto* decl = local_declared_at(i)) return declare(*decl);
        if (is_statement_keyword(tokens_[i])) return skip_keyword(i);
        std::size_t end = i;
        auto expr =
            parse_cpp_expression(tokens_, brackets_, aliases_, {i, next_declaration(i)}, end);
        if (expr) eval(*expr);
        return end > i ? end : i + 1;
    }

    const Declaration* local_declared_at(std::size_t i) const {
        for (const auto& decl : function_.locals)
            if (decl.token == i) return &decl;
        return nullptr;
    }

    // Expressions stop before the next declared name, so `int* p = q` is not read as a product.
    std::size_t next_declaration(std::size_t i) const {
        for (const auto& decl : function_.locals)
            if (decl.token > i) return decl.token;
        return function_.body_end;
    }

    static bool is_statement_keyword(const Token& token) {
        static const std::set<std::string_view> kKeywords = {
            "if", "for", "while", "switch", "return", "else", "do", "case", "sizeof", "goto"};
        return token.kind == TokenKind::identifier && kKeywords.count(token.text) > 0;
    }

    // A header's '(' is stepped over so the declarations inside it are visited.
    std::size_t skip_keyword(std::size_t i) const {
        return is_op(tokens_[i + 1], "(") && tokens_[i].text != "sizeof" ? i + 2 : i + 1;
    }

    std::size_t declare(const Declaration& decl) {
        if (decl.init_begin < decl.init_end) {
            std::size_t end = decl.init_end;
            auto init = parse_cpp_expression(tokens_, brackets_, aliases_,
                                             {decl.init_begin, decl.init_end}, end);
            if (init) state_[&decl] = assigned_value(decl, eval(*init));
        }
        return std::max(decl.init_end, decl.token + 1);
    }

    // ---- declarations and assignments ------------------------------------------------

    Value declared_value(const Declaration& decl) const {
        Value value;
        value.pointer = decl.is_pointer;
        value.type = decl.type;
        if (!decl.is_pointer) value.width = aliases_.width_of(decl.type);
        return value;
    }

    // The value a variable holds after `decl = value`: its declared width decides.
    Value assigned_value(const Declaration& decl, const Value& value) {
        Value held = declared_value(decl);
        if (decl.type == "auto") held.width = value.width;
        if (held.pointer) return held;
        if (held.width == IntWidth::wide && value.product) report(*value.product);
        if (held.width != IntWidth::narrow) return held;
        if (value.width != IntWidth::wide) held.taint = value.taint;
        held.product = value.product;
        return held;
    }

    const Declaration* lookup(std::string_view name, std::size_t at) const {
        const Declaration* found = nullptr;
        auto consider = [&](const Declaration& decl) {
            if (decl.name == name && decl.token < at && at <= decl.scope_end &&
                (!found || decl.token > found->token))
                found = &decl;
        };
        for (const auto& decl : function_.parameters) consider(decl);
        for (const auto& decl : function_.locals) consider(decl);
        return found;
    }

    Value assign(const CppExpr& expr) {
        const CppExpr& target = *expr.operands[0];
        Value value = eval(*expr.operands[1]);
        auto op = tokens_[expr.token].text;
        if (target.kind != CppExpr::Kind::name) {
            eval(target);
            return value;
        }
        const auto* decl = lookup(tokens_[target.token].text, target.token);
        if (!decl) return value;
        Value& held = state_[decl];
        if (held.pointer && (op == "+=" || op == "-=")) sink(value);
        if (held.pointer) return held;
        if (op == "=") return held = assigned_value(*decl, value);
        if (op == "+=" || op == "-=") return held = assigned_value(*decl, merge(held, value));
        return held = declared_value(*decl);
    }

    // ---- values of expressions ------------------------------------------------------

    Value eval(const CppExpr& expr) {
        switch (expr.kind) {
            case CppExpr::Kind::number:
                return literal_value(tokens_[expr.token].text);
            case CppExpr::Kind::literal:
                return {};
            case CppExpr::Kind::name:
                return name_value(expr);
            case CppExpr::Kind::member:
                return member_value(expr);
            case CppExpr::Kind::unary:
                return unary_value(expr);
            case CppExpr::Kind::cast:
                return cast_value(expr);
            case CppExpr::Kind::call:
                return call_value(expr);
            case CppExpr::Kind::index:
                return index_value(expr);
            case CppExpr::Kind::ternary:
                return ternary_value(expr);
            case CppExpr::Kind::binary:
                return binary_value(expr);
        }
        return {};
    }

    Value name_value(const CppExpr& expr) {
        const auto* decl = lookup(tokens_[expr.token].text, expr.token);
        return decl ? state_[decl] : Value{};
    }

    // threadIdx.x and friends are 32-bit positions bounded by the launch, never index values.
    Value member_value(const CppExpr& expr) const {
        const CppExpr& base = *expr.operands[0];
        static const std::set<std::string_view> kBuiltins = {"threadIdx", "blockIdx", "blockDim",
                                                             "gridDim"};
        if (base.kind == CppExpr::Kind::name && kBuiltins.count(tokens_[base.token].text))
            return {IntWidth::narrow, false, "unsigned int", std::nullopt, std::nullopt};
        return {};
    }

    Value unary_value(const CppExpr& expr) {
        if (auto read = index_read(expr)) return read_value(*read, expr);
        Value operand = eval(*expr.operands[0]);
        auto op = tokens_[expr.token].text;
        if (op == "*") return {};
        if (op == "&") return {IntWidth::unknown, true, "", std::nullopt, std::nullopt};
        if (op == "!") return {IntWidth::narrow, false, "bool", std::nullopt, std::nullopt};
        return operand;
    }

    Value cast_value(const CppExpr& expr) {
        Value operand = expr.operands.empty() ? Value{} : eval(*expr.operands[0]);
        for (std::size_t i = 1; i < expr.operands.size(); ++i) eval(*expr.operands[i]);
        Value cast{aliases_.width_of(expr.type), expr.type == "*", expr.type, std::nullopt,
                   std::nullopt};
        // Widening a product that already wrapped does not help: still a finding.
        if (cast.width == IntWidth::wide && operand.product) report(*operand.product);
        if (cast.width == IntWidth::narrow) {
            cast.taint = operand.width == IntWidth::wide ? std::nullopt : operand.taint;
            cast.product = operand.product;
        }
        return cast;
    }

    Value call_value(const CppExpr& expr) {
        if (auto read = index_read(expr)) return read_value(*read, expr);
        Value combined;
        bool first = true;
        for (std::size_t i = 1; i < expr.operands.size(); ++i) {
            Value arg = eval(*expr.operands[i]);
            combined = first ? arg : merge(combined, arg);
            first = false;
        }
        return is_min_or_max(*expr.operands[0]) ? combined : Value{};
    }

    bool is_min_or_max(const CppExpr& callee) const {
        if (callee.kind != CppExpr::Kind::name) return false;
        auto name = tokens_[callee.token].text;
        return name == "min" || name == "max";
    }

    Value index_value(const CppExpr& expr) {
        if (auto read = index_read(expr)) return read_value(*read, expr);
        Value base = eval(*expr.operands[0]);
        if (expr.operands.size() > 1) sink(eval(*expr.operands[1]));
        return element_of(*expr.operands[0], base);
    }

    // `offsets[i]` of a `const int* offsets` is an int, untainted.
    Value element_of(const CppExpr& base, const Value& base_value) const {
        if (base.kind != CppExpr::Kind::name || !base_value.pointer) return {};
        return {aliases_.width_of(base_value.type), false, base_value.type, std::nullopt,
                std::nullopt};
    }

    Value ternary_value(const CppExpr& expr) {
        eval(*expr.operands[0]);
        return merge(eval(*expr.operands[1]), eval(*expr.operands[2]));
    }

    Value binary_value(const CppExpr& expr) {
        auto op = tokens_[expr.token].text;
        if (op == "=" || op == "+=" || op == "-=" || op == "*=" || op == "/=" || op == "%=" ||
            op == "<<=" || op == ">>=" || op == "&=" || op == "|=" || op == "^=")
            return assign(expr);
        Value lhs = eval(*expr.operands[0]);
        Value rhs = eval(*expr.operands[1]);
        if (op == ",") return rhs;
        if (op == "*") return multiply(expr, lhs, rhs);
        if (op == "+" || op == "-") return add(lhs, rhs);
        if (op == "/" || op == "%") return merge(lhs, rhs);
        Value plain{combine(lhs.width, rhs.width), false, "", std::nullopt, std::nullopt};
        return plain;
    }

    Value add(const Value& lhs, const Value& rhs) {
        if (lhs.pointer) sink(rhs);
        if (rhs.pointer) sink(lhs);
        if (lhs.pointer || rhs.pointer)
            return {IntWidth::unknown, true, "", std::nullopt, std::nullopt};
        return merge(lhs, rhs);
    }

    Value multiply(const CppExpr& expr, const Value& lhs, const Value& rhs) {
        Value result{combine(lhs.width, rhs.width), false, "", std::nullopt, std::nullopt};
        result.product = lhs.product ? lhs.product : rhs.product;
        bool index_left = lhs.taint && rhs.width == IntWidth::narrow;
        bool index_right = !index_left && rhs.taint && lhs.width == IntWidth::narrow;
        if (!index_left && !index_right) return result;
        const CppExpr& index = *expr.operands[index_left ? 0 : 1];
        const CppExpr& other = *expr.operands[index_left ? 1 : 0];
        const Value& other_value = index_left ? rhs : lhs;
        result.product =
            Product{expr.token,     text_of(index),
                    text_of(other), other_value.type.empty() ? "32-bit" : other_value.type,
                    index_left,     *(index_left ? lhs.taint : rhs.taint)};
        return result;
    }

    // ---- index reads --------------------------------------------------------------------

    std::optional<IndexRead> table_named(const CppExpr& expr) const {
        if (expr.kind != CppExpr::Kind::name && expr.kind != CppExpr::Kind::member)
            return std::nullopt;
        auto name = tokens_[expr.token].text;
        if (!is_index_table_name(name, config_)) return std::nullopt;
        return IndexRead{std::string(name), expr.token};
    }

    // table + i
    std::optional<IndexRead> table_plus_offset(const CppExpr& expr) const {
        if (expr.kind != CppExpr::Kind::binary || tokens_[expr.token].text != "+")
            return std::nullopt;
        auto read = table_named(*expr.operands[0]);
        return read ? read : table_named(*expr.operands[1]);
    }

    // table[i], *(table + i), __ldg(&table[i]), __ldg(table + i)
    std::optional<IndexRead> index_read(const CppExpr& expr) const {
        if (expr.kind == CppExpr::Kind::index) return table_named(*expr.operands[0]);
        bool deref = expr.kind == CppExpr::Kind::unary && tokens_[expr.token].text == "*";
        if (deref) return table_plus_offset(*expr.operands[0]);
        if (expr.kind != CppExpr::Kind::call || expr.operands.size() < 2) return std::nullopt;
        const CppExpr& callee = *expr.operands[0];
        if (callee.kind != CppExpr::Kind::name || !tokens_[callee.token].text.starts_with("__ld"))
            return std::nullopt;
        const CppExpr& address = *expr.operands[1];
        bool address_of =
            address.kind == CppExpr::Kind::unary && tokens_[address.token].text == "&";
        if (address_of) return index_read(*address.operands[0]);
        return table_plus_offset(address);
    }

    Value read_value(const IndexRead& read, const CppExpr& expr) {
        for (std::size_t i = 1; i < expr.operands.size(); ++i) eval(*expr.operands[i]);
        const auto* table = lookup(read.table, read.token);
        if (table && aliases_.width_of(table->type) == IntWidth::wide)
            return {IntWidth::wide, false, table->type, std::nullopt, std::nullopt};
        return {IntWidth::narrow, false, table ? table->type : "int", read, std::nullopt};
    }

    // ---- findings -------------------------------------------------------------------------

    void sink(const Value& offset) {
        if (offset.product) report(*offset.product);
    }

    std::string text_of(const CppExpr& expr) const {
        const char* begin = tokens_[expr.first].text.data();
        const auto& last = tokens_[expr.last];
        std::string_view raw(begin,
                             static_cast<std::size_t>(last.text.data() + last.text.size() - begin));
        std::string text;
        for (char c : raw) {
            bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
            if (space && (text.empty() || text.back() == ' ')) continue;
            text += space ? ' ' : c;
        }
        return text;
    }

    void report(const Product& product) {
        if (!reported_.insert(product.op).second) return;
        const Token& op = tokens_[product.op];
        const Token& read = tokens_[product.read.token];
        Finding finding;
        finding.rule = kIndexStrideRule;
        finding.severity = Severity::error;
        finding.path = file_.path;
        finding.line = op.line;
        finding.column = op.column;
        finding.message = "block id '" + product.index_text + "' (read from " + product.read.table +
                          " at line " + std::to_string(read.line) + ") times '" +
                          product.other_text + "' (" + product.other_type +
                          ") is computed in 32 bits: it wraps once offsets pass 2^31 - 1";
        finding.related.push_back(
            RelatedLocation{file_.path, read.line, read.column,
                            "block id read from " + product.read.table + " here"});
        finding.fix_hint = fix_hint(product);
        finding.source_line = std::string(file_.line_text(op.line));
        findings_->push_back(std::move(finding));
    }

    static std::string fix_hint(const Product& product) {
        std::string widened = "static_cast<int64_t>(" + product.index_text + ")";
        return "widen before the multiply: " + (product.index_on_left
                                                    ? widened + " * " + product.other_text
                                                    : product.other_text + " * " + widened);
    }
};

}  // namespace

std::vector<Finding> cuda_index_stride_findings(const SourceFile& file, const AuditTree& tree,
                                                const AuditConfig& config) {
    return cuda_index_stride_findings(file, tree_type_aliases(tree), config);
}

std::vector<Finding> cuda_index_stride_findings(const SourceFile& file,
                                                const TypeAliases& tree_aliases,
                                                const AuditConfig& config) {
    auto tokens = tokenize_cpp(file.text);
    auto brackets = match_brackets(tokens);
    TypeAliases aliases(&tree_aliases);  // the file's own win over the tree's
    add_type_aliases(tokens, aliases);
    std::vector<Finding> findings;
    for (const auto& function : find_functions(tokens, brackets))
        FunctionAnalysis(file, tokens, brackets, aliases, config, function).run(findings);
    std::sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
        return std::tie(a.line, a.column) < std::tie(b.line, b.column);
    });
    return findings;
}

}  // namespace patchbay
