#pragma once
// The abstract interpreter behind the Triton half of int32-index-stride. Each value of a jit
// function is abstracted to: the load it was read from (its origin: every tl.load and
// tl.atomic_* result is an integer read from memory, whatever the pointer is called), whether
// it is 64-bit, whether it is bounded (reduced modulo or masked by another value, so an offset
// inside a block rather than an id), whether it is a pointer, and which candidate products flow
// into it. A candidate product is a multiply of a 32-bit, unbounded loaded value by an operand
// that is not 64-bit; it becomes a finding once it reaches an address (a pointer `+`, the
// pointer argument of tl.load/tl.store/tl.atomic_*, or the base or offsets of
// tl.make_block_ptr/tl.advance). Statements run in order; branches and loop bodies are joined.
// Calls to other jit functions of the file are interpreted with the caller's argument values,
// so taint crosses helpers in both directions.

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "checks/python/name_table.hpp"
#include "checks/python/product_set.hpp"
#include "checks/python/python_syntax.hpp"
#include "checks/python/tuple_items.hpp"
#include "checks/rules/index_stride_analysis.hpp"
#include "config/config.hpp"

namespace patchbay {

// The names in these values view the parsed source (or its arena) or TritonFile::intern: a
// value lives no longer than the file it was computed in, and it is copied at every operation
// (a string would allocate for every name past 15 bytes).
// The origin table of the kernel's own ids: a program id, a counter of a loop over a runtime count.
inline constexpr std::string_view kProgramId = "tl.program_id";
inline constexpr std::string_view kLoopCounter = "range";

struct IndexOrigin {
    std::string_view table;  // what the pointer loaded from is called, e.g. "bt_ptr"
    std::int64_t line = 0;   // the tl.load / tl.atomic_* / tl.program_id call
    std::int64_t column = 0;
    std::int64_t end_line = 0;  // of its closing parenthesis, where `.to(tl.int64)` goes
};

struct TaintValue {
    std::optional<IndexOrigin> origin;  // read from memory or a program id (scaled, offset)
    bool wide = false;                  // 64-bit
    bool bounded = false;               // the loaded value reduced modulo / masked: `slot % bs`
    bool pointer = false;
    // A pointer to 64-bit integers (`p: tl.pointer_type(tl.int64)`, `x.to(tl.pointer_type(
    // tl.int64))`): what is loaded through it is 64-bit.
    bool wide_elements = false;
    // Where the index comes from: a value read from memory, the kernel's own ids
    // (tl.program_id), or both (`q_start + row`: a position in a tensor, no longer a block id).
    bool from_memory = false;
    bool from_program_id = false;
    // Bounded at compile time: a literal, a `tl.constexpr` parameter, tl.arange. A program id
    // scaled by one is still a row or tile number, not yet an element offset.
    bool constant = false;
    bool lanes = false;            // holds tl.arange: a range of rows or columns, not one id
    bool constant_stride = false;  // a product of compile-time values (`H * V * K`)
    // A pointer offset by a value read from memory (`k_ptr + blk * stride_kb`): into a block
    // or row that id selects, so the program-id terms beside it are offsets inside it.
    bool pool = false;
    // Holds a term scaled by a runtime value (`row * stride`, `bos * H`): a program id times a
    // constant added beside it (`o_v = i_v * BV + tl.arange`) is a column inside that row.
    bool strided = false;
    // Read from memory in one branch where the other holds the program id itself (`if
    // IS_VARLEN: i_t = tl.load(chunk_indices + ...)`, `else: i_t` stays tl.program_id): the
    // table gives the tile this program handles, so its products reach as far as the tensor.
    bool stands_for_program_id = false;
    std::string_view index_table;  // pointer into this index table
    // Where a loaded index was last given to a name after its load (`token_ids = token_ids -
    // vob_start_id`): widening it there widens every later product.
    std::int64_t assigned_line = 0;
    // Where a name was last given this value (`stride_k_buffer: tl.constexpr = KBlockSize *
    // (KV_CDim + KV_PeDim)`): a stride computed there can be widened there.
    std::int64_t defined_line = 0;
    // Where a sum this value is part of started from a literal (`M_end_offset = 0`, then
    // `M_end_offset = M_start_offset + m_size` over the groups): a 64-bit start there makes the
    // whole running sum 64-bit (FBGEMM's grouped GEMM, commit 61509bda5).
    std::int64_t sum_start_line = 0;
    // The last factor of a 64-bit product this value holds (`W` of `tl.cast(i_n, tl.int64) * D *
    // W`): a row term whose stride is a multiple of it.
    std::string_view wide_factor;
    std::string_view pointer_name;    // a pointer: the parameter it starts from ("x_ptr")
    ProductSet products;              // candidate products flowing into this value
    TupleItems<TaintValue> elements;  // a tuple's items

    bool is_narrow_index() const { return origin.has_value() && !wide; }
    void forget_index() {
        origin.reset();
        bounded = false;
        from_memory = false;
        from_program_id = false;
        stands_for_program_id = false;
    }
};

// Where a load or atomic is: its call's position.
using LoadSite = std::pair<std::int64_t, std::int64_t>;

// A 32-bit index x non-64-bit multiply, reported when it reached an address (`used`) other
// than that of a table lookup: a load whose own result is used as an index. A table of 32-bit
// ids addressed past 2^31 - 1 would itself be 8 GiB; the pools it indexes are what grow.
struct CandidateProduct {
    std::int64_t line = 0;  // of the `*`
    std::int64_t column = 0;
    // A Triton candidate's operands as parsed, spelled below only when it is reported (a third
    // are not); a CuTe one is spelled at once.
    const Expr* index_expr = nullptr;
    const Expr* other_expr = nullptr;
    std::string index_operand;  // how the index side reads ("blk")
    bool index_is_name = false;
    std::string other_operand;  // how the other side reads ("stride_kb")
    bool other_is_unannotated_parameter = false;
    // That parameter's line (aiter PR 1853 annotated its strides `stride_k_seq: tl.int64`).
    std::int64_t other_parameter_line = 0;
    IndexOrigin origin;
    bool bounded = false;                  // only made when the geometry lets a bounded value wrap
    bool cute = false;                     // in a CuTe DSL kernel: widened with cutlass.Int64(...)
    bool data_address = false;             // reached an address that is not a load's pointer
    std::vector<LoadSite> loaded_through;  // the loads whose pointer it reached, sorted
    // A product of program ids, or of a position built from them: it wraps once the tensor it
    // addresses (`addressed`, the pointer it was added to) passes 2^31 elements.
    bool tensor_reach = false;
    bool from_memory = false;  // with tensor_reach: the position also holds a loaded value
    // A program id times a tl.constexpr (`pid * BLOCK_M`): a row number when multiplied again,
    // an element offset only when it reaches an address as it is.
    bool scaled_row = false;
    // The index was a row number scaled there (`o_t = i_t * BT + tl.arange`): widening it
    // there widens this product too.
    std::int64_t scaled_at_line = 0;
    std::int64_t assigned_at_line = 0;       // the index's `assigned_line`
    std::int64_t sum_started_at_line = 0;    // a read index's `sum_start_line`
    std::int64_t other_defined_at_line = 0;  // the other operand's `defined_line`, a local's
    // A name derived from the program id on a line of its own (`off_z = off_zhg // (H * G)`,
    // MSLK PR 71): widening it there fixes every product of it.
    std::int64_t index_defined_at_line = 0;
    bool index_lanes = false;  // the index holds tl.arange: a range of rows or columns
    std::string addressed;

    bool used() const { return data_address || !loaded_through.empty(); }
};

// join() merges environments by name: their order is never observable.
using TaintEnv = NameTable<TaintValue>;

// Candidates of one file, shared by every function interpreted in it.
class CandidateTable {
  public:
    std::size_t add(CandidateProduct&& candidate);  // one entry per `*` position
    // `value` reached an address: the pointer of the load at `site`, or (no site) another one.
    // `tensor` is the pointer it was added to, when known. `final` is the pointer a load or
    // store reads (`pool`: one offset by a read id); a pointer still being built is not
    // final, and the products of program ids wait for the load or store it reaches.
    void mark_used(const TaintValue& value, const std::optional<LoadSite>& site,
                   std::string_view tensor, bool final, bool pool, bool strided = false);
    // A value loaded at `site` reached an address: that load is a table lookup.
    void mark_index_load(const TaintValue& value);
    // Used in an address other than a table lookup's.
    bool reported(const CandidateProduct& candidate) const;
    // Whether `value` carries a product that already makes it an element offset (not a row
    // number, `pid * BLOCK_M`, which a later multiply supersedes).
    // `of_memory`: asked for a read id, whose program-id products do not count.
    bool holds_product(const TaintValue& value, bool of_memory) const;
    void drop_scaled_rows(TaintValue& value) const;
    // Whether `value` holds a product of a program id's lanes by `factor` (`o_d[:, None] * W`),
    // and those products taken out of it: columns inside a row whose stride is a multiple of
    // `factor`. A row number (`i_t * BT * D`) or a loop's index is not one: it may span the
    // row's whole length, and the row may pass 2^31 elements.
    bool holds_column_of(const TaintValue& value, std::string_view factor) const;
    void drop_columns_of(TaintValue& value, std::string_view factor) const;
    // The line of the first row-number product `value` holds, 0 when none.
    std::int64_t scaled_row_line(const TaintValue& value) const;
    const std::vector<CandidateProduct>& all() const { return candidates_; }
    // In source order (line, then column), one per position: the order of the findings.
    std::vector<CandidateProduct*> in_source_order();
    // One block of the geometry passes 2^31 - 1 elements: offsets inside it can wrap too.
    bool bounded_values_can_wrap = false;

  private:
    std::vector<CandidateProduct> candidates_;
    std::vector<LoadSite> index_loads_;  // sorted
    // (line and column of the `*`, index into candidates_), sorted: candidates mostly come in
    // source order, so each goes at the end, where a map allocated a node for it.
    using Positioned = std::pair<std::pair<std::int64_t, std::int64_t>, std::size_t>;
    std::vector<Positioned> by_position_;
};

// Arithmetic promotion (`a + b`): 64-bit when either side is; an unbounded origin wins over a
// bounded one, otherwise the first; bounded only when every loaded side is.
TaintValue promote(const TaintValue& a, const TaintValue& b);
// The program id as it is (not scaled, not offset by a loaded value), 32-bit.
bool plain_program_id(const TaintValue& v);
// Control-flow join: 64-bit only when both are; taint when either is.
TaintValue join(const TaintValue& a, const TaintValue& b);
TaintEnv join(const TaintEnv& a, const TaintEnv& b);
// The join after a compile-time switch (`if USE_INT64_INDEXING: offs_m = offs_m.to(tl.int64)`):
// the kernel is compiled once per value of the switch, and the launcher picks the 64-bit variant
// where 32 bits would not do. An index of the same source in both branches, 64-bit in one, is
// taken as widened; so is a plain value (a stride) one branch widened and the other left alone.
TaintEnv join_switched(const TaintEnv& before, const TaintEnv& a, const TaintEnv& b);

struct TritonFile {
    ExprArena arena;  // the nodes of `functions`
    ArenaList<FunctionDef> functions;
    const AuditConfig* config = nullptr;
    const IndexTableNames* table_names = nullptr;  // config->index_tables, compiled
    // Whether `[audit] geometry` makes one block larger than 2^31 - 1 elements, so that even a
    // value bounded by the block size can reach a wrapping offset.
    bool bounded_values_can_wrap = false;
    CandidateTable candidates;
    std::vector<const FunctionDef*> active;  // interpretation stack, against recursion
    // Environments of finished invocations, emptied, for the next ones: each fresh one
    // allocated its index and its entries' room (two allocations per kernel interpreted).
    std::vector<TaintEnv> spare_envs;
    // bind_parameters()' list of the names used as pointers, its room kept between functions.
    std::vector<std::string_view> pointer_names;

    const FunctionDef* function(std::string_view name) const;
    // A name built during the analysis (`describe`), kept for the file's values to view.
    std::string_view intern(std::string name);

  private:
    std::set<std::string, std::less<>> names_;
};

// Whether a type expression is a pointer to 64-bit integers: `tl.pointer_type(tl.int64)`,
// `tl.const_pointer_type(tl.uint64)` (also spelled with triton.language).
bool points_to_wide_integers(const Expr& type);

// How an expression reads in a message: `blk`, `(q_start + ri)`, `tl.load(...)`.
std::string describe(const Expr& expr);

// Interprets one call of `def` with the given parameter values (absent ones start clean or
// from their annotation) and returns the joined value of its return statements.
TaintValue interpret_function(TritonFile& file, const FunctionDef& def, TaintEnv arguments);

// The interpreter of one function invocation.
class TritonInterpreter {
  public:
    TritonInterpreter(TritonFile& file, const FunctionDef& def) : file_(file), def_(def) {}
    // `env`: an empty environment to fill, whose room is reused.
    TritonInterpreter(TritonFile& file, const FunctionDef& def, TaintEnv&& env)
        : file_(file), def_(def), env_(std::move(env)) {}

    void bind_parameters(TaintEnv arguments);
    void run(const StmtList& statements);
    // Moved out: the interpreter is done with it.
    TaintValue take_returned() { return std::move(returned_); }
    TaintEnv take_env() { return std::move(env_); }

    TaintValue eval(const Expr& expr);
    void evaluate_for_effects(const Expr& expr);  // its value dropped

  private:
    TritonFile& file_;
    const FunctionDef& def_;
    TaintEnv env_;
    TaintValue returned_;
    std::optional<LoadSite> load_pointer_;  // evaluating the pointer of this load
    bool has_returned_ = false;

    void statement(const Stmt& stmt);
    void branch(const Stmt& stmt);
    void loop(const Stmt& stmt);
    void assignment(const Stmt& stmt);
    void assign(const Expr& target, const TaintValue& value);
    void add_return(TaintValue value);
    void augmented(const Stmt& stmt);
    void annotated(const Stmt& stmt);

    TaintValue name(const Expr& expr);
    TaintValue attribute(const Expr& expr);
    TaintValue subscript(const Expr& expr);
    // The two sides of an arithmetic operator, with their values, and where the operator is.
    struct Operands {
        const Expr& left;
        const TaintValue& a;
        const Expr& right;
        const TaintValue& b;
        std::int64_t line = 0;
        std::int64_t column = 0;
    };
    TaintValue binary(const Expr& expr);
    const TaintValue* read_in_place(const Expr& expr) const;
    TaintValue compare(const Expr& expr);
    void bound_lanes(const Expr& compare, const TaintValue& a, const TaintValue& b);
    TaintValue arithmetic(std::string_view op, const Operands& operands);
    TaintValue multiply(const Operands& operands);
    TaintValue additive(const TaintValue& a, const TaintValue& b);
    void mark_address(const TaintValue& value, std::string_view tensor, bool final = true,
                      bool pool = false, bool strided = false);
    TaintValue program_id(const Expr& expr);
    TaintValue iterated(const Stmt& loop);
    bool compile_time(const Expr& expr, const TaintValue& value) const;
    static TaintValue loop_counter(const Stmt& loop);
    bool scales_program_id(const TaintValue& index, const Expr& other_expr,
                           const TaintValue& other) const;
    TaintValue bounded(TaintValue value);
    static bool wraps_rows(const TaintValue& rows, const TaintValue& size);
    static bool is_segment_length(const TaintValue& a, const TaintValue& b);
    TaintValue quotient(const TaintValue& a, const TaintValue& b);
    static bool selects_block(const TaintValue& term);
    static bool scales_by_runtime(const TaintValue& a, const TaintValue& b);
    bool is_candidate_index(const TaintValue& value) const;
    TaintValue sequence(const Expr& expr);
    TaintValue evaluate_children(const Expr& expr);
    TaintValue evaluate_children_after_callee(const Expr& call);
    TaintValue call(const Expr& expr);
    TaintValue triton_call(std::string_view callee, const Expr& expr);
    TaintValue memory_access(std::string_view callee, const Expr& expr);
    static bool is_gluon_memory_op(const Expr& callee);
    TaintValue gluon_memory(std::string_view op, const Expr& expr);
    static const Expr& source_base(const Expr& expr);
    TaintValue block_pointer(std::string_view callee, const Expr& expr);
    void drop_row_numbers(TaintValue& value, const Expr& offsets, const Expr& shape,
                          const Expr& strides) const;
    std::string_view loaded_from(const Expr* pointer_expr, const TaintValue& pointer);
    TaintValue method_call(const Expr& expr);
    // CuTe DSL kernels (cute_taint.cpp): tensor elements are read by subscripts, and the
    // coordinates of a subscript or of cute.local_tile are multiplied by the tensor's strides.
    TaintValue cute_subscript(const Expr& expr);
    std::optional<TaintValue> cute_call(const Expr& expr);
    void coordinates(const Expr& coords, const std::string& tensor,
                     const std::optional<LoadSite>& site);
    void coordinate(const Expr& coord, const std::string& tensor,
                    const std::optional<LoadSite>& site);
    TaintValue helper_call(const FunctionDef& helper, const Expr& expr,
                           const TaintValue* self = nullptr);
    TaintValue convert(TaintValue value, const Expr* dtype);
    const Expr* argument(const Expr& call, std::size_t index, const char* keyword) const;
    bool is_unannotated_parameter(const Expr& expr) const;
};

}  // namespace patchbay
