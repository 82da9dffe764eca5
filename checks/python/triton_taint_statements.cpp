// Statements and calls of the Triton taint interpreter: parameters, assignments in order,
// branches and loops joined, helper calls interpreted with the caller's argument values.

#include <algorithm>

#include "checks/python/triton_taint.hpp"
#include "checks/rules/index_stride_analysis.hpp"

namespace patchbay {
namespace {

// Times a loop body runs so that values carried around the loop reach a fixed point; the
// lattice is tiny (a few booleans per name), two passes cover `x = x + load` chains.
constexpr int kLoopPasses = 2;

// The triton.language type a parameter is annotated with: "int64" for `x: tl.int64`, "" when
// there is none. Read off the tree: a dotted string per parameter was built at every call.
std::string_view triton_annotation(const Parameter& param) {
    if (!param.annotation) return {};
    const Expr& annotation = *param.annotation;
    // `BLOCK: "tl.constexpr"`: a string annotation spells the same type.
    if (annotation.kind != ExprKind::string || annotation.text.size() < 2)
        return language_member(annotation);
    std::string_view name = annotation.text.substr(1, annotation.text.size() - 2);
    for (std::string_view module : {"tl.", "triton.language.", "gl."})
        if (name.starts_with(module)) return name.substr(module.size());
    return {};
}

// A CuTe DSL parameter that is a tensor in global memory: annotated `cute.Tensor`, or not
// annotated at all (a Constexpr or a scalar is annotated as one).
bool is_global_tensor(const Parameter& param) {
    if (!param.annotation) return true;
    return dotted_name(*param.annotation).ends_with("Tensor");
}

bool has_pointer_name(std::string_view name) {
    return name == "ptr" || name.ends_with("_ptr") || name.ends_with("_ptrs") ||
           name.ends_with("Ptr");
}

// The leftmost name of `P + a - b`, `P[...]`: the base a pointer expression starts from.
const Expr* pointer_base(const Expr& expr) {
    if (expr.kind == ExprKind::name) return &expr;
    bool additive = expr.kind == ExprKind::binary && (expr.text == "+" || expr.text == "-");
    if (additive || expr.kind == ExprKind::subscript) return pointer_base(expr.children[0]);
    return nullptr;
}

// `tl.range`, `triton.language.static_range`: a member of triton.language.
bool triton_member(const Expr& callee) {
    return !language_member(callee).empty();
}

// The names passed as the pointer of tl.load/tl.store/tl.atomic_* (`tl.load(K + offs)`), among
// which bind_parameters() finds the parameters (asking the function of each name cost more).
// Views of the tree's names, repeated once per use: a kernel has a handful, and a set of strings
// allocated a node and a string for each. Into `names`, emptied first: the file's list, whose
// room is kept from one function to the next.
void names_used_as_pointers(const FunctionDef& def, std::vector<std::string_view>& names) {
    names.clear();
    for (const Expr& call : def.calls) {
        if (call.children.size() < 2) continue;
        // `tl.load`, `tl.store`, `tl.atomic_*`, read off the tree (no dotted string per call).
        const Expr& callee = call.children[0];
        const std::string_view member = callee.text;
        bool memory = callee.kind == ExprKind::attribute &&
                      callee.children[0].kind == ExprKind::name &&
                      is_language_root(callee.children[0].text) &&
                      (member == "load" || member == "store" || member.starts_with("atomic_"));
        const Expr* base = memory ? pointer_base(call.children[1]) : nullptr;
        if (base) names.push_back(base->text);
    }
}

}  // namespace

void TritonInterpreter::bind_parameters(TaintEnv arguments) {
    names_used_as_pointers(def_, file_.pointer_names);
    const auto& pointer_names = file_.pointer_names;
    for (const auto& param : def_.parameters) {
        TaintValue* given = arguments.find(param.name);
        TaintValue value = given ? std::move(*given) : TaintValue{};
        const std::string_view type = triton_annotation(param);
        if (type == "int64" || type == "uint64") value.wide = true;
        if (type == "constexpr") value.constant = true;
        if (param.annotation && points_to_wide_integers(*param.annotation)) {
            value.pointer = true;
            value.wide_elements = true;
            if (value.pointer_name.empty()) value.pointer_name = param.name;
        }
        if (has_pointer_name(param.name) ||
            std::ranges::find(pointer_names, param.name) != pointer_names.end()) {
            value.pointer = true;
            if (value.pointer_name.empty()) value.pointer_name = param.name;
        }
        if (def_.dialect == KernelDialect::cute && is_global_tensor(param)) value.pointer = true;
        if (!value.origin && file_.table_names->matches(param.name)) {
            value.pointer = true;
            if (value.index_table.empty()) value.index_table = param.name;
        }
        env_.set(param.name, std::move(value));
    }
}

void TritonInterpreter::run(const StmtList& statements) {
    for (const auto& stmt : statements) statement(stmt);
}

void TritonInterpreter::statement(const Stmt& stmt) {
    switch (stmt.kind) {
        case StmtKind::assign:
            return assignment(stmt);
        case StmtKind::aug_assign:
            return augmented(stmt);
        case StmtKind::ann_assign:
            return annotated(stmt);
        case StmtKind::expr:
            evaluate_for_effects(*stmt.value);
            return;
        case StmtKind::return_:
            if (stmt.value) add_return(eval(*stmt.value));
            return;
        case StmtKind::if_:
            return branch(stmt);
        case StmtKind::for_:
        case StmtKind::while_:
            return loop(stmt);
        case StmtKind::pass:
            return;
        case StmtKind::other:
            return run(stmt.body);
    }
}

// `x = ...`, most of a kernel's statements: the name takes the value itself, not a copy.
void TritonInterpreter::assignment(const Stmt& stmt) {
    TaintValue value = eval(*stmt.value);
    if (value.from_memory && value.origin && value.origin->line != stmt.line)
        value.assigned_line = stmt.line;
    value.defined_line = stmt.line;
    if (stmt.value->kind == ExprKind::number) value.sum_start_line = stmt.line;
    if (stmt.targets.size() == 1 && stmt.targets[0].kind == ExprKind::name)
        env_.set(stmt.targets[0].text, std::move(value));
    else
        for (const auto& target : stmt.targets) assign(target, value);
}

// The first return sets the value; later ones join it (a clean start would undo a widening).
void TritonInterpreter::add_return(TaintValue value) {
    returned_ = has_returned_ ? join(returned_, value) : std::move(value);
    has_returned_ = true;
}

void TritonInterpreter::assign(const Expr& target, const TaintValue& value) {
    if (target.kind == ExprKind::name) {
        env_.set(target.text, TaintValue(value));
        return;
    }
    if (target.kind == ExprKind::starred) return assign(target.children[0], value);
    if (target.kind != ExprKind::tuple && target.kind != ExprKind::list) return;
    for (std::size_t i = 0; i < target.children.size(); ++i) {
        bool matched = value.elements.size() == target.children.size();
        assign(target.children[i], matched ? value.elements[i] : value);
    }
}

// `x op= y` is `x = x op y`, with the multiply placed at the statement.
void TritonInterpreter::augmented(const Stmt& stmt) {
    const Expr& target = stmt.targets[0];
    TaintValue a = eval(target);
    TaintValue b = eval(*stmt.value);
    std::string_view op = stmt.op.substr(0, stmt.op.size() - 1);
    assign(target, arithmetic(op, {target, a, *stmt.value, b, stmt.line, stmt.column}));
}

// `x: tl.int64 = v` converts like `.to(tl.int64)`.
void TritonInterpreter::annotated(const Stmt& stmt) {
    if (!stmt.value) return;
    TaintValue value = convert(eval(*stmt.value), &*stmt.annotation);
    value.defined_line = stmt.line;
    assign(stmt.targets[0], value);
}

void TritonInterpreter::branch(const Stmt& stmt) {
    evaluate_for_effects(*stmt.value);
    // `if USE_INT64_INDEXING:`, `if not WITHIN_2GB:` (MSLK's and aiter's fixes): a tl.constexpr
    // switch between a 32-bit and a 64-bit variant of the kernel.
    const bool switched = compile_time(*stmt.value, {});
    TaintEnv before = env_;
    run(stmt.body);
    TaintEnv taken = std::move(env_);
    if (!switched) {  // most branches: the state before is needed once, and moved
        env_ = std::move(before);
        run(stmt.orelse);
        env_ = join(taken, env_);
        return;
    }
    env_ = before;
    run(stmt.orelse);
    env_ = join_switched(before, taken, env_);
}

// What a `for` target holds: over `range(start, stop, step)` (or tl.range, tl.static_range),
// an index like its start (`for row in range(row_start, row_end)` with `row_start` from a
// program id is a row); over anything else, a fresh value.
TaintValue TritonInterpreter::iterated(const Stmt& loop) {
    const Expr& value = *loop.value;
    const Expr* callee = value.kind == ExprKind::call ? &value.children[0] : nullptr;
    std::string_view name = callee ? callee->text : std::string_view();
    bool range = callee && (callee->kind == ExprKind::name || triton_member(*callee)) &&
                 (name == "range" || name == "static_range");
    if (!range) return eval(value), TaintValue{};
    // The start is the first index (`range(pid, n, step)`); the stop only bounds it.
    TaintValue bounds;
    const bool has_start = value.children.size() > 2;
    if (has_start) bounds = eval(value.children[1]);
    TaintValue stop;
    for (std::size_t i = has_start ? 2 : 1; i < value.children.size(); ++i) {
        TaintValue bound = eval(value.children[i]);
        if (i == (has_start ? 2u : 1u)) stop = std::move(bound);
    }
    const bool triton = def_.dialect != KernelDialect::cute;
    if (triton && name == "range" && !bounds.origin &&
        !compile_time(value.children[has_start ? 2 : 1], stop))
        return loop_counter(loop);
    bounds.products.clear();  // the bounds' own products are reported where they are used
    bounds.constant = false;
    return bounds;
}

// A stop known at compile time: a literal, a tl.constexpr, arithmetic of them (`TMAX - 1`).
bool TritonInterpreter::compile_time(const Expr& expr, const TaintValue& value) const {
    if (value.constant || expr.kind == ExprKind::number) return true;
    if (expr.kind == ExprKind::name) {
        const TaintValue* found = env_.find(expr.text);
        return found && found->constant;
    }
    if (expr.kind != ExprKind::binary && expr.kind != ExprKind::unary) return false;
    for (const auto& child : expr.children)
        if (!compile_time(child, {})) return false;
    return true;
}

// `for i_t in range(NT)` with NT known only at run time (`tl.cdiv(T, BT)`): the counter walks
// the chunks or tiles of a tensor, as a program id does across the grid, and its products with
// a runtime stride reach as far as that tensor. A compile-time stop (`tl.static_range`, a
// tl.constexpr) bounds it like tl.arange.

TaintValue TritonInterpreter::loop_counter(const Stmt& loop) {
    TaintValue counter;
    counter.origin = IndexOrigin{kLoopCounter, loop.line, loop.column, loop.line};
    counter.from_program_id = true;
    return counter;
}

void TritonInterpreter::loop(const Stmt& stmt) {
    TaintValue target = stmt.kind == StmtKind::for_ ? iterated(stmt) : eval(*stmt.value);
    for (int pass = 0; pass < kLoopPasses; ++pass) {
        TaintEnv before = env_;
        if (stmt.kind == StmtKind::for_) assign(stmt.targets[0], target);
        run(stmt.body);
        if (stmt.kind == StmtKind::while_) evaluate_for_effects(*stmt.value);
        env_ = join(before, env_);
    }
    run(stmt.orelse);
}

// `self`: the object a method of the file is called on (`program.issue_kv_load(buf, ptr,
// offsets, mask)`), bound to its first parameter.
TaintValue TritonInterpreter::helper_call(const FunctionDef& helper, const Expr& expr,
                                          const TaintValue* self) {
    TaintEnv arguments;
    std::size_t positional = 0;
    if (self && !helper.parameters.empty())
        arguments.set(helper.parameters[positional++].name, TaintValue(*self));
    for (std::size_t i = 1; i < expr.children.size(); ++i) {
        const Expr& arg = expr.children[i];
        TaintValue value = eval(arg);
        if (arg.kind == ExprKind::keyword)
            arguments.set(arg.text, std::move(value));
        else if (arg.kind != ExprKind::starred && positional < helper.parameters.size())
            arguments.set(helper.parameters[positional++].name, std::move(value));
    }
    return interpret_function(file_, helper, std::move(arguments));
}

std::string describe(const Expr& expr) {
    switch (expr.kind) {
        case ExprKind::name:
        case ExprKind::number:
            return std::string(expr.text);
        case ExprKind::attribute: {
            std::string dotted = dotted_name(expr);
            return dotted.empty() ? describe(expr.children[0]) + "." + std::string(expr.text)
                                  : dotted;
        }
        case ExprKind::subscript:
            return describe(expr.children[0]);
        case ExprKind::call: {
            const Expr& callee = expr.children[0];
            const std::string dotted = dotted_name(callee);
            const std::string_view root = std::string_view(dotted).substr(0, dotted.find('.'));
            if (callee.kind == ExprKind::attribute && !is_language_root(root) && root != "triton")
                return describe(callee.children[0]);  // x.to(...)
            return dotted_name(callee) + "(...)";
        }
        case ExprKind::binary: {
            // Appended, not `"(" + temporary`: GCC 12 bug 105329 (-Wrestrict at -O3).
            std::string text = "(";
            text.append(describe(expr.children[0])).append(" ").append(expr.text).append(" ");
            text.append(describe(expr.children[1])).append(")");
            return text;
        }
        case ExprKind::unary:
            return std::string(expr.text) + describe(expr.children[0]);
        default:
            return "expression";
    }
}

bool TritonInterpreter::is_unannotated_parameter(const Expr& expr) const {
    if (expr.kind != ExprKind::name) return false;
    const Parameter* param = def_.parameter(expr.text);
    return param && !param->annotation;
}

TaintValue interpret_function(TritonFile& file, const FunctionDef& def, TaintEnv arguments) {
    for (const FunctionDef* active : file.active)
        if (active == &def) return {};  // recursion: Triton does not compile it anyway
    file.active.push_back(&def);
    TaintEnv env;
    if (!file.spare_envs.empty()) {
        env = std::move(file.spare_envs.back());
        file.spare_envs.pop_back();
    }
    TritonInterpreter interpreter(file, def, std::move(env));
    interpreter.bind_parameters(std::move(arguments));
    interpreter.run(def.body);
    file.active.pop_back();
    file.spare_envs.push_back(interpreter.take_env());
    file.spare_envs.back().clear();
    return interpreter.take_returned();
}

}  // namespace patchbay
