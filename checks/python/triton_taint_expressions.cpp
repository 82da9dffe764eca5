// Expressions of the Triton taint interpreter: names, arithmetic, casts and the tl.* calls that
// load, store, select or pass a value through.

#include <algorithm>
#include <array>
#include <string_view>
#include <utility>

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
// `tl.` itself, the spelling of nearly every call of a kernel, is tested in place.
std::string_view triton_function(const Expr& callee) {
    const bool tl = callee.kind == ExprKind::attribute &&
                    callee.children[0].kind == ExprKind::name &&
                    is_language_root(callee.children[0].text);
    return tl ? callee.text : language_member(callee);
}

// What a tl.* call gives back, of the values of its arguments.
enum class CallValue {
    // A new value: arange, program_id, exp; argmax (a position, not a value); cdiv, a count of
    // blocks (`tl.cdiv(seq_len, BLOCK) * heads` bounds loops in most kernels that load lengths).
    fresh,
    first,        // the first argument's, reshaped or hinted, or one of its elements (max, min)
    accumulated,  // the first argument's summed: still read from memory, no longer bounded
    combined,     // every argument's: clamp, maximum, minimum, join
    selected,     // tl.where: the two values it selects between, not the condition
};

// Whether `word` is among `words`, tested by size and first byte in place: most tl.* names a
// kernel calls (`exp`, `sum`) share a size with several of these and differ at their first
// byte, and std::string_view's == called memcmp for each.
template <std::size_t N>
bool among(std::string_view word, const std::array<std::string_view, N>& words) {
    for (const auto candidate : words)
        if (candidate.size() == word.size() && candidate[0] == word[0] && candidate == word)
            return true;
    return false;
}

CallValue call_value(std::string_view function) {
    // Not tl.sort: what kernels sort is packed keys (`id * BLOCK + lane`), decoded before use.
    static constexpr std::array<std::string_view, 13> kFirst = {
        "multiple_of", "max_contiguous", "broadcast_to", "reshape", "expand_dims", "view", "abs",
        "trans",       "permute",        "ravel",        "flip",    "max",         "min"};
    static constexpr std::array<std::string_view, 3> kAccumulated = {"sum", "cumsum", "xor_sum"};
    static constexpr std::array<std::string_view, 5> kCombined = {"clamp", "maximum", "minimum",
                                                                  "join", "interleave"};
    if (function == "where") return CallValue::selected;
    if (among(function, kFirst)) return CallValue::first;
    if (among(function, kAccumulated)) return CallValue::accumulated;
    if (among(function, kCombined)) return CallValue::combined;
    return CallValue::fresh;
}

// What a tl.* call of `kind` gives back. Its arguments are evaluated in order (for what they do
// too) and each kept only as far as that value needs it: a vector of the values was allocated
// at each call.
TaintValue call_result(TritonInterpreter& interpreter, CallValue kind, const Expr& call) {
    const std::size_t count = call.children.size() - 1;
    const bool selected = kind == CallValue::selected;
    TaintValue out;
    const std::size_t first = selected ? 1 : 0;
    for (std::size_t i = 0; i < count; ++i) {
        const Expr& argument = call.children[i + 1];
        // tl.where without both values: nothing kept.
        const bool kept = !(selected && count < 3) && (i == first || (selected && i == 2) ||
                                                       (!selected && kind == CallValue::combined));
        if (!kept) {
            interpreter.evaluate_for_effects(argument);
            continue;
        }
        TaintValue value = interpreter.eval(argument);
        if (i == first)
            out = std::move(value);
        else
            out = promote(out, value);
    }
    if (kind == CallValue::accumulated) out.bounded = false;
    return out;
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

// The first name of a chain of names and attributes (`tl` of `tl.float32`), "" when the chain
// holds anything else (a call, a subscript).
std::string_view attribute_chain_root(const Expr& expr) {
    if (expr.kind == ExprKind::name) return expr.text;
    return expr.kind == ExprKind::attribute ? attribute_chain_root(expr.children[0])
                                            : std::string_view();
}

// `(T // BT) * BT`: the dividend rounded down to a multiple of the divisor, never above it, so
// the product is no larger than a value the kernel already holds.
bool rounds_down(const Expr& index, const Expr& other) {
    if (index.kind != ExprKind::binary || index.text != "//") return false;
    const Expr& divisor = index.children[1];
    return divisor.kind == other.kind &&
           (other.kind == ExprKind::name || other.kind == ExprKind::number) &&
           divisor.text == other.text;
}

// The kernel's own id, or a value that stands in for it: a tile taken from a table in one branch
// where the other keeps the program id.
bool acts_as_program_id(const TaintValue& v) {
    return v.from_program_id && (!v.from_memory || v.stands_for_program_id);
}

// Whether evaluating `expr` gives a value and does nothing else: a name, a literal, an attribute
// of those (attribute() reads the object, or nothing for tl.* and triton.*).
bool only_reads(const Expr& expr) {
    switch (expr.kind) {
        case ExprKind::name:
        case ExprKind::number:
        case ExprKind::string:
            return true;
        case ExprKind::attribute:
            return only_reads(expr.children[0]);
        default:
            return false;
    }
}

}  // namespace

bool points_to_wide_integers(const Expr& type) {
    if (type.kind != ExprKind::call || type.children.size() < 2) return false;
    const auto member = language_member(type.children[0]);
    if (member != "pointer_type" && member != "const_pointer_type") return false;
    return is_wide_type(last_component(dotted_name(type.children[1])));
}

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
            if (def_.dialect == KernelDialect::cute) return cute_subscript(expr);
            return subscript(expr);
        case ExprKind::unary:
            if (expr.text == "not") return evaluate_children(expr);
            return eval(expr.children[0]);
        case ExprKind::tuple:
        case ExprKind::list:
            return sequence(expr);
        case ExprKind::compare:
            return compare(expr);
        case ExprKind::conditional:
            evaluate_for_effects(expr.children[1]);
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
            return evaluate_children(expr);
    }
}

// `offs[:, None]`: the base's value, read after the indices (which may bound it: `offs[offs <
// N]`). The base is evaluated before them too, for what it does; a name does nothing when read,
// and is read once.
TaintValue TritonInterpreter::subscript(const Expr& expr) {
    const Expr& base = expr.children[0];
    if (base.kind != ExprKind::name) eval(base);
    for (std::size_t i = 1; i < expr.children.size(); ++i) evaluate_for_effects(expr.children[i]);
    return eval(base);
}

// `o_d < D` with D a tl.constexpr: the kernel masks those lanes to a compile-time bound, so the
// program id's column `o_d` is bounded like `x % D` (an offset inside a row, not a row). Two
// names or numbers (`o_d < D`, most comparisons of a kernel) are read in place, not copied.
TaintValue TritonInterpreter::compare(const Expr& expr) {
    const Expr& left = expr.children[0];
    const Expr& right = expr.children[1];
    const TaintValue* a_in_place = read_in_place(left);
    const TaintValue* b_in_place = a_in_place ? read_in_place(right) : nullptr;
    if (a_in_place && b_in_place) {
        bound_lanes(expr, *a_in_place, *b_in_place);
    } else {
        const TaintValue a = eval(left);
        bound_lanes(expr, a, eval(right));
    }
    return {};
}

// The lanes `o_d` of `o_d < D` (values `a` and `b`) bounded, as compare() says.
void TritonInterpreter::bound_lanes(const Expr& expr, const TaintValue& a, const TaintValue& b) {
    const Expr& left = expr.children[0];
    bool below = expr.text == "<" || expr.text == "<=";
    const Expr& lanes = left.kind == ExprKind::subscript ? left.children[0] : left;
    if (below && b.constant && lanes.kind == ExprKind::name && acts_as_program_id(a) && a.lanes) {
        if (TaintValue* held = env_.find(lanes.text)) held->bounded = true;
    }
}

// Evaluated for what it does (helper calls, loads, `:=`), its value dropped. Reading a name,
// a literal or an attribute of names (`tl.float32`, `x.T`) does nothing: it is skipped, where
// its value was looked up and copied to be thrown away.
void TritonInterpreter::evaluate_for_effects(const Expr& expr) {
    const Expr& inner = expr.kind == ExprKind::keyword ? expr.children[0] : expr;
    if (!only_reads(inner)) eval(inner);
}

// Children are evaluated for what they do (helper calls, loads), their values dropped.
TaintValue TritonInterpreter::evaluate_children(const Expr& expr) {
    for (const auto& child : expr.children) evaluate_for_effects(child);
    return {};
}

TaintValue TritonInterpreter::name(const Expr& expr) {
    const TaintValue* found = env_.find(expr.text);
    TaintValue value = found ? *found : TaintValue{};
    // The name is matched last, only for a value without an origin or a table: the cheap tests
    // first.
    if (!value.origin && value.index_table.empty() && file_.table_names->matches(expr.text)) {
        value.pointer = true;
        value.index_table = expr.text;
    }
    return value;
}

TaintValue TritonInterpreter::attribute(const Expr& expr) {
    const std::string_view root = attribute_chain_root(expr.children[0]);
    if (is_language_root(root) || root == "triton") return {};
    return eval(expr.children[0]);  // x.T, x.dtype: as good as x for our purpose
}

// A tuple is the promotion of its items, and keeps each item for unpacking (`i_v, i_bh =
// tl.program_id(0), tl.program_id(2)` gives each name its own value).
TaintValue TritonInterpreter::sequence(const Expr& expr) {
    TaintValue out;
    TupleItems<TaintValue> items;
    for (const auto& child : expr.children) {
        items.push_back(eval(child));
        out = promote(out, items.back());
    }
    out.elements = std::move(items);
    return out;
}

// A right operand that is a name or a number (most are: `pid * BLOCK`, `offs + 1`) is read in
// place rather than copied; it is evaluated after the left one, so nothing changes under it.
// So is a left one when the right one is read in place too (`pid * BLOCK`): evaluating neither
// changes the environment, and arithmetic() does not either.
TaintValue TritonInterpreter::binary(const Expr& expr) {
    const Expr& left = expr.children[0];
    const Expr& right = expr.children[1];
    const auto op = [&](const TaintValue& a, const TaintValue& b) {
        return arithmetic(expr.text, {left, a, right, b, expr.op_line, expr.op_column});
    };
    const auto plain = [](const Expr& operand) {
        return operand.kind == ExprKind::name || operand.kind == ExprKind::number;
    };
    if (plain(left) && plain(right)) {
        const TaintValue* a_in_place = read_in_place(left);
        const TaintValue* b_in_place = a_in_place ? read_in_place(right) : nullptr;
        if (b_in_place) return op(*a_in_place, *b_in_place);
    }
    const TaintValue a = eval(left);
    if (const TaintValue* b = read_in_place(right)) return op(a, *b);
    return op(a, eval(right));
}

// What eval() would give for a number or a name, without a copy; null where it builds a new
// value (a name not bound, or one that names an index table).
const TaintValue* TritonInterpreter::read_in_place(const Expr& expr) const {
    static const TaintValue kNumber;  // a literal carries nothing
    if (expr.kind == ExprKind::number) return &kNumber;
    if (expr.kind != ExprKind::name) return nullptr;
    const TaintValue* held = env_.find(expr.text);
    const bool renamed =
        held && !held->origin && held->index_table.empty() && file_.table_names->matches(expr.text);
    return renamed ? nullptr : held;
}

TaintValue TritonInterpreter::arithmetic(std::string_view op, const Operands& operands) {
    const TaintValue& a = operands.a;
    const TaintValue& b = operands.b;
    // `x << k` scales like `x * 2^k`; `x >> k` divides like `x // 2^k`.
    if (op == "*" || op == "<<") return multiply(operands);
    if (op == "-" && is_segment_length(a, b)) return {};
    if (op == "+" || op == "-") return additive(a, b);
    if (op == "//" || op == ">>") return quotient(a, b);
    if (op == "%" && wraps_rows(a, b)) return promote(a, b);
    if (op == "%" || op == "&") return bounded(promote(a, b));
    TaintValue out = promote(a, b);  // / | ^ ** @: no longer an index
    out.forget_index();
    out.pointer = false;
    out.index_table = {};
    return out;
}

// `value` is part of an address: the products in it are used (in the pointer of the load being
// evaluated, if any), and the load it came from is a table lookup.
void TritonInterpreter::mark_address(const TaintValue& value, std::string_view tensor, bool final,
                                     bool pool, bool strided) {
    // Most terms of an address carry neither (the pointer, a lane range): no call for them.
    if (value.products.empty() && !value.origin && value.elements.empty()) return;
    file_.candidates.mark_used(value, load_pointer_, tensor, final, pool, strided);
    file_.candidates.mark_index_load(value);
}

// `row // n`: the dividend's index, scaled down; the divisor says nothing of its source.
TaintValue TritonInterpreter::quotient(const TaintValue& a, const TaintValue& b) {
    TaintValue out = promote(a, b);
    if (!a.origin) return out;
    out.origin = a.origin;
    out.bounded = a.bounded;
    out.from_memory = a.from_memory;
    out.from_program_id = a.from_program_id;
    return out;
}

// `tl.load(B_seq_len + b + 1) - tl.load(B_seq_len + b)`, two loads of one table of offsets
// apart: a segment's length, a size rather than an index (aiter's Gluon MLA decode).
bool TritonInterpreter::is_segment_length(const TaintValue& a, const TaintValue& b) {
    return a.origin && b.origin && a.from_memory && b.from_memory && !a.lanes && !b.lanes &&
           a.origin->table == b.origin->table &&
           (a.origin->line != b.origin->line || a.origin->column != b.origin->column);
}

// `(pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M`, the rows of a tile folded into the matrix
// (Triton's matmul tutorial; FlagGems' mm, fixed by PR 1190 with `.to(tl.int64)`): still rows,
// as many as the tensor has, not an offset inside a block. Only a program id's lanes modulo a
// runtime size: a scalar id modulo one (`pid % num_heads`) is a head, a slot modulo a block
// size an offset inside the block.
bool TritonInterpreter::wraps_rows(const TaintValue& rows, const TaintValue& size) {
    return rows.lanes && rows.from_program_id && !rows.from_memory && !rows.bounded &&
           !size.constant && !size.origin && !size.lanes;
}

// `slot % block_size`, `x & (N - 1)`: at most the other operand, an offset inside a block.
TaintValue TritonInterpreter::bounded(TaintValue value) {
    if (value.origin) value.bounded = true;
    return value;
}

bool TritonInterpreter::selects_block(const TaintValue& term) {
    return term.from_memory && !term.from_program_id && !term.pointer;
}

// A pointer plus an offset is an address: products in either side are used. A program id times
// the last factor of a 64-bit row term beside it (`tl.cast(i_n, tl.int64) * D * W + o_d[:, None]
// * W`, flash-linear-attention PR 783) is a column inside that row, below its stride.
TaintValue TritonInterpreter::additive(const TaintValue& a, const TaintValue& b) {
    if (a.wide && file_.candidates.holds_column_of(b, a.wide_factor)) {
        TaintValue columns = b;
        file_.candidates.drop_columns_of(columns, a.wide_factor);
        return additive(a, columns);
    }
    if (b.wide && file_.candidates.holds_column_of(a, b.wide_factor)) {
        TaintValue columns = a;
        file_.candidates.drop_columns_of(columns, b.wide_factor);
        return additive(columns, b);
    }
    TaintValue out = promote(a, b);
    if (a.pointer || b.pointer) {
        const std::string_view tensor = a.pointer ? a.pointer_name : b.pointer_name;
        mark_address(a, tensor, false);
        mark_address(b, tensor, false);
        out.forget_index();
    }
    // A term read from memory alone (`blk * stride_kb`, not `bos + i_t * BT`: a position)
    // selects a block; the other terms of the sum are offsets inside it.
    out.pool = out.pool || selects_block(a) || selects_block(b);
    return out;
}

TaintValue TritonInterpreter::multiply(const Operands& operands) {
    const auto& [left, a, right, b, line, column] = operands;
    TaintValue out = promote(a, b);
    out.strided = out.strided || scales_by_runtime(a, b);
    if (out.wide && right.kind == ExprKind::name) out.wide_factor = right.text;
    // `H * V * K`: a product of compile-time sizes spans several dimensions, a stride.
    out.constant_stride = a.constant && b.constant && !a.lanes && !b.lanes;
    bool left_index = is_candidate_index(a) && !b.wide;
    bool right_index = is_candidate_index(b) && !a.wide;
    // A value read from memory is the index over a program id: its reach, a pool's, decides.
    if (left_index && right_index && !a.from_memory && b.from_memory) left_index = false;
    right_index = right_index && !left_index;
    if (!left_index && !right_index) return out;
    const TaintValue& index = left_index ? a : b;
    // Already scaled once (`pid_c * chunk_size * stride`): that multiply is the finding, and
    // widening its index makes the rest of the chain 64-bit too.
    const TaintValue& other = left_index ? b : a;
    const bool of_memory = index.from_memory && !index.lanes && !index.stands_for_program_id;
    if (file_.candidates.holds_product(index, of_memory) ||
        file_.candidates.holds_product(other, of_memory))
        return out;
    const Expr& index_expr = left_index ? left : right;
    const Expr& other_expr = left_index ? right : left;
    // `i_t * 16`: a small literal scales an index (a tile, a lane count) rather than striding
    // over a pool; the scaled value stays an index and its product with a stride is the one
    // that wraps. `blk * 4096` is a stride.
    if (other_expr.kind == ExprKind::number && is_small_literal(other_expr.text)) return out;
    if (rounds_down(index_expr, other_expr)) return out;
    CandidateProduct candidate;
    // Scaled again at once (`i_t * H * K * V`): the constants make a stride over several
    // dimensions, and the product an element offset.
    const bool chained = index_expr.kind == ExprKind::binary && index_expr.text == "*";
    candidate.scaled_row = !chained && scales_program_id(index, other_expr, other);
    candidate.scaled_at_line = file_.candidates.scaled_row_line(index);
    candidate.assigned_at_line = index.assigned_line;
    if (index.from_memory) candidate.sum_started_at_line = index.sum_start_line;
    if (other_expr.kind == ExprKind::name) candidate.other_defined_at_line = other.defined_line;
    if (index_expr.kind == ExprKind::name && index.from_program_id && !index.from_memory &&
        index.origin && index.defined_line != index.origin->line)
        candidate.index_defined_at_line = index.defined_line;
    candidate.index_lanes = index.lanes;
    candidate.line = line;
    candidate.column = column;
    candidate.index_expr = &index_expr;
    // `blk` and `blk[:, None]` are widened where `blk` is assigned.
    candidate.index_is_name =
        index_expr.kind == ExprKind::name ||
        (index_expr.kind == ExprKind::subscript && index_expr.children[0].kind == ExprKind::name);
    candidate.other_expr = &other_expr;
    candidate.other_is_unannotated_parameter = is_unannotated_parameter(other_expr);
    if (candidate.other_is_unannotated_parameter)
        candidate.other_parameter_line = def_.parameter(other_expr.text)->line;
    candidate.origin = *index.origin;
    candidate.bounded = index.bounded;
    // A loaded start plus the rows a program handles (`q_start + offs_m`) is a position in a
    // tensor of rows: its reach is that tensor's size. A read id offset by a scalar program id
    // (`blk + lb`) stays a block id.
    candidate.tensor_reach = index.from_program_id && (!index.from_memory || index.lanes);
    candidate.from_memory = index.from_memory;
    // A row number multiplied again is an element offset there: that multiply is the finding.
    file_.candidates.drop_scaled_rows(out);
    out.products.insert(file_.candidates.add(std::move(candidate)));
    return out;
}

// A row term: a product with a runtime factor other than a program id's own scaling (`pid *
// BLOCK_M` is a row number, `row * stride` and `bos * H` are rows of elements).
bool TritonInterpreter::scales_by_runtime(const TaintValue& a, const TaintValue& b) {
    auto row_number = [](const TaintValue& v) { return acts_as_program_id(v) && !v.wide; };
    if (a.constant && b.constant) return false;
    return !((a.constant && row_number(b)) || (b.constant && row_number(a)));
}

// `pid * BLOCK_M`, `i_t * D`: a program id times a compile-time constant. Multiplied again by a
// stride (`offs_m * stride_am`), it was a row or tile number and the later multiply is the
// finding; added to a pointer as it is (`x += i_t * D`), it is an element offset itself. A
// value read from memory keeps today's rule (`blk * PAGE_SIZE` is a pool offset), unless it
// stands for the program id (a varlen chunk, `i_t * BT`): a row number too, so that the rows
// built from it are reported by the tensor's reach where a stride multiplies them. Added to an
// address as it is, its product is still a read value's.
bool TritonInterpreter::scales_program_id(const TaintValue& index, const Expr& other_expr,
                                          const TaintValue& other) const {
    if (!acts_as_program_id(index)) return false;
    // Times a stride built of constants (`i_t * stride_h`, stride_h = H * V * K) it is an
    // element offset already, like a product with a runtime stride.
    if (other.constant_stride) return false;
    return other.constant || other_expr.kind == ExprKind::number;
}

// A 32-bit loaded value whose product can wrap: not bounded by a block, unless the configured
// geometry makes a single block larger than 2^31 - 1 elements.
bool TritonInterpreter::is_candidate_index(const TaintValue& value) const {
    return value.is_narrow_index() && (!value.bounded || file_.bounded_values_can_wrap);
}

TaintValue TritonInterpreter::call(const Expr& expr) {
    if (def_.dialect == KernelDialect::cute)
        if (auto value = cute_call(expr)) return *value;
    const Expr& callee = expr.children[0];
    std::string_view function = triton_function(callee);
    if (!function.empty()) return triton_call(function, expr);
    if (is_gluon_memory_op(callee)) return gluon_memory(callee.text, expr);
    // A Triton or Gluon jit method of the file (tokenspeed's Gluon aggregates:
    // `program.issue_kv_load(buf, program.Kv_c_cache, offs, mask)` builds the address inside the
    // method). CuTe DSL classes are left: their `self.tiler[…]` members are no tensors.
    if (callee.kind == ExprKind::attribute && def_.dialect == KernelDialect::triton)
        if (const FunctionDef* method = file_.function(callee.text);
            method && method->dialect == KernelDialect::triton && !method->parameters.empty() &&
            method->parameters[0].name == "self") {
            const TaintValue object = eval(callee.children[0]);
            return helper_call(*method, expr, &object);
        }
    if (callee.kind == ExprKind::attribute) return method_call(expr);
    if (callee.kind == ExprKind::name) {
        if (const FunctionDef* helper = file_.function(callee.text))
            return helper_call(*helper, expr);
    }
    // An unknown function: its result still carries what went in. Handed the program id (aiter's
    // `pid_m, pid_n = pid_grid(pid, num_pid_m, num_pid_n, GROUP_SIZE_M=8)`, imported from a
    // module of its own), it returns the tile that id stands for: an id of the same reach.
    TaintValue out;
    for (std::size_t i = 1; i < expr.children.size(); ++i) {
        TaintValue argument = eval(expr.children[i]);
        out.products.insert(argument.products);
        if (!out.origin && callee.kind == ExprKind::name && plain_program_id(argument)) {
            out.origin = argument.origin;
            out.from_program_id = true;
        }
    }
    return out;
}

TaintValue TritonInterpreter::triton_call(std::string_view function, const Expr& expr) {
    if (function == "load" || function == "store" || function.starts_with("atomic_"))
        return memory_access(function, expr);
    if (function == "make_block_ptr" || function == "advance") return block_pointer(function, expr);
    if (function == "cast") {
        const Expr* value = argument(expr, 0, "input");
        return convert(value ? eval(*value) : TaintValue{}, argument(expr, 1, "dtype"));
    }
    if (function == "program_id") return program_id(expr);
    // `tl.full([], KBlockSize * (KV_CDim + KV_PeDim), dtype=tl.int64)`: the value, of that type
    // (aiter PR 3245 widened its strides so).
    if (function == "full") {
        const Expr* shape = argument(expr, 0, "shape");
        if (shape) evaluate_for_effects(*shape);
        const Expr* value = argument(expr, 1, "value");
        return convert(value ? eval(*value) : TaintValue{}, argument(expr, 2, "dtype"));
    }
    if (function == "arange") {
        evaluate_children_after_callee(expr);
        TaintValue lanes;
        lanes.constant = true;  // 0 .. BLOCK: bounded by a tl.constexpr
        lanes.lanes = true;
        return lanes;
    }
    const CallValue kind = call_value(function);
    // Arguments are evaluated for what they do (helper calls, loads) even when dropped.
    if (kind == CallValue::fresh) return evaluate_children_after_callee(expr);
    return call_result(*this, kind, expr);
}

TaintValue TritonInterpreter::evaluate_children_after_callee(const Expr& call) {
    for (std::size_t i = 1; i < call.children.size(); ++i) evaluate_for_effects(call.children[i]);
    return {};
}

// tl.program_id(axis): the kernel's own id, a 32-bit value as large as the grid.
TaintValue TritonInterpreter::program_id(const Expr& expr) {
    evaluate_children_after_callee(expr);
    TaintValue id;
    id.origin = IndexOrigin{kProgramId, expr.line, expr.column, expr.end_line};
    id.from_program_id = true;
    return id;
}

// tl.load / tl.store / tl.atomic_*: the pointer argument is an address; what a load or an
// atomic returns is an integer read from memory, a possible index, whatever the pointer is
// called (a float that is never used in an address never makes a finding).
TaintValue TritonInterpreter::memory_access(std::string_view function, const Expr& expr) {
    const Expr* pointer_expr = argument(expr, 0, "pointer");
    std::optional<LoadSite> site;
    if (function == "load") site = LoadSite{expr.line, expr.column};
    auto outer = std::exchange(load_pointer_, site);
    TaintValue pointer = pointer_expr ? eval(*pointer_expr) : TaintValue{};
    mark_address(pointer, pointer.pointer_name, true, pointer.pool, pointer.strided);
    load_pointer_ = outer;
    for (std::size_t i = 1; i < expr.children.size(); ++i)
        if (&expr.children[i] != pointer_expr) evaluate_for_effects(expr.children[i]);
    if (function == "store") return {};
    TaintValue out;
    out.origin =
        IndexOrigin{loaded_from(pointer_expr, pointer), expr.line, expr.column, expr.end_line};
    out.from_memory = true;
    out.wide = pointer.wide_elements;
    return out;
}

// Gluon's target memory operations, under `gl.amd.*` and `gl.nvidia.*`: buffer loads and stores
// (a base pointer and 32-bit offsets), copies into shared memory, and loads back out of it.
bool TritonInterpreter::is_gluon_memory_op(const Expr& callee) {
    static constexpr std::array<std::string_view, 6> kOps = {
        "buffer_load",           "buffer_store",        "buffer_load_to_shared",
        "global_load_to_shared", "load_shared_relaxed", "global_load"};
    return callee.kind == ExprKind::attribute && attribute_chain_root(callee) == "gl" &&
           std::ranges::find(kOps, callee.text) != kOps.end();
}

// `gl.amd.cdna4.buffer_load(ptr, offsets)`, `…async_copy.buffer_load_to_shared(dest, ptr,
// offsets)`, `…global_load_to_shared(dest, ptr + offs)`, `…buffer_store(value, ptr, offsets)`:
// the offsets (or the pointer expression) are an address of the pointer's tensor. A load's value,
// from global memory or out of a shared buffer a copy filled (`…load_shared_relaxed(buf,
// layout)`, tokenspeed's and aiter's MLA decode read their page numbers so), is a value read from
// memory, as tl.load's is.
TaintValue TritonInterpreter::gluon_memory(std::string_view op, const Expr& expr) {
    const bool from_shared = op == "load_shared_relaxed";
    const bool into_shared = op.ends_with("_to_shared");
    const bool returns = op == "buffer_load" || op == "global_load" || from_shared;
    // Positional or by keyword (`buffer_store(x, ptr=out, offsets=…)`, aiter's MQA logits).
    const std::size_t pointer_at = into_shared || op == "buffer_store" ? 1 : 0;
    const Expr* pointer_expr = from_shared ? nullptr : argument(expr, pointer_at, "ptr");
    const Expr* offsets_expr = op.starts_with("buffer_") && !from_shared
                                   ? argument(expr, pointer_at + 1, "offsets")
                                   : nullptr;
    const std::string_view tensor =
        pointer_expr ? loaded_from(pointer_expr, TaintValue{}) : "memory";
    for (std::size_t i = 1; i < expr.children.size(); ++i) {
        const Expr& arg = expr.children[i];
        const Expr& given = arg.kind == ExprKind::keyword ? arg.children[0] : arg;
        if (&given != pointer_expr && &given != offsets_expr) {
            evaluate_for_effects(given);
            continue;
        }
        TaintValue value = eval(given);
        auto outer = std::exchange(load_pointer_, std::nullopt);
        mark_address(value, tensor, true, value.pool, value.strided);
        load_pointer_ = outer;
    }
    if (!returns) return {};
    const Expr* source = from_shared && expr.children.size() > 1 ? &expr.children[1] : pointer_expr;
    TaintValue out;
    out.origin = IndexOrigin{source ? file_.intern(describe(source_base(*source))) : "memory",
                             expr.line, expr.column, expr.end_line};
    out.from_memory = true;
    return out;
}

// `bufs_page.index(0).slice(…)` -> `bufs_page`: the buffer a shared-memory view is of.
const Expr& TritonInterpreter::source_base(const Expr& expr) {
    const Expr* base = &expr;
    while ((base->kind == ExprKind::call || base->kind == ExprKind::attribute ||
            base->kind == ExprKind::binary || base->kind == ExprKind::subscript) &&
           !base->children.empty())
        base = &base->children[0];
    return *base;
}

// The name a load is reported by: the configured index table it reads, else the leftmost name
// of its pointer expression (`bt_ptr` in `tl.load(bt_ptr + req * stride + i)`).
std::string_view TritonInterpreter::loaded_from(const Expr* pointer_expr,
                                                const TaintValue& pointer) {
    if (!pointer.index_table.empty()) return pointer.index_table;
    const Expr* base = pointer_expr;
    while (base && (base->kind == ExprKind::binary || base->kind == ExprKind::subscript) &&
           !base->children.empty())
        base = &base->children[0];
    if (base && base->kind == ExprKind::name) return base->text;
    return pointer_expr ? file_.intern(describe(*pointer_expr)) : "memory";
}

// tl.make_block_ptr(base, shape, strides, offsets, ...) and tl.advance(ptr, offsets): the base
// and the offsets end up in an address (Triton multiplies each offset by its 64-bit stride, so
// a loaded id given as an offset is fine; a 32-bit product computed before is not).
TaintValue TritonInterpreter::block_pointer(std::string_view function, const Expr& expr) {
    bool make = function == "make_block_ptr";
    const Expr* base = argument(expr, 0, "base");
    const Expr* offsets = argument(expr, make ? 3 : 1, "offsets");
    TaintValue pointer;
    for (std::size_t i = 1; i < expr.children.size(); ++i) {
        const Expr& arg = expr.children[i];
        const Expr& inner = arg.kind == ExprKind::keyword ? arg.children[0] : arg;
        TaintValue value = eval(inner);
        const Expr* shape = make ? argument(expr, 1, "shape") : nullptr;
        const Expr* strides = make ? argument(expr, 2, "strides") : nullptr;
        if (&inner == offsets && shape && strides) drop_row_numbers(value, inner, *shape, *strides);
        if (&inner == base || &inner == offsets) {
            auto outer = std::exchange(load_pointer_, std::nullopt);
            mark_address(value, {}, true, value.pool, value.strided);
            load_pointer_ = outer;
        }
        if (&inner == base) pointer = std::move(value);
    }
    pointer.forget_index();
    pointer.pointer = true;
    return pointer;
}

// A block coordinate that is a program id's row or tile number (`(i_t * BT, 0)`) is multiplied
// by its 64-bit stride inside Triton: by itself it wraps only once its dimension passes 2^31
// (tokens of a sequence, a compile-time size). A dimension of runtime size and stride 1
// (`(n_elements,)`, `[n_elements, 1]` with strides `[1, 1]`) is a flat view whose coordinate
// counts the tensor's elements: kept, for the program id's own rows.
void TritonInterpreter::drop_row_numbers(TaintValue& value, const Expr& offsets, const Expr& shape,
                                         const Expr& strides) const {
    const std::size_t n = offsets.children.size();
    const bool tuples = offsets.kind == ExprKind::tuple || offsets.kind == ExprKind::list;
    const bool same = shape.children.size() == n && strides.children.size() == n;
    if (!tuples || !same || value.elements.size() != n) return;
    value.products.clear();
    for (std::size_t i = 0; i < n; ++i) {
        TaintValue& coordinate = value.elements[i];
        const Expr& stride = strides.children[i];
        const bool unit = stride.kind == ExprKind::number && stride.text == "1";
        // A varlen tile (`i_t` read from chunk_indices) counts rows of one sequence, whose start
        // the base already holds: never a flat view's element.
        if (compile_time(shape.children[i], {}) || !unit || coordinate.stands_for_program_id)
            file_.candidates.drop_scaled_rows(coordinate);
        value.products.insert(coordinate.products);
    }
}

TaintValue TritonInterpreter::method_call(const Expr& expr) {
    const Expr& callee = expr.children[0];
    TaintValue object = eval(callee.children[0]);
    if (callee.text == "to" || callee.text == "cast")  // x.to(tl.int64), x.cast(tl.int64)
        return convert(std::move(object), argument(expr, 0, "dtype"));
    for (std::size_t i = 1; i < expr.children.size(); ++i) evaluate_for_effects(expr.children[i]);
    return object;  // x.reshape(...), x.broadcast_to(...): the same value, reshaped
}

// `.to(dtype)` and tl.cast: int64 widens, a 32-bit integer type narrows again (an index stays an
// index), anything else (floats) is no longer an index. Products stay: widening a product after
// the multiply does not undo the wrap.
TaintValue TritonInterpreter::convert(TaintValue value, const Expr* dtype) {
    if (!dtype) return value;
    evaluate_for_effects(*dtype);
    if (points_to_wide_integers(*dtype)) {  // a pointer cast: an address, its loads 64-bit
        value.pointer = true;
        value.wide_elements = true;
        return value;
    }
    std::string type(last_component(dotted_name(*dtype)));
    if (is_wide_type(type)) {
        value.wide = true;
    } else if (is_narrow_integer(type)) {
        value.wide = false;
    } else {
        value.forget_index();
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
