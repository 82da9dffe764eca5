// CuTe DSL expressions of the taint interpreter (issue #15, item 3). A CuTe kernel reads a
// tensor element with a subscript (`cache_idx = h0_indices[i_n]`) and addresses memory with
// coordinates (`h0_source[(cache_idx, i_hv, None, None)]`, `cute.local_tile(t, tiler, coord)`):
// each coordinate is multiplied by the tensor's stride in the coordinate's type, so a 32-bit
// loaded id used as a coordinate is the same bug as `blk * stride_kb` in Triton, with the
// multiply inside the layout. `cutlass.Int64(x)` widens, `cutlass.Int32(x)` narrows again.

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "checks/python/triton_taint.hpp"

namespace patchbay {
namespace {

bool is_slice_or_none(const Expr& expr) {
    return expr.kind == ExprKind::slice || (expr.kind == ExprKind::name && expr.text == "None");
}

// `t[(i, None, None)]` and `t[i, :]` take a sub-tensor; `t[i]` and `t[i, j]` read an element.
bool is_view(const Expr& index) {
    if (is_slice_or_none(index)) return true;
    if (index.kind != ExprKind::tuple) return false;
    for (const auto& item : index.children)
        if (is_slice_or_none(item)) return true;
    return false;
}

// "cutlass.Int64" -> "Int64" for the numeric types of cutlass and cute; "" otherwise.
std::string_view numeric_type(const Expr& callee) {
    return module_member(callee, {"cutlass", "cute"});
}

bool is_wide_numeric(std::string_view type) {
    return type == "Int64" || type == "Uint64";
}

bool is_narrow_numeric(std::string_view type) {
    return type == "Int32" || type == "Uint32" || type == "Int16" || type == "Uint16" ||
           type == "Int8" || type == "Uint8";
}

bool is_other_numeric(std::string_view type) {
    return type.starts_with("Float") || type.starts_with("BFloat") || type == "Boolean";
}

// A tile or a slice of a tensor in global memory: still addressed by coordinates.
TaintValue global_tensor() {
    TaintValue tensor;
    tensor.pointer = true;
    return tensor;
}

}  // namespace

TaintValue TritonInterpreter::cute_subscript(const Expr& expr) {
    const Expr& base = expr.children[0];
    const Expr& index = expr.children[1];
    TaintValue tensor = eval(base);
    if (!tensor.pointer) {  // a register fragment or a Python sequence: not global memory
        eval(index);
        return {};
    }
    std::string name = base.kind == ExprKind::name ? std::string(base.text) : describe(base);
    if (is_view(index)) {
        coordinates(index, name, std::nullopt);
        return global_tensor();
    }
    LoadSite site{expr.line, expr.column};
    coordinates(index, name, site);
    TaintValue out;
    out.origin = IndexOrigin{file_.intern(name), expr.line, expr.column, 0};
    return out;
}

void TritonInterpreter::coordinates(const Expr& coords, const std::string& tensor,
                                    const std::optional<LoadSite>& site) {
    if (coords.kind != ExprKind::tuple) return coordinate(coords, tensor, site);
    for (const auto& item : coords.children) coordinate(item, tensor, site);
}

// One coordinate: a 32-bit loaded id is multiplied by the tensor's stride here.
void TritonInterpreter::coordinate(const Expr& coord, const std::string& tensor,
                                   const std::optional<LoadSite>& site) {
    if (is_slice_or_none(coord)) return eval(coord), void();
    TaintValue value = eval(coord);
    if (is_candidate_index(value) && value.products.empty()) {
        CandidateProduct candidate;
        candidate.line = coord.line;
        candidate.column = coord.column;
        candidate.index_operand = describe(coord);
        candidate.index_is_name = coord.kind == ExprKind::name;
        candidate.other_operand = "the stride of " + tensor;
        candidate.origin = *value.origin;
        candidate.bounded = value.bounded;
        candidate.cute = true;
        value.products.insert(file_.candidates.add(std::move(candidate)));
    }
    auto outer = std::exchange(load_pointer_, site);
    mark_address(value, {});
    load_pointer_ = outer;
}

// cutlass.Int64(x) and friends convert; cute.local_tile / cute.domain_offset address memory
// with their coordinates. Anything else is an ordinary call.
std::optional<TaintValue> TritonInterpreter::cute_call(const Expr& expr) {
    const Expr& callee = expr.children[0];
    std::string_view type = numeric_type(callee);
    if (is_wide_numeric(type) || is_narrow_numeric(type) || is_other_numeric(type)) {
        TaintValue value;
        for (std::size_t i = 1; i < expr.children.size(); ++i) {
            TaintValue arg = eval(expr.children[i]);
            if (i == 1) value = std::move(arg);
        }
        value.wide = is_wide_numeric(type);
        if (is_other_numeric(type)) value.forget_index();
        return value;
    }
    std::string name = dotted_name(callee);
    bool tile = name == "cute.local_tile" || name == "cutlass.cute.local_tile";
    bool offset = name == "cute.domain_offset" || name == "cutlass.cute.domain_offset";
    if (!tile && !offset) return std::nullopt;
    const Expr* tensor_expr = tile ? argument(expr, 0, "input") : argument(expr, 1, "tensor");
    const Expr* coord = tile ? argument(expr, 2, "coord") : argument(expr, 0, "coord");
    TaintValue tensor;
    if (tensor_expr) tensor = eval(*tensor_expr);
    for (std::size_t i = 1; i < expr.children.size(); ++i) {
        const Expr& arg = expr.children[i];
        const Expr& inner = arg.kind == ExprKind::keyword ? arg.children[0] : arg;
        if (&inner == tensor_expr || &inner == coord) continue;
        eval(inner);
    }
    std::string tensor_name = tensor_expr ? describe(*tensor_expr) : std::string("the tensor");
    if (coord && tensor.pointer)
        coordinates(*coord, tensor_name, std::nullopt);
    else if (coord)
        eval(*coord);
    return tensor.pointer ? global_tensor() : TaintValue{};
}

}  // namespace patchbay
