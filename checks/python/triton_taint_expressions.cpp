// Expressions of the Triton taint interpreter: names, arithmetic, casts and the tl.* calls that
// load, store, select or pass a value through.

#include <array>
#include <string_view>

#include "checks/python/triton_taint.hpp"
#include "checks/rules/index_stride_analysis.hpp"

namespace patchbay {
namespace {

std::string_view last_component(const std::string& dotted) {
    auto dot = dotted.rfind('.');
    return dot == std::string::npos ? std::string_view(dotted)
                                    : std::string_view(dotted).substr(dot + 1);
}

// "tl.load" and "triton.language.load" -> "load"; "" for anything outside triton.language.
std::string triton_function(const Expr& callee) {
    std::string name = dotted_name(callee);
    for (std::string_view prefix : {"tl.", "triton.language."})
        if (name.starts_with(prefix) && name.find('.', prefix.size()) == std::string::npos)
            return name.substr(prefix.size());
    return {};
}

bool is_pass_through(std::string_view function) {
    static constexpr std::array<std::string_view, 8> kPassThrough = {
        "multiple_of", "max_contiguous", "broadcast_to", "reshape",
        "expand_dims", "view",           "abs",          "trans"};
    for (auto candidate : kPassThrough)
        if (candidate == function) return true;
    return false;
}

bool is_wide_type(std::string_view type) {
    return type == "int64" || type == "uint64";
}

bool is_narrow_integer(std::string_view type) {
    static constexpr std::array<std::string_view, 6> kNarrow = {"int32",  "uint32", "int16",
                                                                "uint16", "int8",   "uint8"};
    for (auto candidate : kNarrow)
        if (candidate == type) return true;
    return false;
}

}  // namespace

TaintValue TritonInterpreter::eval(const Expr& expr) {
    switch (expr.kind) {
        case ExprKind::name:
            return name(expr);
        case ExprKind::attribute:
            return attribute(expr);
        case ExprKind::call:
            return call(expr);
        case ExprKind::binary:
            return binary(expr);
        case ExprKind::subscript:
            evaluate_children(expr);
            return eval(expr.children[0]);
        case ExprKind::unary:
            if (expr.text == "not") return evaluate_children(expr), TaintValue{};
            return eval(expr.children[0]);
        case ExprKind::tuple:
        case ExprKind::list:
            return sequence(expr);
        case ExprKind::conditional:
            eval(expr.children[1]);
            return join(eval(expr.children[0]), eval(expr.children[2]));
        case ExprKind::named: {
            TaintValue value = eval(expr.children[1]);
            assign(expr.children[0], value);
            return value;
        }
        case ExprKind::keyword:
        case ExprKind::starred:
            return eval(expr.children[0]);
        default:
            evaluate_children(expr);
            return {};
    }
}

// Children are evaluated for what they do (helper calls, loads), their values dropped.
TaintValue TritonInterpreter::evaluate_children(const Expr& expr) {
    for (const auto& child : expr.children) eval(child);
    return {};
}

TaintValue TritonInterpreter::name(const Expr& expr) {
    auto found = env_.find(expr.text);
    TaintValue value = found == env_.end() ? TaintValue{} : found->second;
    bool table_name = is_index_table_name(expr.text, *file_.config);
    if (table_name && !value.origin && value.index_table.empty()) {
        value.pointer = true;
        value.index_table = expr.text;
    }
    return value;
}

TaintValue TritonInterpreter::attribute(const Expr& expr) {
    std::string dotted = dotted_name(expr);
    if (dotted.starts_with("tl.") || dotted.starts_with("triton.")) return {};
    return eval(expr.children[0]);  // x.T, x.dtype: as good as x for our purpose
}

TaintValue TritonInterpreter::sequence(const Expr& expr) {
    TaintValue out;
    for (const auto& child : expr.children) {
        TaintValue item = eval(child);
        out = promote(out, item);
        out.elements.push_back(std::move(item));
    }
    return out;
}

TaintValue TritonInterpreter::binary(const Expr& expr) {
    TaintValue a = eval(expr.children[0]);
    TaintValue b = eval(expr.children[1]);
    const std::string& op = expr.text;
    if (op == "*")
        return multiply(expr.children[0], a, expr.children[1], b, expr.op_line, expr.op_column);
    if (op == "+" || op == "-") return additive(a, b);
    if (op == "//" || op == "%") return promote(a, b);
    TaintValue out = promote(a, b);  // / & | ^ << >> ** @: no longer an index
    out.origin.reset();
    out.pointer = false;
    out.index_table.clear();
    return out;
}

// A pointer plus an offset is an address: products in either side are used.
TaintValue TritonInterpreter::additive(const TaintValue& a, const TaintValue& b) {
    TaintValue out = promote(a, b);
    if (a.pointer || b.pointer) {
        file_.candidates.mark_used(a);
        file_.candidates.mark_used(b);
        out.origin.reset();
    }
    return out;
}

TaintValue TritonInterpreter::multiply(const Expr& left, const TaintValue& a, const Expr& right,
                                       const TaintValue& b, std::int64_t line,
                                       std::int64_t column) {
    TaintValue out = promote(a, b);
    bool left_index = a.is_narrow_index() && !b.wide;
    bool right_index = !left_index && b.is_narrow_index() && !a.wide;
    if (!left_index && !right_index) return out;
    const TaintValue& index = left_index ? a : b;
    if (!index.products.empty()) return out;  // already scaled once: that multiply is the finding
    const Expr& index_expr = left_index ? left : right;
    const Expr& other_expr = left_index ? right : left;
    CandidateProduct candidate;
    candidate.line = line;
    candidate.column = column;
    candidate.index_operand = describe(index_expr);
    candidate.index_is_name = index_expr.kind == ExprKind::name;
    candidate.other_operand = describe(other_expr);
    candidate.other_is_unannotated_parameter = is_unannotated_parameter(other_expr);
    candidate.origin = *index.origin;
    out.products.insert(file_.candidates.add(std::move(candidate)));
    return out;
}

TaintValue TritonInterpreter::call(const Expr& expr) {
    const Expr& callee = expr.children[0];
    std::string function = triton_function(callee);
    if (!function.empty()) return triton_call(function, expr);
    if (callee.kind == ExprKind::attribute) return method_call(expr);
    if (callee.kind == ExprKind::name) {
        if (const FunctionDef* helper = file_.function(callee.text))
            return helper_call(*helper, expr);
    }
    TaintValue out;  // an unknown function: its result still carries what went in
    for (std::size_t i = 1; i < expr.children.size(); ++i)
        out.products.merge(eval(expr.children[i]).products);
    return out;
}

TaintValue TritonInterpreter::triton_call(const std::string& function, const Expr& expr) {
    if (function == "load" || function == "store" || function.starts_with("atomic_"))
        return memory_access(function, expr);
    if (function == "cast") {
        const Expr* value = argument(expr, 0, "input");
        return convert(value ? eval(*value) : TaintValue{}, argument(expr, 1, "dtype"));
    }
    std::vector<TaintValue> values;
    for (std::size_t i = 1; i < expr.children.size(); ++i) values.push_back(eval(expr.children[i]));
    if (function == "where" && values.size() >= 3) return promote(values[1], values[2]);
    if ((function == "maximum" || function == "minimum") && values.size() >= 2)
        return promote(values[0], values[1]);
    if (is_pass_through(function) && !values.empty()) return values[0];
    return {};
}

// tl.load / tl.store / tl.atomic_*: the pointer argument is an address; a load or atomic from
// an index table yields a 32-bit index.
TaintValue TritonInterpreter::memory_access(const std::string& function, const Expr& expr) {
    const Expr* pointer_expr = argument(expr, 0, "pointer");
    TaintValue pointer = pointer_expr ? eval(*pointer_expr) : TaintValue{};
    for (std::size_t i = 1; i < expr.children.size(); ++i)
        if (&expr.children[i] != pointer_expr) eval(expr.children[i]);
    file_.candidates.mark_used(pointer);
    if (function == "store" || pointer.index_table.empty()) return {};
    TaintValue out;
    out.origin = IndexOrigin{pointer.index_table, expr.line, expr.column};
    return out;
}

TaintValue TritonInterpreter::method_call(const Expr& expr) {
    const Expr& callee = expr.children[0];
    TaintValue object = eval(callee.children[0]);
    if (callee.text == "to") return convert(std::move(object), argument(expr, 0, "dtype"));
    for (std::size_t i = 1; i < expr.children.size(); ++i) eval(expr.children[i]);
    return object;  // x.reshape(...), x.broadcast_to(...): the same value, reshaped
}

// `.to(dtype)` and tl.cast: int64 widens, a 32-bit integer type narrows again (an index stays an
// index), anything else (floats) is no longer an index. Products stay: widening a product after
// the multiply does not undo the wrap.
TaintValue TritonInterpreter::convert(TaintValue value, const Expr* dtype) {
    if (!dtype) return value;
    eval(*dtype);
    std::string type(last_component(dotted_name(*dtype)));
    if (is_wide_type(type)) {
        value.wide = true;
    } else if (is_narrow_integer(type)) {
        value.wide = false;
    } else {
        value.origin.reset();
        value.wide = false;
    }
    return value;
}

// The call's argument at `index` (0-based, after the callee) or given as `keyword=`.
const Expr* TritonInterpreter::argument(const Expr& call, std::size_t index,
                                        const char* keyword) const {
    std::size_t positional = 0;
    for (std::size_t i = 1; i < call.children.size(); ++i) {
        const Expr& arg = call.children[i];
        if (arg.kind == ExprKind::keyword && arg.text == keyword) return &arg.children[0];
        if (arg.kind != ExprKind::keyword && arg.kind != ExprKind::starred && positional++ == index)
            return &arg;
    }
    return nullptr;
}

}  // namespace patchbay
