#pragma once
// The abstract interpreter behind the Triton half of int32-index-stride. Each value of a jit
// function is abstracted to: where it was loaded from an index table (its origin), whether it
// is 64-bit, whether it is a pointer (and into which index table), and which candidate products
// flow into it. A candidate product is a multiply of a 32-bit index-derived value by an operand
// that is not 64-bit; it becomes a finding once it reaches an address (a pointer `+`, or the
// pointer argument of tl.load/tl.store/tl.atomic_*). Statements run in order; branches and loop
// bodies are joined. Calls to other jit functions of the file are interpreted with the caller's
// argument values, so taint crosses helpers in both directions.

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "checks/python/python_syntax.hpp"
#include "config/config.hpp"

namespace patchbay {

struct IndexOrigin {
    std::string table;      // the index table's name, e.g. "block_table_ptr"
    std::int64_t line = 0;  // the tl.load / tl.atomic_* call
    std::int64_t column = 0;
};

struct TaintValue {
    std::optional<IndexOrigin> origin;  // read from an index table (possibly scaled or offset)
    bool wide = false;                  // 64-bit
    bool pointer = false;
    std::string index_table;           // pointer into this index table
    std::set<std::size_t> products;    // candidate products flowing into this value
    std::vector<TaintValue> elements;  // a tuple's items

    bool is_narrow_index() const { return origin.has_value() && !wide; }
};

// A 32-bit index x non-64-bit multiply, reported when `used` (it reached an address).
struct CandidateProduct {
    std::int64_t line = 0;  // of the `*`
    std::int64_t column = 0;
    std::string index_operand;  // how the index side reads ("blk")
    bool index_is_name = false;
    std::string other_operand;  // how the other side reads ("stride_kb")
    bool other_is_unannotated_parameter = false;
    IndexOrigin origin;
    bool used = false;
};

using TaintEnv = std::map<std::string, TaintValue>;

// Candidates of one file, shared by every function interpreted in it.
class CandidateTable {
  public:
    std::size_t add(CandidateProduct candidate);  // one entry per `*` position
    void mark_used(const TaintValue& value);
    const std::vector<CandidateProduct>& all() const { return candidates_; }

  private:
    std::vector<CandidateProduct> candidates_;
    std::map<std::pair<std::int64_t, std::int64_t>, std::size_t> by_position_;
};

// Arithmetic promotion (`a + b`): 64-bit when either side is; the first index origin wins.
TaintValue promote(const TaintValue& a, const TaintValue& b);
// Control-flow join: 64-bit only when both are; taint when either is.
TaintValue join(const TaintValue& a, const TaintValue& b);
TaintEnv join(const TaintEnv& a, const TaintEnv& b);

struct TritonFile {
    std::vector<FunctionDef> functions;
    const AuditConfig* config = nullptr;
    CandidateTable candidates;
    std::vector<const FunctionDef*> active;  // interpretation stack, against recursion

    const FunctionDef* function(const std::string& name) const;
};

// Interprets one call of `def` with the given parameter values (absent ones start clean or
// from their annotation) and returns the joined value of its return statements.
TaintValue interpret_function(TritonFile& file, const FunctionDef& def,
                              std::map<std::string, TaintValue> arguments);

// The interpreter of one function invocation.
class TritonInterpreter {
  public:
    TritonInterpreter(TritonFile& file, const FunctionDef& def) : file_(file), def_(def) {}

    void bind_parameters(std::map<std::string, TaintValue> arguments);
    void run(const std::vector<Stmt>& statements);
    const TaintValue& returned() const { return returned_; }

    TaintValue eval(const Expr& expr);

  private:
    TritonFile& file_;
    const FunctionDef& def_;
    TaintEnv env_;
    TaintValue returned_;
    bool has_returned_ = false;
    std::set<std::string> pointer_parameters_;

    void statement(const Stmt& stmt);
    void branch(const Stmt& stmt);
    void loop(const Stmt& stmt);
    void assign(const Expr& target, const TaintValue& value);
    void add_return(TaintValue value);
    void augmented(const Stmt& stmt);
    void annotated(const Stmt& stmt);

    TaintValue name(const Expr& expr);
    TaintValue attribute(const Expr& expr);
    TaintValue binary(const Expr& expr);
    TaintValue multiply(const Expr& left, const TaintValue& a, const Expr& right,
                        const TaintValue& b, std::int64_t line, std::int64_t column);
    TaintValue additive(const TaintValue& a, const TaintValue& b);
    TaintValue sequence(const Expr& expr);
    TaintValue evaluate_children(const Expr& expr);
    TaintValue call(const Expr& expr);
    TaintValue triton_call(const std::string& callee, const Expr& expr);
    TaintValue memory_access(const std::string& callee, const Expr& expr);
    TaintValue method_call(const Expr& expr);
    TaintValue helper_call(const FunctionDef& helper, const Expr& expr);
    TaintValue convert(TaintValue value, const Expr* dtype);
    const Expr* argument(const Expr& call, std::size_t index, const char* keyword) const;
    std::string describe(const Expr& expr) const;
    bool is_unannotated_parameter(const Expr& expr) const;
};

}  // namespace patchbay
