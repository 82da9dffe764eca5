// The CUDA half of rule int32-index-stride (docs/ARCHITECTURE.md §5): an integer read from memory —
// an element read through a pointer or array of a 32-bit (or unknown, template) integer type,
// directly or through a pointer derived from one, whatever it is called — multiplied by another
// 32-bit operand, where the product ends up in address arithmetic (a pointer offset, a
// subscript, a 64-bit variable or cast). A value reduced modulo or masked by another one is an
// offset inside a block and is not followed. Values are followed through each function body in
// token order; loops are not iterated.

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <tuple>
#include <utility>

#include "checks/cpp/block_id_scaling.hpp"
#include "checks/cpp/cpp_declarations.hpp"
#include "checks/cpp/cpp_expression.hpp"
#include "checks/cpp/grid_loop_macros.hpp"
#include "checks/cpp/id_types.hpp"
#include "checks/cpp/int32_guard.hpp"
#include "checks/cpp/library_aliases.hpp"
#include "checks/cpp/tensor_accessor.hpp"
#include "checks/rules/index_stride_analysis.hpp"
#include "checks/rules/reach.hpp"
#include "checks/text_contains.hpp"

namespace patchbay {
namespace {

struct IndexRead {
    std::string table;
    std::size_t token = 0;   // the table's name, `blockIdx`, or a running offset's `+=`
    bool kernel_id = false;  // blockIdx, not a read from memory
    // A 32-bit variable the kernel sums runtime sizes into (`sum_k += scheduler.current_shape_k`):
    // a position along a concatenation of tensors, as far as the tensors reach.
    bool running_offset = false;
};

// A 32-bit product of an index value, remembered until it reaches address arithmetic.
struct Product {
    std::size_t op = 0;  // the '*'
    std::string index_text, other_text, other_type;
    bool index_on_left = true;
    IndexRead read;
    bool bounded = false;  // only made when the geometry lets a bounded value wrap
    // The other operand's width is unknown (`params.inner_dim`): the product is 32-bit only
    // once it is stored into a 32-bit variable, and only then becomes a finding.
    bool needs_narrow_store = false;
    // Of the kernel's own ids (blockIdx), or a position built from them: it wraps once the
    // tensor it addresses passes 2^31 elements.
    bool tensor_reach = false;
    bool from_memory = false;  // with tensor_reach: the position also holds a read value
    bool stored = false;       // kept in a 32-bit variable since: a row or window coordinate
    // The declaration of the other operand when it is a 32-bit variable of the function
    // (`int chunk_size`): widening it there fixes the product too.
    std::optional<std::size_t> other_declaration;
};

struct LateWidening {
    std::size_t at = 0;          // the widening: a declared name or a cast
    std::size_t block_id = 0;    // its blockIdx
    bool thread_number = false;  // scaled once (`blockIdx.x * blockDim.x`): wraps at 2^32
};

struct Value {
    IntWidth width = IntWidth::unknown;
    bool pointer = false;
    std::string type;  // spelled type ("int", "stride_t"); a pointer's element type
    // The read this value comes from. A 64-bit value keeps it without being an index: it
    // becomes one again when narrowed (`const int block = slots[i] / block_size`).
    std::optional<IndexRead> taint;
    std::vector<Product> products;  // every 32-bit product it holds, each reported
    bool bounded = false;           // the read value reduced modulo / masked: `slot % bs`
    // Derived from a read from memory, from blockIdx, or both (a position in a tensor).
    bool from_memory = false;
    bool from_kernel = false;
    // Bounded by the device or the compiler: threadIdx, blockDim, a literal, a template
    // parameter or constant. A block id scaled by one is still a block or thread number.
    bool constant = false;
    // Held in a variable that was given such a bound (`int grid_stride = blockDim.x *
    // gridDim.x`): not a runtime size, so a product with it is no element count.
    bool launch_bounded = false;
    // Holds gridDim (`blockDim.x * gridDim.x`): the step of a grid-stride loop.
    bool grid_step = false;
    // blockDim itself, or a variable given it (`int blksz = blockDim.x`, cuDF's for_each
    // kernel): a block id times it is a thread number, as times blockDim.
    bool block_dim = false;
    // How often a block id was scaled by a compile-time or launch bound on the way here: 1 for a
    // thread number (`blockIdx.x * blockDim.x`), 2 for an element offset (`… * 8`, the elements
    // of a thread).
    int kernel_scalings = 0;
    bool by_block_size = false;  // one of them blockDim: a thread number over the grid
    // Scaled so at least once, and kept through 32-bit variables (which forget the count) and
    // quotients (`gid / stride_warped`, its wrap already made): derived from a thread's position,
    // not a block's own (`i = blockIdx.x * blockDim.x + threadIdx.x`).
    bool thread_position = false;
    bool divided_position = false;  // such a position divided: a warp's or a team's
    // The signed 32-bit variable a thread's position of the x axis was stored in (`int idx =
    // blockIdx.x * blockDim.x + threadIdx.x`), by its declaration's token: kept through sums
    // and small scalings, dropped by a quotient or a bound.
    std::optional<std::size_t> narrow_thread;
    // The signed 32-bit variable a block's own index of the x axis was stored in (`const int i =
    // blockIdx.x`): at most 2^31 - 1 itself, but scaled in 32 bits by a signed constant (`256 *
    // i`) it becomes a thread's position, as `narrow_thread`.
    std::optional<std::size_t> signed_block;
    bool bare_block_id = false;  // blockIdx itself, or a variable or cast given only it
    // A thread's position summed with a runtime term (`col + row * width`): an element of a row
    // or a column inside one, no longer the thread's flat index.
    bool beside_runtime_term = false;
    // Such an element offset or thread number computed in 32 bits and widened once computed
    // (`int64_t start = blockIdx.x * blockDim.x * 8`), reported if the value reaches an address
    // as an offset (rather than as a row index, multiplied again).
    std::optional<LateWidening> widened_late;
    // The last factor of a 64-bit product this value holds (`params.d_rounded` of `(int64_t)row
    // * params.h * params.d_rounded`): a row term whose stride is a multiple of it.
    std::string_view wide_factor;
    std::string_view pointer_name;  // a pointer: the variable it starts from
    // A pointer offset by a value read from memory (`cache + block * stride`): into the block
    // or row that id selects, so block-id terms beside it are offsets inside it.
    bool pool = false;
    // The '*' of a 32-bit product of two runtime sizes this value is (`m * n`, kept through
    // further products, quotients and 32-bit variables, not sums: `rank * part + part` is a
    // position): an element count that wraps at 2^31, reported when a thread index that
    // addresses memory is compared with it (lmdeploy #897: `for (int id = ...; id < m * n;`).
    std::optional<std::size_t> size_product;
    int size_factors = 0;        // how many runtime sizes that product multiplies
    std::string_view size_text;  // the product as written
};

void add_products(std::vector<Product>& to, const std::vector<Product>& from) {
    for (const auto& product : from) {
        bool known = false;
        for (const auto& held : to) known = known || held.op == product.op;
        if (!known) to.push_back(product);
    }
}

Value plain_value(IntWidth width, std::string type = {}) {
    Value value;
    value.width = width;
    value.type = std::move(type);
    return value;
}

Value pointer_value(std::string element_type) {
    Value value;
    value.pointer = true;
    value.type = std::move(element_type);
    return value;
}

// A term read from memory alone (`block * block_stride`, not `start + blockIdx.x`: a position)
// selects a block; the block-id terms beside it are offsets inside that block.
bool selects_block(const Value& term) {
    return term.from_memory && !term.from_kernel && !term.pointer;
}

// Block-id products added to a pointer wait in it for the read or write through it. A read
// added as it is to a pointer that holds a row term of the kernel's ids already (`inputs[t] +
// batch_id * in_length + in_offset`, FBGEMM's permute) is a column inside that row, as a sum's
// unscaled read is (selects_scaled_block): it selects no block.
Value offset_pointer(const Value& pointer, const Value& offset) {
    Value sum = pointer_value(pointer.type);
    sum.pointer_name = pointer.pointer_name;
    bool column_of_row =
        offset.products.empty() && offset.width != IntWidth::wide && !pointer.products.empty();
    sum.pool = pointer.pool || offset.pool || (selects_block(offset) && !column_of_row);
    sum.products = pointer.products;
    for (const auto& product : offset.products)
        if (product.tensor_reach) add_products(sum.products, {product});
    return sum;
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
    Value value = plain_value(wide ? IntWidth::wide : IntWidth::narrow, "int literal");
    value.constant = true;
    return value;
}

// An unbounded read wins over a bounded one; bounded only when every read side is.
Value merge(Value a, const Value& b) {
    a.width = combine(a.width, b.width);
    a.pointer = a.pointer || b.pointer;
    bool a_bounded = !a.taint || a.bounded;
    bool b_bounded = !b.taint || b.bounded;
    // An unbounded read wins over a bounded one, and a read from memory over a block id.
    bool b_read_over_block_id =
        a.taint && a.taint->kernel_id && b.taint && !b.taint->kernel_id && !b.bounded;
    if (!a.taint || (a.bounded && b.taint && !b.bounded) || b_read_over_block_id) a.taint = b.taint;
    a.bounded = a.taint && a_bounded && b_bounded;
    a.from_memory = a.from_memory || b.from_memory;
    a.from_kernel = a.from_kernel || b.from_kernel;
    a.pool = a.pool || b.pool;
    a.constant = a.constant && b.constant;
    a.grid_step = a.grid_step || b.grid_step;
    a.kernel_scalings = std::max(a.kernel_scalings, b.kernel_scalings);
    a.by_block_size = a.by_block_size || b.by_block_size;
    a.thread_position = a.thread_position || b.thread_position;
    a.divided_position = a.divided_position || b.divided_position;
    if (!a.widened_late) a.widened_late = b.widened_late;
    if (!a.narrow_thread) a.narrow_thread = b.narrow_thread;
    a.beside_runtime_term = a.beside_runtime_term || b.beside_runtime_term;
    if (a.wide_factor.empty()) a.wide_factor = b.wide_factor;
    if (a.pointer_name.empty()) a.pointer_name = b.pointer_name;
    a.bare_block_id = false;
    a.size_product.reset();  // a sum, a choice or a bound of counts is no product of sizes
    a.size_factors = 0;
    a.size_text = {};
    add_products(a.products, b.products);
    return a;
}

// The file's own struct members over the tree's, read from its tokens when a kernel first reads
// a member: most kernel files read none but threadIdx.x and its kind.
class FileMembers {
  public:
    FileMembers(std::span<const Token> tokens, const MemberTypes& tree)
        : tokens_(tokens), tree_(tree) {}

    const MemberType* find(std::string_view name) {
        if (!own_) add_member_types(tokens_, own_.emplace(&tree_));
        return own_->find(name);
    }

    // The member's declaration, when a class of this file declares it (its name's token).
    std::optional<std::size_t> declared_here(std::string_view name) {
        if (!own_) add_member_types(tokens_, own_.emplace(&tree_));
        const MemberType* member = own_->find_own(name);
        if (!member) return std::nullopt;
        return member->token;
    }

  private:
    std::span<const Token> tokens_;
    const MemberTypes& tree_;
    std::optional<MemberTypes> own_;
};

// What every function of a file is analysed with, from the configuration and the file's text.
struct FileContext {
    const AuditConfig& config;
    std::optional<Reach> reach;
    bool bounded_values_can_wrap = false;  // one block of the geometry passes 2^31 - 1 elements
    bool guarded_32bit = false;            // the file checks its tensors fit 32-bit indexing
};

// `template <int WARP_BATCH>`: a compile-time constant. Reading back from its name, a template
// parameter meets `template` before any '('; a function parameter meets the '('.
bool is_template_parameter(const Declaration& decl, std::span<const Token> tokens) {
    for (std::size_t i = decl.token; i-- > 0;) {
        if (is_op(tokens[i], "(")) return false;
        if (tokens[i].kind == TokenKind::identifier && tokens[i].text == "template") return true;
    }
    return false;
}

// Whether `function` is defined inside the body of a struct or class: its bare names may be the
// class's data members. The '{' that encloses its body is found by walking back over balanced
// braces; the words before it, back to the previous statement, name the class.
bool is_in_class_body(const FunctionInfo& function, std::span<const Token> tokens) {
    int depth = 0;
    std::size_t open = 0;
    bool found = false;
    for (std::size_t i = function.body_begin; i-- > 0 && !found;) {
        if (is_op(tokens[i], "}")) ++depth;
        if (is_op(tokens[i], "{") && depth-- == 0) {
            open = i;
            found = true;
        }
    }
    for (std::size_t i = open; found && i-- > 0;) {
        const Token& t = tokens[i];
        if (is_op(t, ";") || is_op(t, "{") || is_op(t, "}")) return false;
        if (is_keyword(t, "struct") || is_keyword(t, "class")) return true;
    }
    return false;
}

// A block id handed to a function: argument `argument` (0-based, function parameters only) of
// a call to `callee` holds the kernel's own id, read at token `block_id` (its blockIdx).
struct IdArgument {
    std::string_view callee;
    std::size_t arguments = 0;  // of the call: a function of that name and arity is meant
    std::size_t argument = 0;
    std::size_t block_id = 0;
    bool thread_position = false;  // a thread's (`blockDim.x * blockIdx.x + threadIdx.x`)
    bool divided_position = false;
};

class FunctionAnalysis {
  public:
    FunctionAnalysis(const SourceFile& file, std::span<const Token> tokens,
                     const std::vector<std::size_t>& brackets, const TypeAliases& aliases,
                     FileMembers& members, const IndexTableNames& table_names,
                     const FunctionInfo& function, const FileContext& context)
        : file_(file),
          tokens_(tokens),
          brackets_(brackets),
          aliases_(aliases),
          members_(members),
          table_names_(table_names),
          function_(function),
          config_(context.config),
          reach_(context.reach),
          bounded_values_can_wrap_(context.bounded_values_can_wrap),
          guarded_32bit_(context.guarded_32bit) {}

    // `id_parameters`: the parameters its callers hand a block id (a device function called
    // with `bidb = blockIdx.y`); `calls`, where the calls it makes with one are added.
    void run(std::vector<Finding>& findings, std::span<const IdArgument> id_parameters = {},
             std::vector<IdArgument>* calls = nullptr) {
        findings_ = &findings;
        calls_ = calls;
        state_.resize(function_.parameters.size() + function_.locals.size());
        std::size_t argument = 0;
        for (const auto& decl : function_.parameters) {
            state(&decl) = declared_value(decl);
            if (is_template_parameter(decl)) {
                state(&decl).constant = true;
                continue;
            }
            for (const auto& id : id_parameters)
                if (id.argument == argument) hold_block_id(state(&decl), id);
            ++argument;
        }
        for (const auto& decl : function_.locals)
            if (is_constexpr(decl)) constants_.insert(&decl);
        for (const auto& decl : function_.locals) state(&decl) = declared_value(decl);
        for (std::size_t i = function_.body_begin + 1; i < function_.body_end;) i = step(i);
        report_pending();
    }

  private:
    // A 32-bit parameter given the kernel's own id by a caller holds it as blockIdx would.
    static void hold_block_id(Value& value, const IdArgument& id) {
        if (value.width != IntWidth::narrow || value.pointer) return;
        value.taint = IndexRead{"blockIdx", id.block_id, true};
        value.from_kernel = true;
        value.thread_position = id.thread_position;
        value.divided_position = id.divided_position;
    }

    static bool is_block_id_argument(const Value& value) {
        return value.taint && value.taint->kernel_id && !value.from_memory && !value.bounded &&
               !value.pointer && value.products.empty() && value.width != IntWidth::wide;
    }

    const SourceFile& file_;
    std::span<const Token> tokens_;
    const std::vector<std::size_t>& brackets_;
    const TypeAliases& aliases_;
    FileMembers& members_;
    const IndexTableNames& table_names_;
    const FunctionInfo& function_;
    const AuditConfig& config_;
    std::optional<Reach> reach_;
    bool bounded_values_can_wrap_ = false;  // one block of the geometry passes 2^31 - 1 elements
    bool guarded_32bit_ = false;
    // What each parameter, then each local, holds: by the declaration's place in function_.
    std::vector<Value> state_;
    std::vector<IdArgument>* calls_ = nullptr;
    std::map<const Declaration*, Value> elements_;  // what register arrays were given
    std::set<const Declaration*> constants_;        // constexpr locals
    struct ProductUse {
        Product product;
        bool data_address = false;         // reached an address other than a table read's
        std::set<std::size_t> read_sites;  // the table reads whose offset it reached
        std::string_view addressed;        // the pointer or array it was an offset of
        bool outside_pool = false;         // used in an address no read id selected
    };
    std::map<std::size_t, ProductUse> uses_;                 // by the product's '*'
    std::set<std::size_t> index_reads_;                      // reads whose value reached an address
    std::map<std::size_t, std::string_view> index_tensors_;  // a read's first addressed pointer
    // A thread index compared with a 32-bit element count (`id < m * n`), by the count's '*'.
    struct CountBound {
        std::size_t block_id = 0;  // the blockIdx the index comes from
        std::string index_text, count_text;
        int64_t compared_line = 0;
        // How wide the bound is: "a 64-bit bound", or its template index type's width.
        std::string bound_width = "a 64-bit bound";
        bool thread_position = false;  // the index is a thread's, not a block's own
    };
    std::map<std::size_t, CountBound> count_bounds_;  // by the count's '*'
    // A 32-bit thread index variable compared with a 64-bit bound (`i < num_elems`), by the
    // variable's declaration; reported when the variable also steps by the grid.
    std::map<std::size_t, CountBound> wide_bounds_;
    // The same with a 32-bit bound that is not a compile-time one (`i < n`, `i < n_full`).
    std::map<std::size_t, CountBound> narrow_bounds_;
    std::set<std::size_t> grid_strided_;  // variables given `+= … gridDim …`
    // Variables given `= … gridDim …` (`i = i + blockDim.x * gridDim.x`: PyTorch's
    // CUDA_KERNEL_LOOP as modelled, whose own counter is 64-bit): also a grid-stride loop's
    // index, whose start is bounded by the launch, but not one whose step can wrap it.
    std::set<std::size_t> grid_walked_;
    std::map<std::size_t, LateWidening> late_thread_numbers_;  // by the widening's token
    // Thread numbers kept in 32 bits and divided by a 64-bit size, by the variable's declaration.
    struct DividedNumber {
        CountBound bound;
        bool is_signed = false;  // an `int`: wraps at 2^31; `auto` or unsigned at 2^32
    };
    std::map<std::size_t, DividedNumber> divided_thread_numbers_;
    // Signed 32-bit thread positions used as element offsets, by their declaration: the tensor.
    struct ThreadOffset {
        std::size_t block_id = 0;
        std::string_view tensor;
        bool divided = false;  // through a quotient: a warp's index, a row and a column
    };
    std::map<std::size_t, ThreadOffset> narrow_thread_sinks_;
    std::set<std::size_t> scaled_blocks_;  // signed block indices scaled in 32 bits, by declaration
    std::optional<std::size_t> read_site_;  // evaluating the offset of this table read
    // The accessor whose multi-dimensional subscript is being read (its name's token).
    std::optional<std::size_t> coordinate_chain_;
    std::set<std::size_t> reported_;
    std::vector<Finding>* findings_ = nullptr;
    std::optional<bool> in_class_;  // whether the function is defined in a class's body
    // Evaluating the initializer of a 64-bit variable: its calls take 64-bit offsets and
    // strides (`binfo.q_offset(batch_stride, row_stride, bidb)`).
    bool in_wide_init_ = false;

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

    // A walk over ten short words, most of them passed on their length: a std::set compared
    // bytes at every level, for every statement of every analysed function.
    static bool is_statement_keyword(const Token& token) {
        static constexpr std::array<std::string_view, 10> kKeywords = {
            "if", "for", "while", "switch", "return", "else", "do", "case", "sizeof", "goto"};
        return token.kind == TokenKind::identifier && token.text.size() <= 6 &&
               one_of(token.text, kKeywords);
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
            in_wide_init_ = !decl.is_pointer && aliases_.width_of(decl.type) == IntWidth::wide;
            if (init) state(&decl) = assigned_value(decl, eval(*init));
            in_wide_init_ = false;
        }
        return std::max(decl.init_end, decl.token + 1);
    }

    // ---- declarations and assignments ------------------------------------------------

    // A declaration's place in state_: parameters first, then locals.
    std::size_t slot(const Declaration* decl) const {
        const auto* params = function_.parameters.data();
        if (decl >= params && decl < params + function_.parameters.size())
            return static_cast<std::size_t>(decl - params);
        return function_.parameters.size() +
               static_cast<std::size_t>(decl - function_.locals.data());
    }

    Value& state(const Declaration* decl) { return state_[slot(decl)]; }

    // `constexpr int WARP_BATCH = ...`: spelled before the name, in the same statement. So is
    // `const int SZ = 4;`: a const integer given a literal is a constant expression too.
    bool is_constexpr(const Declaration& decl) const {
        const bool literal = decl.init_end == decl.init_begin + 1 &&
                             tokens_[decl.init_begin].kind == TokenKind::number;
        for (std::size_t i = decl.token; i-- > function_.body_begin;) {
            const Token& t = tokens_[i];
            if (is_op(t, ";") || is_op(t, "{") || is_op(t, "}") || is_op(t, "(")) return false;
            if (t.kind == TokenKind::identifier &&
                (t.text == "constexpr" || (literal && t.text == "const")))
                return true;
        }
        return false;
    }

    bool is_template_parameter(const Declaration& decl) const {
        return patchbay::is_template_parameter(decl, tokens_);
    }

    Value declared_value(const Declaration& decl) const {
        Value value;
        value.pointer = decl.is_pointer;
        value.type = decl.type;
        if (!decl.is_pointer) value.width = aliases_.width_of(decl.type);
        return value;
    }

    // The value a variable holds after `decl = value`: its declared width decides; `auto`
    // takes the value's (a pointer stays a pointer to the same element type).
    Value assigned_value(const Declaration& decl, const Value& value) {
        Value held = declared_value(decl);
        if (decl.type == "auto") {
            held.width = value.width;
            if (value.pointer) held = pointer_value(value.type);
        }
        if (held.pointer) {
            held.pointer_name = decl.name;
            held.pool = value.pool;
            held.products = value.products;
            return held;
        }
        if (held.width == IntWidth::wide) {
            report_all(value);
            report_widened_count(value);
        }
        // A template or unseen integer type (`const IdType pos = pos_ids[i]`) may be 32-bit:
        // it keeps what it is given, as an int would. Given an int, it is a conversion the
        // template chose (`index_t chunk_idx = tl.block_to_chunk[blockIdx.x]`, DeepSpeed PR 5187:
        // int64_t where a tensor passes INT_MAX): its width is the instantiation's.
        bool converted = value.type != decl.type && builtin_width(value.type) == IntWidth::narrow;
        bool may_be_narrow =
            held.width == IntWidth::unknown && !converted && unseen_type_holds_ids(decl.type);
        if (held.width == IntWidth::unknown && !may_be_narrow) return held;
        // A 64-bit variable keeps the read it holds: narrowed again, it is an index again.
        held.taint = value.taint;
        held.bounded = value.bounded;
        held.from_memory = value.from_memory;
        held.from_kernel = value.from_kernel;
        if (held.width == IntWidth::wide) {
            held.widened_late = late_widening(decl.token, value);
            held.wide_factor = value.wide_factor;
            held.grid_step = value.grid_step;  // `int64_t stride = gridDim.x * blockDim.y`
            return held;
        }
        held.size_product = value.size_product;
        held.size_factors = value.size_factors;
        held.size_text = value.size_text;
        held.launch_bounded = value.constant || value.launch_bounded;
        held.grid_step = value.grid_step;
        held.block_dim = value.block_dim;
        held.thread_position = value.thread_position;
        held.divided_position = value.divided_position;
        held.narrow_thread = holds_thread_position(decl, value) ? decl.token : value.narrow_thread;
        held.bare_block_id = value.bare_block_id;
        if (holds_block_index(decl, value)) held.signed_block = decl.token;
        held.products = value.products;
        for (auto& product : held.products) {
            product.needs_narrow_store = false;  // surely 32-bit
            product.stored = true;
        }
        return held;
    }

    // `int idx = blockIdx.x * blockDim.x + threadIdx.x`: a thread's position over the x axis,
    // signed 32 bits. Not a block's own index, a warp's, nor one of the y and z axes.
    bool holds_thread_position(const Declaration& decl, const Value& value) const {
        return aliases_.width_of(decl.type) == IntWidth::narrow && !spells_unsigned(decl.type) &&
               value.thread_position && !value.beside_runtime_term && !value.divided_position &&
               is_thread_index(value) && block_id_spelling(value.taint->token) == "blockIdx.x";
    }

    // `const int i = blockIdx.x`: a block's own index of the x axis, signed 32 bits.
    bool holds_block_index(const Declaration& decl, const Value& value) const {
        return aliases_.width_of(decl.type) == IntWidth::narrow && !spells_unsigned(decl.type) &&
               value.bare_block_id && block_id_spelling(value.taint->token) == "blockIdx.x";
    }

    // `sum_k += scheduler.current_shape_k` (DeepGEMM's grouped GEMM, fixed by its commit
    // bb4424a): a 32-bit variable that adds up runtime sizes is an offset into the tensors
    // they size, laid end to end; times a row length (`sum_k * shape_m`) it is an element
    // offset that wraps once they pass 2^31 elements. Not a loop's own variable stepping (`i
    // += stride`), nor one that already holds an id or a read (followed as that).
    bool sums_sizes(const Declaration& decl, const Value& held, const Value& value) const {
        return held.width == IntWidth::narrow && !held.pointer && !held.taint &&
               is_runtime_size(value) && value.products.empty() && !value.grid_step &&
               !is_loop_variable(decl);
    }

    // Declared in a `for` header: `for (int i = …; …; i += step)`.
    bool is_loop_variable(const Declaration& decl) const {
        for (std::size_t i = decl.token; i-- > function_.body_begin;) {
            const Token& t = tokens_[i];
            if (is_op(t, ";") || is_op(t, "{") || is_op(t, "}")) return false;
            if (is_op(t, "(")) return i > 0 && is_keyword(tokens_[i - 1], "for");
        }
        return false;
    }

    static Value running_offset(Value sum, std::size_t op) {
        sum.taint = IndexRead{"", op, false, true};
        sum.from_kernel = true;
        return sum;
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
        if (const auto* array = local_array(target)) return store_element(*array, target, value);
        if (target.kind != CppExpr::Kind::name) {
            eval(target);
            if (stored_width(target) == IntWidth::wide) report_all(value);
            return value;
        }
        const auto* decl = lookup(tokens_[target.token].text, target.token);
        if (!decl) return assign_member(tokens_[target.token].text, op, value);
        Value& held = state(decl);
        if (held.pointer && (op == "+=" || op == "-=")) sink(value, decl->name);
        if (held.pointer) return held;
        if (op == "=" && value.grid_step) grid_walked_.insert(decl->token);
        if (op == "=") return held = assigned_value(*decl, value);
        if (op == "+=" && value.grid_step) {
            grid_strided_.insert(decl->token);
            // `int64_t chunk_offset = blockIdx.x * blockDim.y + threadIdx.y; for (chunk =
            // chunk_offset; …; chunk += stride)`: the start it was given is a grid-stride start.
            if (held.widened_late) grid_strided_.insert(held.widened_late->at);
        }
        if (op == "+=" && sums_sizes(*decl, held, value))
            return held = running_offset(assigned_value(*decl, merge(held, value)), expr.token);
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

    // A name the function does not declare is a template parameter, a constant or a macro; in a
    // member function, it may be a data member of its class (xformers' `attn_bias_ptr +=
    // batch_id * bias_strideB` in Params::advance_to_block).
    Value name_value(const CppExpr& expr) {
        const auto* decl = lookup(tokens_[expr.token].text, expr.token);
        if (!decl) {
            if (auto member = own_member(tokens_[expr.token].text)) return *member;
            Value constant;
            constant.constant = true;
            return constant;
        }
        Value value = state(decl);
        if (value.pointer) value.pointer_name = decl->name;
        if (constants_.count(decl)) value.constant = true;
        return value;
    }

    // `attn_bias_ptr += batch_id * bias_strideB` in a member function: the offset moves a
    // pointer of the class, an address.
    Value assign_member(std::string_view name, std::string_view op, const Value& value) {
        auto member = own_member(name);
        if (member && member->pointer && (op == "+=" || op == "-=")) sink(value, name);
        return value;
    }

    std::optional<Value> own_member(std::string_view name) {
        if (!in_class_) in_class_ = is_in_class_body(function_, tokens_);
        if (!*in_class_) return std::nullopt;
        const MemberType* member = members_.find(name);
        if (!member) return std::nullopt;
        if (member->is_pointer) return pointer_value(member->type);
        IntWidth width = aliases_.width_of(member->type);
        if (width == IntWidth::unknown) return std::nullopt;
        return plain_value(width, member->type);
    }

    // threadIdx.x and friends are 32-bit positions bounded by the launch, never index values.
    Value member_value(const CppExpr& expr) {
        const CppExpr& base = *expr.operands[0];
        static const std::set<std::string_view> kBuiltins = {"threadIdx", "blockIdx", "blockDim",
                                                             "gridDim"};
        if (base.kind == CppExpr::Kind::name && kBuiltins.count(tokens_[base.token].text))
            return builtin_value(tokens_[base.token].text, base.token);
        // `params.block_stride`, `params.block_table`: as the tree's struct declares it.
        const MemberType* member = members_.find(tokens_[expr.token].text);
        if (!member) return {};
        if (member->is_pointer) return pointer_value(member->type);
        IntWidth width = aliases_.width_of(member->type);
        if (width == IntWidth::unknown && !unseen_type_holds_ids(member->type)) return {};
        return plain_value(width, member->type);
    }

    // blockIdx is the kernel's own block id, as large as the grid; threadIdx and blockDim are
    // bounded by the device (1,024 threads a block); gridDim is a count.
    static Value builtin_value(std::string_view builtin, std::size_t token) {
        Value value = plain_value(IntWidth::narrow, "unsigned int");
        if (builtin == "blockIdx") {
            value.taint = IndexRead{"blockIdx", token, true};
            value.from_kernel = true;
            value.bare_block_id = true;
        }
        // gridDim is a count of blocks: a block id times it is still a block id.
        value.constant = builtin == "threadIdx" || builtin == "blockDim" || builtin == "gridDim";
        value.grid_step = builtin == "gridDim";
        value.block_dim = builtin == "blockDim";
        return value;
    }

    Value unary_value(const CppExpr& expr) {
        if (const auto* pointer = read_pointer(expr)) return element_read(*pointer, expr);
        Value operand = eval(*expr.operands[0]);
        auto op = tokens_[expr.token].text;
        if (op == "&") return pointer_value({});
        if (op == "!") return plain_value(IntWidth::narrow, "bool");
        return operand;
    }

    Value cast_value(const CppExpr& expr) {
        Value operand = expr.operands.empty() ? Value{} : eval(*expr.operands[0]);
        for (std::size_t i = 1; i < expr.operands.size(); ++i) eval(*expr.operands[i]);
        if (expr.type == "*") return pointer_cast(operand);
        Value cast = plain_value(aliases_.width_of(expr.type), expr.type);
        // Widening a product that already wrapped does not help: still a finding. A coordinate
        // of the kernel's ids kept in a variable (`static_cast<int64_t>(istartH) + iH`) keeps
        // its products instead: it is a finding where it reaches an address, as before the cast.
        if (cast.width == IntWidth::wide) {
            cast.widened_late = late_widening(expr.token, operand);
            report_widened_count(operand);
            auto [coordinates, fresh] = split_stored(operand);
            report_all(fresh);
            cast.products = std::move(coordinates.products);
        }
        // The read stays known through a widening: narrowed again, it is an index again.
        if (cast.width != IntWidth::unknown) {
            cast.taint = operand.taint;
            cast.bounded = operand.bounded;
            cast.from_memory = operand.from_memory;
            cast.from_kernel = operand.from_kernel;
            cast.thread_position = operand.thread_position;
            cast.divided_position = operand.divided_position;
            cast.bare_block_id = operand.bare_block_id && cast.width == IntWidth::narrow;
        }
        cast.constant = operand.constant;
        if (cast.width == IntWidth::narrow) cast.products = operand.products;
        return cast;
    }

    // `value` as the products kept in a 32-bit variable of the kernel's ids, and the rest.
    static std::pair<Value, Value> split_stored(const Value& value) {
        Value stored = value, fresh = value;
        std::erase_if(stored.products, [](const Product& p) { return !is_coordinate(p); });
        std::erase_if(fresh.products, [](const Product& p) { return is_coordinate(p); });
        return {std::move(stored), std::move(fresh)};
    }

    static bool is_coordinate(const Product& product) {
        return product.stored && product.tensor_reach && !product.bounded;
    }

    // `reinterpret_cast<float4*>(src + offset)`: the same address, with the block-id offsets
    // that wait in it for a read or write.
    static Value pointer_cast(const Value& operand) {
        Value cast = pointer_value({});
        if (!operand.pointer) return cast;
        cast.pointer_name = operand.pointer_name;
        cast.pool = operand.pool;
        cast.products = operand.products;
        return cast;
    }

    Value call_value(const CppExpr& expr) {
        if (const auto* pointer = read_pointer(expr)) return element_read(*pointer, expr);
        Value combined;
        Value shuffled;
        bool first = true;
        const CppExpr& callee = *expr.operands[0];
        const std::size_t shuffled_argument = shuffled_operand(callee);
        for (std::size_t i = 1; i < expr.operands.size(); ++i) {
            Value arg = eval(*expr.operands[i]);
            if (i == shuffled_argument) shuffled = arg;
            if (calls_ && callee.kind == CppExpr::Kind::name && is_block_id_argument(arg))
                calls_->push_back({tokens_[callee.token].text, expr.operands.size() - 1, i - 1,
                                   arg.taint->token, arg.thread_position, arg.divided_position});
            // A pointer handed to a function (`load_input(u + r * stride, ...)`) is read or
            // written there: the block-id offsets it holds are used as an address.
            if (arg.pointer) sink_pointer(arg, arg.pointer_name, arg.pool);
            if (in_wide_init_) report_widened_count(arg);
            combined = first ? arg : merge(combined, arg);
            first = false;
        }
        if (shuffled_argument != 0) return shuffled;
        return is_min_or_max(*expr.operands[0]) ? combined : Value{};
    }

    // A warp shuffle hands a lane's value to the others (`int offset = __shfl_sync(mask,
    // __ldg(topk_info + k), 0)`, NCCL EP's low-latency kernels): the operand whose value it
    // returns, counted from 1 (0 for any other call).
    std::size_t shuffled_operand(const CppExpr& callee) const {
        if (callee.kind != CppExpr::Kind::name) return 0;
        const auto name = tokens_[callee.token].text;
        if (!name.starts_with("__shfl")) return 0;
        if (name == "__shfl_sync" || name == "__shfl_xor_sync" || name == "__shfl_up_sync" ||
            name == "__shfl_down_sync")
            return 2;
        if (name == "__shfl" || name == "__shfl_xor" || name == "__shfl_up" ||
            name == "__shfl_down")
            return 1;
        return 0;
    }

    bool is_min_or_max(const CppExpr& callee) const {
        if (callee.kind != CppExpr::Kind::name) return false;
        auto name = tokens_[callee.token].text;
        return name == "min" || name == "max";
    }

    Value index_value(const CppExpr& expr) {
        const CppExpr* subscript = expr.operands.size() > 1 ? expr.operands[1].get() : nullptr;
        return element_read(*expr.operands[0], expr, subscript);
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
        if (op == "*" || op == "<<") return multiply(expr, lhs, rhs);
        if (op == "-" && is_block_id_argument(lhs) && spells_block_id(*expr.operands[0]) &&
            read_id(rhs) && rhs.products.empty())
            return block_id_from_base(lhs, rhs);
        if (op == "-" && is_segment_length(lhs, rhs))
            return plain_value(combine(lhs.width, rhs.width));
        if (op == "+" || op == "-") return add(lhs, rhs);
        if (op == "/" || op == ">>") {
            report_divided(lhs);
            note_wide_divisor(expr, lhs, rhs);
            report_decomposed(lhs, rhs);
            return quotient(lhs, rhs);
        }
        if (op == "%") {
            note_wide_divisor(expr, lhs, rhs);
            report_decomposed(lhs, rhs);
        }
        if (op == "%" || op == "&") return bounded(merge(lhs, rhs));
        if (op == "<" || op == "<=" || op == ">" || op == ">=") compare(expr, lhs, rhs);
        return plain_value(combine(lhs.width, rhs.width));
    }

    // `const auto b_t = blockIdx.x * blockDim.x + threadIdx.x; t = b_t / max_B` with a 64-bit
    // `max_B` (FBGEMM's bucketize kernels, PR 5923): the flat thread number is decomposed by a
    // 64-bit extent, so the grid is sized over a 64-bit count, but the number was computed in 32
    // bits: it wraps once the grid passes 2^32 threads (2^31 for a signed one), before the
    // division widens it. Reported at the variable's declaration, once.
    void note_wide_divisor(const CppExpr& expr, const Value& dividend, const Value& divisor) {
        if (divisor.width != IntWidth::wide || divisor.pointer || !is_thread_index(dividend) ||
            dividend.width != IntWidth::narrow || !dividend.thread_position ||
            dividend.divided_position || block_id_spelling(dividend.taint->token) != "blockIdx.x")
            return;
        const auto* decl = compared_variable(*expr.operands[0]);
        if (!decl) return;
        // `auto` takes the unsigned type of `blockIdx.x * blockDim.x + threadIdx.x`.
        const bool is_signed = decl->type != "auto" && !spells_unsigned(decl->type);
        divided_thread_numbers_.try_emplace(
            decl->token,
            DividedNumber{CountBound{dividend.taint->token, std::string(decl->name),
                                     text_of(*expr.operands[1]), tokens_[expr.token].line},
                          is_signed});
    }

    // A thread index of the kernel's own (`blockIdx.x * blockDim.x + threadIdx.x`, a grid-stride
    // index) is bounded by what it is compared with. A bound that is a 32-bit product of runtime
    // sizes (`id < m * n`) counts what the index walks, at least that many elements of the
    // tensor it addresses, and wraps once that product passes 2^31 - 1. A bound held in one
    // 32-bit value (`id < n`) cannot describe a larger tensor; a 64-bit one (`i < numel`, an
    // int64_t) may be a dimension (channels, segments) as well as an element count, so a 32-bit
    // index compared with it is not reported (16 of PyTorch 2.6's kernels, mostly dimensions).
    void compare(const CppExpr& expr, const Value& lhs, const Value& rhs) {
        auto note = [&](const Value& index, const CppExpr& index_expr, const Value& count,
                        const CppExpr& count_expr) {
            if (!is_thread_index(index) || !count.size_product || count.width != IntWidth::narrow)
                return;
            count_bounds_.try_emplace(*count.size_product,
                                      CountBound{index.taint->token, text_of(index_expr),
                                                 text_of(count_expr), tokens_[expr.token].line});
        };
        note(lhs, *expr.operands[0], rhs, *expr.operands[1]);
        note(rhs, *expr.operands[1], lhs, *expr.operands[0]);
        note_wide_bound(lhs, *expr.operands[0], rhs, *expr.operands[1]);
        note_wide_bound(rhs, *expr.operands[1], lhs, *expr.operands[0]);
        note_narrow_bound(lhs, *expr.operands[0], rhs, *expr.operands[1]);
        note_narrow_bound(rhs, *expr.operands[1], lhs, *expr.operands[0]);
    }

    // `for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < num_elems; i += blockDim.x *
    // gridDim.x)` with an int64_t bound: the index walks to the bound in steps of the whole
    // grid and wraps once the bound passes 2^31 - 1 (vLLM #6838). So does a thread index of
    // the x axis compared with one (`x < ne01` with `int x = blockIdx.x * TILE + threadIdx.x`,
    // ggml's transposed copy, llama.cpp PR 25000): the grid is sized to the bound, as a loop's
    // range is to its end (clang-tidy's bugprone-too-small-loop-variable). `y + j < ne00`
    // compares `y`, offset by a loop's step.
    void note_wide_bound(const Value& index, const CppExpr& index_expr, const Value& bound,
                         const CppExpr& bound_expr) {
        if (!is_thread_index(index) || index.width != IntWidth::narrow) return;
        const bool template_index = is_template_index(bound);
        if (bound.width != IntWidth::wide && !template_index) return;
        const auto* decl = compared_variable(index_expr);
        if (!decl) return;
        CountBound noted{index.taint->token, std::string(decl->name), text_of(bound_expr),
                         tokens_[index_expr.token].line};
        if (template_index)
            noted.bound_width = "of index type " + bound.type + ", 64-bit where so instantiated";
        noted.thread_position = index.thread_position;
        wide_bounds_.try_emplace(decl->token, std::move(noted));
    }

    // `for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)`
    // with a 32-bit `n`: the index stays below n, but its last step adds the whole grid, so a
    // signed 32-bit index passes 2^31 - 1 once n is within one grid stride of it (cuDF's
    // `size_type` loops, PR 13895; bitsandbytes PR 1784, whose bound is the grid's own size).
    // Reported when it steps by the grid. Only a thread's index (a block id scaled by the block:
    // `blockIdx.x * BLOCK_SIZE`) of the x axis walks a tensor's elements: a block's own
    // (`token = blockIdx.x; token < num_tokens; token += gridDim.x`) or a warp's (a thread's
    // divided, `global_warp_id`) walks rows or tokens, and
    // the y and z axes, at most 65,535 blocks, a dimension (an image's rows). Not an unsigned
    // index either: room up to 2^32, where a 32-bit bound rarely reaches.
    void note_narrow_bound(const Value& index, const CppExpr& index_expr, const Value& bound,
                           const CppExpr& bound_expr) {
        if (!is_thread_index(index) || index.width != IntWidth::narrow) return;
        // A count multiplied in 32 bits (`i < m * n`) is reported as that count, which wraps first.
        // A bound of unknown width (`auto const size = view.size()`) reaches as far as a 32-bit
        // one at least; a 64-bit one is reported by note_wide_bound.
        if (bound.width == IntWidth::wide || bound.pointer || bound.size_product ||
            (bound.constant && !bound.grid_step))
            return;
        const auto* decl = compared_variable(index_expr);
        // `auto i = blockIdx.x * blockDim.x + threadIdx.x` is unsigned, and a sum with an int
        // too: only a declared type tells a signed index.
        if (!decl || decl->type == "auto" || spells_unsigned(decl->type)) return;
        if (!index.thread_position || index.divided_position ||
            block_id_spelling(index.taint->token) != "blockIdx.x")
            return;
        narrow_bounds_.try_emplace(decl->token,
                                   CountBound{index.taint->token, std::string(decl->name),
                                              text_of(bound_expr), tokens_[index_expr.token].line});
    }

    // The variable a thread index compared with a bound is held in (`i`, or `y` of `y + j`).
    const Declaration* compared_variable(const CppExpr& index_expr) const {
        const CppExpr* name = &index_expr;
        if (is_offset_sum(*name)) name = name->operands[0].get();
        if (name->kind != CppExpr::Kind::name) return nullptr;
        return lookup(tokens_[name->token].text, name->token);
    }

    // Whether a type is spelled unsigned, through the aliases (`uint32_t`, `unsigned int`).
    bool spells_unsigned(std::string_view type) const {
        for (int step = 0; step < 8; ++step) {
            if (type.starts_with("unsigned") || type.starts_with("uint") || type == "size_t")
                return true;
            const std::string* target = aliases_.target_of(type);
            if (!target) return false;
            type = *target;
        }
        return false;
    }

    bool is_offset_sum(const CppExpr& expr) const {
        return expr.kind == CppExpr::Kind::binary && tokens_[expr.token].text == "+" &&
               expr.operands[0]->kind == CppExpr::Kind::name;
    }

    // A literal without a `u` suffix, or a name of a signed type (a template `int` parameter,
    // a macro): its product with an int is computed signed. blockDim, sizeof and `256u` are
    // unsigned, and so is the product.
    bool is_signed_constant(const CppExpr& expr, const Value& value) const {
        if (expr.kind == CppExpr::Kind::number) {
            std::string_view literal = tokens_[expr.token].text;
            return literal.find_first_of("uU.") == std::string_view::npos;
        }
        return expr.kind == CppExpr::Kind::name && !spells_unsigned(value.type);
    }

    static bool is_thread_index(const Value& value) {
        return value.taint && value.taint->kernel_id && !value.from_memory && !value.bounded &&
               !value.pointer && value.products.empty();
    }

    // `kbc0 = bidx0 * (iter_k * iter_j * heads) / gridDim.x` (ggml's flash attention, fixed
    // by llama.cpp PR 17939): a block id's product divided at once wraps before the division
    // scales it down, whatever the quotient is used for.
    void report_divided(const Value& dividend) {
        for (const auto& product : dividend.products)
            if (product.tensor_reach && !product.stored) report(product, {});
    }

    // `size_t index = threadIdx.x + blockIdx.x * blockDim.x; … index % dim2 … (index - d) / dim2`
    // (rtp-llm's transposes, fixed in ecba24f18): a thread number widened only after its 32-bit
    // multiply, decomposed into coordinates by a runtime extent, is a flat element index that
    // wrapped before the division; reported as where it reaches an address. A constant divisor
    // (`idx / C10_WARP_SIZE`) makes a warp's index, not a coordinate.
    void report_decomposed(const Value& dividend, const Value& divisor) {
        if (dividend.widened_late && !divisor.constant && !divisor.launch_bounded)
            widened_late(*dividend.widened_late);
    }

    // Divided or reduced (`/`, `%`, `&`): no longer surely an element offset of the kernel's ids.
    // (A quotient keeps the signed thread index it divides: that wrapped first, see quotient.)
    static void forget_element_offset(Value& value) {
        value.kernel_scalings = 0;
        value.by_block_size = false;
        value.widened_late.reset();
        value.narrow_thread.reset();
    }

    // `i / sizes[1]`: the dividend's index, scaled down; the divisor says nothing of its source.
    // A count divided (`m * n / 4`, a count of vectors) is still a count that wrapped.
    static Value quotient(const Value& lhs, const Value& rhs) {
        Value out = merge(lhs, rhs);
        forget_element_offset(out);
        // `warp = gid / 32` of a signed `int gid = blockIdx.x * blockDim.x + threadIdx.x`
        // (cuDF PR 13968, PyTorch's embedding backward): gid wrapped once the grid passed 2^31
        // threads, whatever bound the quotient is compared with.
        out.narrow_thread = lhs.narrow_thread;
        out.divided_position = lhs.thread_position;
        out.size_product = lhs.size_product;
        out.size_factors = lhs.size_factors;
        out.size_text = lhs.size_text;
        // A running offset divided (`sequence = kbc / (iter_k * iter_j * ne12)`, ggml's work
        // counter split into coordinates) counts whole units of the divisor: no longer an offset.
        if (lhs.taint && lhs.taint->running_offset) {
            out.taint.reset();
            out.from_kernel = rhs.from_kernel;
            return out;
        }
        if (!lhs.taint) return out;
        out.taint = lhs.taint;
        out.bounded = lhs.bounded;
        out.from_memory = lhs.from_memory;
        out.from_kernel = lhs.from_kernel;
        return out;
    }

    // `cu_seqlens[b + 1] - cu_seqlens[b]`, two reads of one table of offsets apart: a segment's
    // length, a size rather than an index (flashinfer's `seqLenQ`, from `ptrCumSeqLensQ`).
    static bool is_segment_length(const Value& lhs, const Value& rhs) {
        return read_id(lhs) && read_id(rhs) && lhs.taint->table == rhs.taint->table &&
               lhs.taint->token != rhs.taint->token;
    }

    static bool read_id(const Value& value) {
        return value.taint && !value.taint->kernel_id && !value.taint->running_offset;
    }

    // `blockIdx.x`, or a variable given it and nothing else (`const int bid = blockIdx.x;`).
    bool spells_block_id(const CppExpr& operand) const {
        auto is_block_idx = [&](std::size_t first, std::size_t end) {
            return end == first + 3 && is_keyword(tokens_[first], "blockIdx");
        };
        if (operand.kind == CppExpr::Kind::member)
            return is_block_idx(operand.first, operand.last + 1);
        if (operand.kind != CppExpr::Kind::name) return false;
        const auto* decl = lookup(tokens_[operand.token].text, operand.token);
        return decl && is_block_idx(decl->init_begin, decl->init_end);
    }

    bool names_a_size_operand(const CppExpr& operand) const {
        return (operand.kind == CppExpr::Kind::name || operand.kind == CppExpr::Kind::member) &&
               names_a_size(tokens_[operand.token].text);
    }

    // `slot % block_size`, `x & (N - 1)`: at most the other operand, an offset inside a block.
    static Value bounded(Value value) {
        forget_element_offset(value);
        value.bounded = value.taint.has_value();
        return value;
    }

    // `bid - args.block_range[tensor_id]` (TransformerEngine's multi-tensor padding, PR 2548): the
    // block id counted from the first block of its tensor, read from a table. Still the kernel's
    // own id, a tile of that tensor, not an id the table selects: its rows reach as far as the
    // tensor does. Only a block id itself: a thread's position minus a read offset (`offset -
    // x_offsets[d][first]`, a coordinate in a jagged dimension) stays a read value.
    static Value block_id_from_base(const Value& block_id, const Value& base) {
        Value local = block_id;
        local.width = combine(block_id.width, base.width);
        return local;
    }

    // A pointer plus an offset is an address; it points at the same element type.
    Value add(const Value& lhs_term, const Value& rhs_term) {
        Value lhs = as_column(lhs_term, rhs_term);
        Value rhs = as_column(rhs_term, lhs_term);
        drop_columns_of_wide_row(lhs, rhs);
        drop_columns_of_wide_row(rhs, lhs);
        if (lhs.pointer) sink(rhs, lhs.pointer_name, true);
        if (rhs.pointer) sink(lhs, rhs.pointer_name, true);
        if (lhs.pointer) return offset_pointer(lhs, rhs);
        if (rhs.pointer) return offset_pointer(rhs, lhs);
        Value sum = merge(lhs, rhs);
        sum.pool = sum.pool || selects_scaled_block(lhs) || selects_scaled_block(rhs);
        // Beside a runtime term (`(int64_t)row * stride + col`) a thread's position is a column
        // inside a row, bounded by the row's length.
        const Value& position = lhs.thread_position ? lhs : rhs;
        const Value& beside = lhs.thread_position ? rhs : lhs;
        if (position.thread_position && !beside.thread_position && !beside.constant) {
            sum.narrow_thread.reset();
            sum.beside_runtime_term = true;
        }
        return sum;
    }

    // In a sum, a read value selects a block only once scaled (`block * block_stride`): a
    // 32-bit read added as it is (`logits[bid * vocab_size_padded + end_id]`, a token id read
    // beside a batch row of the kernel's ids, lmdeploy's sampling penalty) is an element's
    // place in the row that the block-id term starts, which that term must reach on its own.
    static bool selects_scaled_block(const Value& term) {
        return selects_block(term) && (!term.products.empty() || term.width == IntWidth::wide);
    }

    // `oh * pooled_width + ow`, `x + row * stride + col`: a coordinate kept in a variable (`ow`,
    // from `blockIdx.y * oW`) added to a row term of the kernel's ids made here is a column
    // inside that row. The row term wraps first (its stride is at least the row's length), so
    // the column's own products are not reported through this sum.
    static Value as_column(const Value& term, const Value& beside) {
        if (!is_stored_coordinate(term) || !holds_row_term(beside)) return term;
        Value column = term;
        column.products.clear();
        return column;
    }

    // `(int64_t)row * params.h * params.d_rounded + bidh * params.d_rounded`: a block id times
    // the last factor of a 64-bit row term beside it is a column inside that row (the head's
    // place in a row of `h` heads), bounded by the row's length; the row term, widened, was the
    // one that could wrap (flash-attention's dq_accum offset after PR 1500).
    static void drop_columns_of_wide_row(Value& term, const Value& row) {
        if (row.width != IntWidth::wide || row.wide_factor.empty()) return;
        std::erase_if(term.products, [&](const Product& product) {
            return product.tensor_reach && !product.from_memory &&
                   product.other_text == row.wide_factor;
        });
    }

    static bool holds_row_term(const Value& value) {
        for (const auto& product : value.products)
            if (product.tensor_reach && !product.stored && !product.needs_narrow_store) return true;
        return false;
    }

    Value multiply(const CppExpr& expr, const Value& lhs, const Value& rhs) {
        Value product = multiplied(expr, lhs, rhs);
        // A stride held in a variable (`dq_accum_row_stride = (index_t)params.h *
        // params.d_rounded`) ends with its own last factor.
        if (product.width == IntWidth::wide)
            product.wide_factor =
                rhs.wide_factor.empty() ? spelling(*expr.operands[1]) : rhs.wide_factor;
        return product;
    }

    // The text of an expression as written, from its first token to its last.
    std::string_view spelling(const CppExpr& expr) const {
        const char* begin = tokens_[expr.first].text.data();
        const auto& last = tokens_[expr.last];
        return {begin, static_cast<std::size_t>(last.text.data() + last.text.size() - begin)};
    }

    Value multiplied(const CppExpr& expr, const Value& lhs, const Value& rhs) {
        if (auto rescaled = rescaled_coordinate(expr, lhs, rhs)) return *rescaled;
        Value result = plain_value(combine(lhs.width, rhs.width));
        result.products = lhs.products;
        add_products(result.products, rhs.products);
        result.constant = lhs.constant && rhs.constant;
        result.grid_step = lhs.grid_step || rhs.grid_step;
        result.from_memory = lhs.from_memory || rhs.from_memory;
        result.from_kernel = lhs.from_kernel || rhs.from_kernel;
        bool index_left = can_wrap(lhs) && rhs.width != IntWidth::wide;
        bool index_right = can_wrap(rhs) && lhs.width != IntWidth::wide;
        // A value read from memory is the index over a block id (`i0 * sizes_i[1]`): its
        // reach, a pool's, is the one that decides. Unless it is named as a size (`row *
        // row_length` with `row_length = args.row_length_list[tensor_id]`, TransformerEngine's
        // multi-tensor padding): then the block id's row is the index, the read its stride.
        const bool lhs_size = read_id(lhs) && names_a_size_operand(*expr.operands[0]);
        const bool rhs_size = read_id(rhs) && names_a_size_operand(*expr.operands[1]);
        if (index_left && index_right && !read_id(lhs) && read_id(rhs) && !rhs_size)
            index_left = false;
        if (index_left && index_right && lhs_size && !read_id(rhs)) index_left = false;
        index_right = index_right && !index_left;
        if (!index_left && !index_right) {
            result.size_product = size_product(expr, lhs, rhs, result.width);
            if (result.size_product) {
                result.size_factors = size_factors(lhs) + size_factors(rhs);
                result.size_text = spelling(expr);
            }
            // An offset inside a block scaled by a stride stays one.
            if (lhs.bounded || rhs.bounded) {
                result.taint = lhs.taint ? lhs.taint : rhs.taint;
                result.bounded = result.width != IntWidth::wide && result.taint.has_value();
                if (!result.bounded) result.taint.reset();
            }
            return result;
        }
        const Value& index_value = index_left ? lhs : rhs;
        const CppExpr& index = *expr.operands[index_left ? 0 : 1];
        const CppExpr& other = *expr.operands[index_left ? 1 : 0];
        const Value& other_value = index_left ? rhs : lhs;
        // `b * 4`: a small literal scales an index (a vector width, a tile) rather than
        // striding over a pool; the scaled value stays a read value and its product with a
        // stride is the one that wraps. `b * 4096` is a stride. A block id times a device or
        // compile-time bound (`blockIdx.x * blockDim.x`, `* WARP_BATCH`) is still a block or
        // thread number; an id already scaled by a runtime value was reported there.
        bool small =
            other.kind == CppExpr::Kind::number && is_small_literal(tokens_[other.token].text);
        bool kernel_only = index_value.from_kernel && !index_value.from_memory;
        const bool read_index = read_id(index_value);
        bool scaled = scaled_at_runtime(lhs, read_index) || scaled_at_runtime(rhs, read_index);
        const bool device_bound = other_value.constant || other_value.block_dim;
        if (small || scaled || (kernel_only && device_bound)) {
            if (kernel_only && !scaled) {
                result.kernel_scalings = index_value.kernel_scalings + 1;
                result.thread_position = true;
                result.by_block_size = index_value.by_block_size || other_value.block_dim ||
                                       is_keyword(tokens_[other.first], "blockDim");
                result.narrow_thread = index_value.narrow_thread;
                if (index_value.signed_block && is_signed_constant(other, other_value)) {
                    result.narrow_thread = index_value.signed_block;
                    scaled_blocks_.insert(*index_value.signed_block);
                }
            }
            result.taint = index_value.taint;
            result.bounded = index_value.bounded;
            result.from_memory = index_value.from_memory;
            result.from_kernel = index_value.from_kernel;
            return result;
        }
        Product product{expr.token,
                        text_of(index),
                        text_of(other),
                        other_type(other_value),
                        index_left,
                        *index_value.taint,
                        index_value.bounded,
                        other_value.width == IntWidth::unknown,
                        false,
                        false,
                        false,
                        std::nullopt};
        product.other_declaration = narrow_variable(other);
        // A read id offset by a block id (`start + blockIdx.x`) stays a read id: a pool's.
        product.tensor_reach = index_value.from_kernel && !index_value.from_memory;
        product.from_memory = index_value.from_memory;
        if (product.needs_narrow_store && product.tensor_reach && is_template_index(other_value)) {
            product.needs_narrow_store = false;
            product.other_type = other_value.type + ", 32-bit where instantiated with int";
        }
        add_products(result.products, {product});
        return result;
    }

    // A row or window coordinate kept in a 32-bit variable (`const int tile_row = tile_id *
    // tile_dim`, `int hstart = oh * stride_h - pad_h`) and scaled again by a runtime stride
    // (`row * row_length`): the later product is the element offset, the one that wraps first
    // (its factor is the larger), and widening the first index would not help, as the variable
    // narrows it again. It is reported in place of the products the coordinate holds. Only the
    // kernel's own ids: a value read from memory is a block id wherever it is multiplied.
    std::optional<Value> rescaled_coordinate(const CppExpr& expr, const Value& lhs,
                                             const Value& rhs) {
        if (auto widened = widened_coordinate(lhs, rhs)) return widened;
        // A choice of such a coordinate and a read (`input_ids == nullptr ? real_word_index :
        // input_ids[real_word_index]`, FasterTransformer's embedding lookup) is a read id.
        bool left = is_stored_coordinate(lhs) && !read_id(lhs) && scales(rhs, *expr.operands[1]);
        bool right =
            !left && is_stored_coordinate(rhs) && !read_id(rhs) && scales(lhs, *expr.operands[0]);
        if (!left && !right) return std::nullopt;
        const Value& coordinate = left ? lhs : rhs;
        const Value& other = left ? rhs : lhs;
        const Product& first = coordinate.products.front();
        Product product{expr.token,
                        text_of(*expr.operands[left ? 0 : 1]),
                        text_of(*expr.operands[left ? 1 : 0]),
                        other_type(other),
                        left,
                        first.read,
                        false,
                        false,
                        false,
                        false,
                        false,
                        std::nullopt};
        product.tensor_reach = first.tensor_reach;
        product.from_memory = first.from_memory;
        product.other_declaration = narrow_variable(*expr.operands[left ? 1 : 0]);
        Value result = plain_value(IntWidth::narrow);
        result.from_memory = lhs.from_memory || rhs.from_memory;
        result.from_kernel = lhs.from_kernel || rhs.from_kernel;
        result.products = {product};
        add_products(result.products, other.products);
        return result;
    }

    // Such a coordinate times a 64-bit stride (`ih * width`, an int64_t width): the offset is
    // computed in 64 bits, and the coordinate alone is no element offset.
    static std::optional<Value> widened_coordinate(const Value& lhs, const Value& rhs) {
        bool left = is_stored_coordinate(lhs) && rhs.width == IntWidth::wide && !rhs.pointer;
        bool right = is_stored_coordinate(rhs) && lhs.width == IntWidth::wide && !lhs.pointer;
        if (!left && !right) return std::nullopt;
        Value result = plain_value(IntWidth::wide);
        result.from_memory = lhs.from_memory || rhs.from_memory;
        result.from_kernel = lhs.from_kernel || rhs.from_kernel;
        result.products = (left ? rhs : lhs).products;
        return result;
    }

    // The name token of the declaration of `operand` when it is a 32-bit variable.
    // The declaration of a 32-bit variable operand, or of a 32-bit data member of a class of
    // this file (`bias_strideB` in a member function, `p.bias_strideM`): widening it there
    // widens the product (xformers widened its Params' bias strides so).
    std::optional<std::size_t> narrow_variable(const CppExpr& operand) {
        const bool member = operand.kind == CppExpr::Kind::member;
        if (operand.kind != CppExpr::Kind::name && !member) return std::nullopt;
        const auto name = tokens_[operand.token].text;
        const auto* decl = member ? nullptr : lookup(name, operand.token);
        if (!decl) return narrow_member(name, member);
        if (decl->is_pointer || aliases_.width_of(decl->type) != IntWidth::narrow)
            return std::nullopt;
        return decl->token;
    }

    std::optional<std::size_t> narrow_member(std::string_view name, bool member_access) {
        if (!member_access && !own_member(name)) return std::nullopt;
        const MemberType* type = members_.find(name);
        if (!type || type->is_pointer || aliases_.width_of(type->type) != IntWidth::narrow)
            return std::nullopt;
        return members_.declared_here(name);
    }

    // A 32-bit value whose products all went through a 32-bit variable.
    static bool is_stored_coordinate(const Value& value) {
        if (value.width != IntWidth::narrow || value.products.empty()) return false;
        for (const auto& product : value.products)
            if (!product.stored || product.needs_narrow_store || product.bounded ||
                !product.tensor_reach)
                return false;
        return true;
    }

    // A 32-bit runtime factor: not a constant, a launch bound or a small literal (a tile or
    // vector width scales a coordinate without making it an offset).
    bool scales(const Value& other, const CppExpr& other_expr) const {
        bool small = other_expr.kind == CppExpr::Kind::number &&
                     is_small_literal(tokens_[other_expr.token].text);
        return other.width == IntWidth::narrow && !other.constant && !other.launch_bounded &&
               !other.pointer && !small;
    }

    // `m * n` of two runtime integers (not ids, not bounded by the compiler or the device) in 32
    // bits: an element count that can wrap. A chain keeps its first such multiply.
    static std::optional<std::size_t> size_product(const CppExpr& expr, const Value& lhs,
                                                   const Value& rhs, IntWidth width) {
        if (width != IntWidth::narrow) return std::nullopt;
        if (lhs.size_product) return lhs.size_product;
        if (rhs.size_product) return rhs.size_product;
        bool runtime = is_runtime_size(lhs) && is_runtime_size(rhs);
        return runtime ? std::optional<std::size_t>(expr.token) : std::nullopt;
    }

    // The runtime sizes `value` multiplies: those of its product of sizes, or itself.
    static int size_factors(const Value& value) {
        if (value.size_product) return value.size_factors;
        return is_runtime_size(value) ? 1 : 0;
    }

    static bool is_runtime_size(const Value& value) {
        return !value.constant && !value.launch_bounded && !value.taint && !value.pointer;
    }

    // Whether `value` already holds a 32-bit product: the first multiply by a runtime value
    // is where the chain wraps (`b * n1 * n2`), and the one reported; widening its index
    // makes the rest of the chain 64-bit too. For a read id, the kernel's products beside it are
    // not its chain: they were the offset of its read (`input_ids[row * max_length + col]`).
    static bool scaled_at_runtime(const Value& value, bool read_index) {
        for (const auto& product : value.products)
            if (!product.needs_narrow_store && !(read_index && product.tensor_reach)) return true;
        return false;
    }

    // `TIndex num_iters` (ChainerX's take, fixed by commit 32189665 with an int64_t index): a
    // template parameter spelled as an index type, instantiated with int64_t for large arrays,
    // and with int too (RAPIDS' `IdxT`): as a bound it may be 64-bit, as a block id's stride
    // (`blockIdx.y * dataset.M`) 32-bit.
    static bool is_template_index(const Value& value) {
        return value.width == IntWidth::unknown && !value.pointer && !value.type.empty() &&
               unseen_type_holds_ids(value.type);
    }

    static std::string other_type(const Value& other) {
        if (other.width == IntWidth::unknown) return "width unknown, kept in 32 bits";
        return other.type.empty() ? "32-bit" : other.type;
    }

    // A 32-bit read value whose product can wrap: not bounded by a block, unless the
    // configured geometry makes one block larger than 2^31 - 1 elements.
    bool can_wrap(const Value& value) const {
        return value.taint && value.width != IntWidth::wide &&
               (!value.bounded || bounded_values_can_wrap_);
    }

    // ---- element reads ------------------------------------------------------------------

    // The pointer an element read goes through, when `expr` reads one: p[i] (the caller
    // handles it), *(p + i), *p, __ldg(&p[i]), __ldg(p + i).
    const CppExpr* read_pointer(const CppExpr& expr) const {
        bool deref = expr.kind == CppExpr::Kind::unary && tokens_[expr.token].text == "*";
        if (deref) return expr.operands[0].get();
        if (expr.kind != CppExpr::Kind::call || expr.operands.size() < 2) return nullptr;
        const CppExpr& callee = *expr.operands[0];
        if (callee.kind != CppExpr::Kind::name || !tokens_[callee.token].text.starts_with("__ld"))
            return nullptr;
        return expr.operands[1].get();
    }

    // The name an element read is reported by: the leftmost name of the pointer expression.
    std::size_t pointer_name_token(const CppExpr& pointer) const {
        const CppExpr* e = &pointer;
        while ((e->kind == CppExpr::Kind::binary || e->kind == CppExpr::Kind::index ||
                e->kind == CppExpr::Kind::cast || e->kind == CppExpr::Kind::unary) &&
               !e->operands.empty())
            e = e->operands[0].get();
        return e->kind == CppExpr::Kind::name || e->kind == CppExpr::Kind::member ? e->token
                                                                                  : pointer.first;
    }

    // `&p[i]` as the address of an element read (__ldg(&p[i])): the pointer is p.
    const CppExpr& strip_address_of(const CppExpr& pointer, const CppExpr*& subscript) const {
        bool address_of =
            pointer.kind == CppExpr::Kind::unary && tokens_[pointer.token].text == "&";
        if (!address_of) return pointer;
        const CppExpr& inner = *pointer.operands[0];
        if (inner.kind != CppExpr::Kind::index) return pointer;
        subscript = inner.operands.size() > 1 ? inner.operands[1].get() : nullptr;
        return *inner.operands[0];
    }

    // What reading one element through `pointer_expr` gives: an index read when the element
    // is a 32-bit or unknown (template, `IdType`) integer, or the pointer is named like a
    // configured index table; a 64-bit read value when the element is one (`const int64_t*`),
    // an index again only once narrowed.
    Value element_read(const CppExpr& pointer_expr, const CppExpr& whole,
                       const CppExpr* subscript = nullptr) {
        const CppExpr& pointer = strip_address_of(pointer_expr, subscript);
        for (std::size_t i = 2; whole.kind == CppExpr::Kind::call && i < whole.operands.size(); ++i)
            eval(*whole.operands[i]);
        const auto* array = local_array(pointer);
        std::size_t name = pointer_name_token(pointer);
        // The offset of a read from a declared table of 32-bit ids is a table lookup's.
        auto outer = std::exchange(read_site_, reads_id_table(pointer, name) && !array
                                                   ? std::optional<std::size_t>(name)
                                                   : std::nullopt);
        auto outer_chain = coordinate_chain_;
        if (pointer.kind == CppExpr::Kind::index && is_object(name)) coordinate_chain_ = name;
        const bool coordinate = coordinate_chain_ == name;
        Value offset = subscript ? eval(*subscript) : Value{};
        Value base = array ? Value{} : eval(pointer);
        coordinate_chain_ = outer_chain;
        if (coordinate) offset = without_kernel_products(offset);
        const auto accessor = accessor_of(name);
        if (accessor && accessor->offsets_32bit) offset = within_32bit_tensor(offset);
        // The read or write through the pointer: its block-id products are used now, inside
        // a block when a read id selected it.
        const bool pool = base.pool || offset.pool || selects_block(offset);
        sink(offset, tokens_[name].text, false, pool);
        sink_pointer(base, tokens_[name].text, pool);
        read_site_ = outer;
        if (array) return array_element(*array);
        if (is_device_limit(tokens_[name].text)) return device_limit();
        if (accessor) return accessor_element(*accessor, pointer, name);
        bool named_table = table_names_.matches(tokens_[name].text);
        bool unknown_base = pointer.kind == CppExpr::Kind::member ||
                            pointer.kind == CppExpr::Kind::call || base.type.empty();
        if (!base.pointer && !unknown_base && !named_table) return {};
        IntWidth width = base.type.empty() ? IntWidth::unknown : aliases_.width_of(base.type);
        if (width == IntWidth::unknown && !unseen_type_holds_ids(base.type) && !named_table)
            return {};
        // What a call returns (`self.sizes()[i]`: an IntArrayRef of int64_t) is not declared
        // here: its width is unknown rather than assumed 32-bit.
        bool through_call =
            pointer.kind == CppExpr::Kind::call || (base.type.empty() && ends_in_call(pointer));
        if (through_call) width = IntWidth::unknown;
        Value read =
            plain_value(width == IntWidth::unknown && !through_call ? IntWidth::narrow : width,
                        base.type.empty() ? (through_call ? "" : "int") : base.type);
        read.taint = IndexRead{std::string(tokens_[name].text), name};
        read.from_memory = true;
        // PyTorch's `unsigned char block_to_tensor[]`: a tensor number below 256.
        read.bounded = reads_bytes(base.type);
        return read;
    }

    // The tensor accessor a kernel's name is declared as (`update_row_idx`, a
    // `PackedTensorAccessor32<int32_t, 1, …>`).
    std::optional<TensorAccessor> accessor_of(std::size_t name) const {
        if (tokens_[name].kind != TokenKind::identifier) return std::nullopt;
        const auto* decl = lookup(tokens_[name].text, name);
        if (!decl || decl->type != "?") return std::nullopt;
        return tensor_accessor(tokens_, decl->token);
    }

    // An offset into a tensor made into a 32-bit accessor (`packed_accessor32` checks that its
    // offsets fit 32 bits): below 2^31, whatever it multiplies; the reads in it stay lookups.
    static Value within_32bit_tensor(Value offset) {
        offset.products.clear();
        offset.widened_late.reset();
        offset.narrow_thread.reset();
        return offset;
    }

    // What subscripting an accessor gives: below its last dimension, a view of one row (no
    // value); at it, an element of its type, read from memory as a pointer's would be.
    Value accessor_element(const TensorAccessor& accessor, const CppExpr& pointer,
                           std::size_t name) const {
        int depth = 1;
        for (const CppExpr* e = &pointer; e->kind == CppExpr::Kind::index && !e->operands.empty();
             e = e->operands[0].get())
            ++depth;
        if (depth != accessor.dims) return {};
        IntWidth width = aliases_.width_of(accessor.element);
        if (width == IntWidth::unknown && !unseen_type_holds_ids(accessor.element)) return {};
        Value read =
            plain_value(width == IntWidth::unknown ? IntWidth::narrow : width, accessor.element);
        read.taint = IndexRead{std::string(tokens_[name].text), name};
        read.from_memory = true;
        read.bounded = reads_bytes(accessor.element);
        return read;
    }

    // Whether `type`, through the aliases, is an 8-bit integer.
    bool reads_bytes(std::string_view type) const {
        for (int depth = 0; depth < 16 && !type.empty(); ++depth) {
            if (is_byte_type(type)) return true;
            const std::string* target = aliases_.target_of(type);
            if (!target) return false;
            type = *target;
        }
        return false;
    }

    // Whether `name` is declared as an object that is not a pointer, an array or an integer: a
    // tensor accessor (`PackedTensorAccessor64<scalar_t, 4> input`), whose `input[n][c][h][w]`
    // takes one coordinate a dimension and scales each by its own stride.
    bool is_object(std::size_t name) const {
        if (tokens_[name].kind != TokenKind::identifier) return false;
        const auto* decl = lookup(tokens_[name].text, name);
        return decl && !decl->is_pointer && !decl->is_array && decl->type != "auto" &&
               aliases_.width_of(decl->type) == IntWidth::unknown &&
               !is_non_integer_type(decl->type);
    }

    // A coordinate of such an accessor, of several subscripts: the kernel's ids in it are a
    // row or window coordinate bounded by one dimension (`oRow * dH - padH` for a height), not
    // an element offset, which the accessor computes. Values read from memory stay indices.
    static Value without_kernel_products(Value offset) {
        std::erase_if(offset.products, [](const Product& p) { return p.tensor_reach; });
        return offset;
    }

    // `iter.shape()[dim]`, `x.sizes()`: a pointer expression whose value is a call's result.
    static bool ends_in_call(const CppExpr& pointer) { return pointer.kind == CppExpr::Kind::call; }

    // The limits of the device (cudaDeviceProp): a block's threads and dimensions, the grid's
    // dimensions, shared memory. Launch and shared-memory sizes computed from them are bounded
    // by the device, not indices.
    static bool is_device_limit(std::string_view name) {
        static const std::set<std::string_view> kLimits = {
            "maxThreadsDim",       "maxGridSize", "maxThreadsPerBlock",         "sharedMemPerBlock",
            "multiProcessorCount", "warpSize",    "maxThreadsPerMultiProcessor"};
        return kLimits.count(name) > 0;
    }

    static Value device_limit() {
        Value limit = plain_value(IntWidth::narrow, "int");
        limit.constant = true;
        return limit;
    }

    // Whether `pointer` (its leftmost name at `name`) is declared as a pointer or array of a
    // 32-bit or template integer type.
    bool reads_id_table(const CppExpr& pointer, std::size_t name) const {
        if (tokens_[name].kind != TokenKind::identifier || pointer.kind == CppExpr::Kind::member)
            return false;
        const auto* decl = lookup(tokens_[name].text, name);
        if (!decl) return false;
        std::string_view type = decl->type;
        if (type == "auto") {  // `auto row = tables + ...`: the pointer it was given
            const Value& held = state_[slot(decl)];
            if (!held.pointer) return false;
            type = held.type;
        } else if (!decl->is_pointer) {
            return false;
        }
        IntWidth width = aliases_.width_of(type);
        return width == IntWidth::narrow ||
               (width == IntWidth::unknown && !type.empty() && unseen_type_holds_ids(type));
    }

    // A register array of this function (`int ids[4]`, not __shared__): what its elements
    // hold is what was stored into them, not memory another thread wrote.
    const Declaration* local_array(const CppExpr& expr) const {
        const CppExpr* base = &expr;
        while (base->kind == CppExpr::Kind::index) base = base->operands[0].get();
        if (base->kind != CppExpr::Kind::name) return nullptr;
        const auto* decl = lookup(tokens_[base->token].text, base->token);
        bool parameter = decl && decl >= function_.parameters.data() &&
                         decl < function_.parameters.data() + function_.parameters.size();
        if (!decl || parameter || !decl->is_array || decl->is_shared) return nullptr;
        return decl;
    }

    // The width of what `target` (p[i], p[i][j], *p) stores into: its element type. A product
    // stored into a 64-bit element was widened after it wrapped.
    IntWidth stored_width(const CppExpr& target) const {
        const CppExpr* base = &target;
        while (base->kind == CppExpr::Kind::index ||
               (base->kind == CppExpr::Kind::unary && tokens_[base->token].text == "*"))
            base = base->operands[0].get();
        if (base == &target || base->kind != CppExpr::Kind::name) return IntWidth::unknown;
        const auto* decl = lookup(tokens_[base->token].text, base->token);
        return decl && decl->is_pointer ? aliases_.width_of(decl->type) : IntWidth::unknown;
    }

    Value array_element(const Declaration& array) {
        Value element = plain_value(aliases_.width_of(array.type), array.type);
        auto stored = elements_.find(&array);
        if (stored != elements_.end() && element.width == IntWidth::narrow) {
            element.taint = stored->second.taint;
            element.bounded = stored->second.bounded;
        }
        return element;
    }

    // `ids[j] = block_table[...]`: the array now may hold a read value.
    Value store_element(const Declaration& array, const CppExpr& target, const Value& value) {
        for (const CppExpr* e = &target; e->kind == CppExpr::Kind::index; e = e->operands[0].get())
            if (e->operands.size() > 1) sink(eval(*e->operands[1]), array.name);
        if (aliases_.width_of(array.type) == IntWidth::wide) report_all(value);
        if (value.width != IntWidth::wide && value.taint) {
            Value& held = elements_[&array];
            held = held.taint ? merge(held, value) : value;
        }
        return value;
    }

    // ---- findings -------------------------------------------------------------------------

    // `offset` is part of an address: the read it scales is used as an index, and its
    // product is used (in the offset of the table read being evaluated, if any).
    // `deferred`: the offset of a pointer still being built (`p + i`), whose block-id
    // products wait in the pointer for the read or write through it (`pool` then says whether
    // a read id selected its block).
    void sink(const Value& offset, std::string_view tensor, bool deferred = false,
              bool pool = false) {
        if (offset.widened_late) widened_late(*offset.widened_late);
        if (offset.narrow_thread && !offset.from_memory && offset.taint)
            narrow_thread_sinks_.try_emplace(
                *offset.narrow_thread,
                ThreadOffset{offset.taint->token, tensor, offset.divided_position});
        if (offset.taint) {
            index_reads_.insert(offset.taint->token);
            index_tensors_.try_emplace(offset.taint->token, tensor);
        }
        for (const auto& product : offset.products) {
            if (deferred && product.tensor_reach) continue;
            index_reads_.insert(product.read.token);
            report(product, tensor, pool);
        }
    }

    void sink_pointer(const Value& pointer, std::string_view tensor, bool pool) {
        for (const auto& product : pointer.products)
            if (product.tensor_reach) report(product, tensor, pool);
    }

    // Products widened, or stored into a 64-bit variable or element, after they wrapped.
    // `value` holds a read id too (`block * block_stride + head * head_stride`): its block-id
    // products are offsets inside the block that id selects.
    void report_all(const Value& value) {
        const bool pool = value.pool || selects_block(value);
        for (const auto& product : value.products) report(product, {}, pool);
    }

    // Products are reported when the function has been read: one used only in the offset of
    // a table read whose value is itself used as an index is a table lookup, not reported (a
    // table of 32-bit ids addressed past 2^31 - 1 would itself be 8 GiB).
    void report_pending() {
        for (auto& [op, use] : uses_) {
            bool lookup_only = !use.data_address;
            for (auto site : use.read_sites) lookup_only = lookup_only && index_reads_.count(site);
            // A block id's product beside a read id is an offset inside the block it selects.
            bool in_block = use.product.tensor_reach && !use.outside_pool;
            if (in_block && !bounded_values_can_wrap_) continue;
            if (!lookup_only) emit(use.product, use.addressed);
        }
        for (const auto& [op, bound] : count_bounds_) emit_count(op, bound);
        for (const auto& [at, late] : late_thread_numbers_)
            if (!grid_strided_.count(at) && !grid_walked_.count(at)) emit_widened_late(late);
        for (const auto& [decl, bound] : wide_bounds_) {
            if (grid_strided_.count(decl))
                emit_grid_index(decl, bound);
            else if (bound.thread_position && block_id_spelling(bound.block_id) == "blockIdx.x")
                emit_bounded_index(decl, bound);
        }
        for (const auto& [decl, bound] : narrow_bounds_)
            if (grid_strided_.count(decl)) emit_grid_step(decl, bound);
        for (const auto& [decl, divided] : divided_thread_numbers_)
            if (!grid_strided_.count(decl)) emit_divided_thread_number(decl, divided);
        for (const auto& [decl, use] : narrow_thread_sinks_)
            if (!grid_strided_.count(decl) && !grid_walked_.count(decl))
                emit_thread_offset(decl, use);
    }

    // A thread's position held in a signed int and used as an element offset: the grid that
    // covers a tensor of more than 2^31 elements takes it past 2^31 - 1 (exllamav3's activation,
    // ggml's dequantize, fixed by declaring the index int64_t).
    // Not in a kernel of a two- or three-dimensional grid or block: there the x axis counts the
    // columns of a row the y or z axis picks (exllamav3's `col`, below its `width`).
    void emit_thread_offset(std::size_t decl, const ThreadOffset& use) {
        if (guarded_32bit_ || reads_other_grid_axes() || !reported_.insert(decl).second) return;
        const std::string name(tokens_[decl].text);
        const Token& block_id = tokens_[use.block_id];
        const std::string held = "' (blockIdx.x at line " + std::to_string(block_id.line) +
                                 ") is kept in a signed 32-bit int and ";
        // `const int i = blockIdx.x; float* y = yy + 256 * i` (candle's and ggml's dequantize
        // kernels): the block's index fits, its product with the block's size does not.
        if (scaled_blocks_.count(decl))
            return emit_by_reach(
                tokens_[decl], block_id,
                "block index '" + name + held + "scaled in it to address " + wraps_with(use.tensor),
                "declare '" + name + "' int64_t: const int64_t " + name + " = blockIdx.x");
        std::string reach = use.divided ? quoted(use.tensor) +
                                              " through a quotient: it wraps once the grid has "
                                              "more than 2^31 threads"
                                        : wraps_with(use.tensor);
        emit_by_reach(tokens_[decl], block_id,
                      "thread index '" + name + held + "addresses " + reach,
                      "declare '" + name +
                          "' int64_t and widen the block id: static_cast<int64_t>(blockIdx.x) * …");
    }

    // "'x': it wraps once x has more than 2^31 elements", or of "a tensor" when the address is
    // a member's or a call's, with no name of its own.
    static std::string wraps_with(std::string_view tensor) {
        const std::string subject = tensor.empty() ? "the tensor" : std::string(tensor);
        return quoted(tensor) + ": it wraps once " + subject + " has more than 2^31 elements";
    }

    static std::string quoted(std::string_view tensor) {
        return tensor.empty() ? "a tensor" : "'" + std::string(tensor) + "'";
    }

    // Whether the function reads the y or z axis of the grid or of the block.
    bool reads_other_grid_axes() const {
        for (std::size_t i = function_.body_begin; i + 2 < function_.body_end; ++i)
            if ((is_keyword(tokens_[i], "blockIdx") || is_keyword(tokens_[i], "threadIdx") ||
                 is_keyword(tokens_[i], "blockDim")) &&
                is_op(tokens_[i + 1], ".") &&
                (tokens_[i + 2].text == "y" || tokens_[i + 2].text == "z"))
                return true;
        return false;
    }

    void emit_divided_thread_number(std::size_t decl, const DividedNumber& divided) {
        if (guarded_32bit_ || !reported_.insert(decl).second) return;
        const CountBound& bound = divided.bound;
        const Token& block_id = tokens_[bound.block_id];
        std::string message =
            "thread number '" + bound.index_text + "' (blockIdx.x at line " +
            std::to_string(block_id.line) + ") is kept in 32 bits but divided by '" +
            bound.count_text + "', a 64-bit size, at line " + std::to_string(bound.compared_line) +
            ": it wraps once the grid passes " + (divided.is_signed ? "2^31" : "2^32") +
            " threads, before the division";
        emit_by_reach(tokens_[decl], block_id, std::move(message),
                      "declare '" + bound.index_text +
                          "' int64_t and widen the block id: static_cast<int64_t>(blockIdx.x) * …");
    }

    // A grid-stride index kept in 32 bits below a 32-bit bound: its last step wraps it.
    void emit_grid_step(std::size_t decl, const CountBound& bound) {
        if (guarded_32bit_ || !reported_.insert(decl).second) return;
        const Token& block_id = tokens_[bound.block_id];
        std::string message = "grid-stride index '" + bound.index_text + "' (blockIdx at line " +
                              std::to_string(block_id.line) + ") is kept in 32 bits below '" +
                              bound.count_text + "', compared at line " +
                              std::to_string(bound.compared_line) +
                              ": its step over the whole grid wraps it once " + bound.count_text +
                              " is within one grid of 2^31";
        emit_by_reach(tokens_[decl], block_id, std::move(message),
                      "declare '" + bound.index_text + "' int64_t: the step then cannot wrap");
    }

    // A thread index of the x axis kept in 32 bits and compared with a 64-bit bound: the grid
    // covers the bound, up to 2^31 - 1 blocks. Those of the y and z axes are left: at most
    // 65,535 blocks, they stay far below 2^31 (`blockIdx.y * 32 + threadIdx.y`). So is a block's
    // own index (`int32_t token = blockIdx.x`, vLLM's grouped top-k): at most 2^31 - 1, it fits.
    void emit_bounded_index(std::size_t decl, const CountBound& bound) {
        if (guarded_32bit_ || !reported_.insert(decl).second) return;
        const Token& block_id = tokens_[bound.block_id];
        std::string message = "thread index '" + bound.index_text + "' (blockIdx.x at line " +
                              std::to_string(block_id.line) +
                              ") is kept in 32 bits but is compared with '" + bound.count_text +
                              "', " + bound.bound_width + ", at line " +
                              std::to_string(bound.compared_line) + ": it wraps once " +
                              bound.count_text + " passes 2^31 - 1";
        emit_by_reach(tokens_[decl], block_id, std::move(message),
                      "declare '" + bound.index_text +
                          "' int64_t and widen the block id: static_cast<int64_t>(blockIdx.x) "
                          "* …");
    }

    // A grid-stride index kept in 32 bits, bounded by a 64-bit count: reported at its
    // declaration, where `int64_t` fixes it. The loop's own index wraps (an overflow of a
    // signed int, then a negative offset), whatever it addresses.
    void emit_grid_index(std::size_t decl, const CountBound& bound) {
        if (guarded_32bit_ || !reported_.insert(decl).second) return;
        const Token& block_id = tokens_[bound.block_id];
        std::string message = "grid-stride index '" + bound.index_text + "' (blockIdx at line " +
                              std::to_string(block_id.line) +
                              ") is kept in 32 bits but walks up to '" + bound.count_text +
                              "', a 64-bit count: it wraps once " + bound.count_text +
                              " passes what 32 bits hold";
        emit_by_reach(tokens_[decl], block_id, std::move(message),
                      "declare '" + bound.index_text + "' int64_t, as its bound is");
    }

    // `int64_t start = blockIdx.x * blockDim.x * 8`: an element offset of the kernel's ids (a
    // thread number scaled again) computed in 32 bits and widened once computed, when it may
    // have wrapped already (flashinfer PR 1290). Reported where it reaches an address
    // (`input + start`); scaled again it was a row index (apex's `long int first_batch =
    // (…) * WARP_BATCH`, then `first_batch * element_count`). So is a thread number alone
    // (`uint64_t gid = threadIdx.x + blockDim.x * blockIdx.x`, raft PR 835; ggml's copy, llama.cpp
    // PR 18433): the unsigned product wraps once the grid passes 2^32 threads. Not one of the y
    // or z axes (at most 65,535 blocks: `blockIdx.y * blockDim.y * 4` fits), nor a block id
    // scaled by constants alone (a head's offset inside a row).
    std::optional<LateWidening> late_widening(std::size_t at, const Value& value) const {
        if (value.widened_late) return value.widened_late;
        if (value.kernel_scalings < 1 || !value.by_block_size || value.width != IntWidth::narrow ||
            !value.taint || !value.taint->kernel_id || value.from_memory ||
            block_id_spelling(value.taint->token) != "blockIdx.x")
            return std::nullopt;
        return LateWidening{at, value.taint->token, value.kernel_scalings == 1};
    }

    // A thread number waits for the end of the function: the start of a grid-stride loop
    // (`for (size_t i = threadIdx.x + blockIdx.x * blockDim.x; …; i += blockDim.x * gridDim.x)`)
    // is bounded by a grid the kernel's launch sizes, not by the data, and is left.
    void widened_late(const LateWidening& late) {
        if (late.thread_number)
            late_thread_numbers_.try_emplace(late.at, late);
        else
            emit_widened_late(late);
    }

    void emit_widened_late(const LateWidening& late) {
        if (guarded_32bit_ || !reported_.insert(late.at).second) return;
        const Token& block_id = tokens_[late.block_id];
        const std::string name = block_id_spelling(late.block_id);
        const std::string what = late.thread_number ? "thread number" : "element offset";
        const std::string limit =
            late.thread_number ? "the grid passes 2^32 threads" : "the offset passes 2^31 - 1";
        emit_by_reach(tokens_[late.at], block_id,
                      what + " of block id '" + name + "' (blockIdx at line " +
                          std::to_string(block_id.line) +
                          ") is computed in 32 bits and only then widened: it wraps once " + limit +
                          ", before the widening",
                      "widen the block id first: static_cast<int64_t>(" + name + ") * …");
    }

    // `blockIdx.x` from its first token.
    std::string block_id_spelling(std::size_t token) const {
        std::string name(tokens_[token].text);
        if (token + 2 < tokens_.size() && is_op(tokens_[token + 1], "."))
            name.append(".").append(tokens_[token + 2].text);
        return name;
    }

    // A thread index bounded by a 32-bit element count, when the index addresses memory.
    void emit_count(std::size_t op, const CountBound& bound) {
        auto tensor = index_tensors_.find(bound.block_id);
        if (tensor == index_tensors_.end() || guarded_32bit_) return;
        if (!reported_.insert(op).second) return;
        const Token& block_id = tokens_[bound.block_id];
        emit_by_reach(
            tokens_[op], block_id, count_message(bound, block_id.line, tensor->second),
            "count in 64 bits (`1LL * " + bound.count_text + "`) and keep the index in an int64_t");
    }

    // `params.seqlen_q_rounded * params.h * params.d_rounded`, a batch's element count handed
    // to `binfo.q_offset` as its 64-bit stride (flash-attention PR 2260): three or more runtime
    // sizes multiplied in 32 bits, then widened. Two (`h * d`, a row) are as often bounded.
    void report_widened_count(const Value& value) {
        if (!value.size_product || value.size_factors < 3 || value.width != IntWidth::narrow ||
            guarded_32bit_ || !reported_.insert(*value.size_product).second)
            return;
        const std::string text = squeezed(value.size_text);
        findings_->push_back(reach_finding(
            tokens_[*value.size_product],
            "element count '" + text + "' multiplies " + std::to_string(value.size_factors) +
                " runtime sizes in 32 bits and only then is widened: it wraps once it passes "
                "2^31 - 1",
            "widen the first factor: static_cast<int64_t>(…) * …"));
    }

    // A finding at `at` about a thread index, its severity by reach, the blockIdx it comes from
    // as its related location.
    void emit_by_reach(const Token& at, const Token& block_id, std::string message,
                       std::string fix_hint) {
        Finding finding = reach_finding(at, std::move(message), std::move(fix_hint));
        finding.related.push_back(RelatedLocation{file_.path, block_id.line, block_id.column,
                                                  "block id (blockIdx) here"});
        findings_->push_back(std::move(finding));
    }

    Finding reach_finding(const Token& at, std::string message, std::string fix_hint) const {
        Finding finding;
        finding.rule = kIndexStrideRule;
        finding.severity = tensor_reach_severity(config_);
        finding.path = file_.path;
        finding.line = at.line;
        finding.column = at.column;
        finding.message = std::move(message);
        finding.fix_hint = std::move(fix_hint);
        finding.source_line = std::string(file_.line_text(at.line));
        return finding;
    }

    std::string text_of(const CppExpr& expr) const { return squeezed(spelling(expr)); }

    // `spelled`, its white space runs made one space each.
    static std::string squeezed(std::string_view spelled) {
        std::string text;
        for (char c : spelled) {
            bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
            if (space && (text.empty() || text.back() == ' ')) continue;
            text += space ? ' ' : c;
        }
        return text;
    }

    void report(const Product& product, std::string_view tensor, bool pool = false) {
        if (product.needs_narrow_store) return;
        auto& use =
            uses_.try_emplace(product.op, ProductUse{product, false, {}, {}, false}).first->second;
        if (use.addressed.empty()) use.addressed = tensor;
        use.outside_pool = use.outside_pool || !pool;
        if (read_site_)
            use.read_sites.insert(*read_site_);
        else
            use.data_address = true;
    }

    void emit(const Product& product, std::string_view tensor) {
        // A product of block ids in a file whose launcher checks that its tensors fit 32-bit
        // indexing (`canUse32BitIndexMath`, `numel() < INT_MAX` ...) cannot wrap.
        if (product.tensor_reach && guarded_32bit_) return;
        if (!reported_.insert(product.op).second) return;
        const Token& op = tokens_[product.op];
        const Token& read = tokens_[product.read.token];
        Finding finding;
        finding.rule = kIndexStrideRule;
        finding.severity = product.tensor_reach ? tensor_reach_severity(config_) : Severity::error;
        finding.path = file_.path;
        finding.line = op.line;
        finding.column = op.column;
        finding.message = subject(product, read.line) + " times '" + product.other_text + "' (" +
                          product.other_type +
                          ") is computed in 32 bits: " + wraps(product, tensor);
        finding.related.push_back(
            RelatedLocation{file_.path, read.line, read.column, related_message(product)});
        if (product.other_declaration) {
            const Token& other = tokens_[*product.other_declaration];
            if (other.line != op.line && other.line != read.line)
                finding.related.push_back(RelatedLocation{file_.path, other.line, other.column,
                                                          "'" + std::string(other.text) +
                                                              "' is declared " +
                                                              product.other_type + " here"});
        }
        finding.fix_hint = fix_hint(product);
        finding.source_line = std::string(file_.line_text(op.line));
        if (!product.tensor_reach) finding.reach = reach_;
        findings_->push_back(std::move(finding));
    }

    std::string count_message(const CountBound& bound, std::int64_t block_id_line,
                              std::string_view tensor) const {
        const std::string from = " (blockIdx at line " + std::to_string(block_id_line) + ")";
        return "element count '" + bound.count_text + "', the bound of thread index '" +
               bound.index_text + "'" + from +
               ", is computed in 32 bits: " + tensor_count_text(tensor, bound.count_text, config_);
    }

    // "index 'block' (read from seq_table at line 5)", "block id 'row' (blockIdx at line 3)",
    // "position '(start + row)' (from starts at line 4 and the block ids)".
    static std::string subject(const Product& product, std::int64_t line) {
        const std::string at = " at line " + std::to_string(line) + ")";
        if (!product.tensor_reach)
            return index_noun(product.read.table) + " '" + product.index_text + "' (read from " +
                   product.read.table + at;
        if (product.read.kernel_id) return "block id '" + product.index_text + "' (blockIdx" + at;
        if (product.read.running_offset)
            return "running offset '" + product.index_text + "' (sizes summed into it" + at;
        return "position '" + product.index_text + "' (from " + product.read.table +
               at.substr(0, at.size() - 1) + " and the block ids)";
    }

    static std::string related_message(const Product& product) {
        if (product.read.kernel_id) return "block id (blockIdx) here";
        if (product.read.running_offset) return "sizes summed into an offset here";
        const std::string noun = index_noun(product.read.table);
        return noun + " read from " + product.read.table + " here";
    }

    std::string wraps(const Product& product, std::string_view tensor) const {
        if (product.tensor_reach)
            return tensor_reach_text(tensor, product.index_text, product.other_text, config_);
        return product.bounded ? kBoundedProductWraps : kIndexProductWraps;
    }

    static std::string fix_hint(const Product& product) {
        std::string widened = "static_cast<int64_t>(" + product.index_text + ")";
        return "widen before the multiply: " + (product.index_on_left
                                                    ? widened + " * " + product.other_text
                                                    : product.other_text + " * " + widened);
    }
};

// `a.ids[…]`, `p->ids[…]`, `f(…)[…]` or `__ldg(…)` at token `i`. Told apart by the token's kind
// first: this runs for every token of every function body not passed on its declarations.
// Operators are compared by their bytes: string compares, left out of line, cost a call each.
bool reads_through_member_call_or_ldg(std::span<const Token> tokens, std::size_t i) {
    auto is_byte_op = [](const Token& token, char byte) {
        return token.kind == TokenKind::op && token.text.size() == 1 && token.text[0] == byte;
    };
    const Token& t = tokens[i];
    if (t.kind == TokenKind::identifier) {
        if (t.text.size() >= 4 && t.text[0] == '_' && t.text.starts_with("__ld")) return true;
        if (!is_byte_op(tokens[i + 1], '[')) return false;  // as most words are
        const Token& before = tokens[i - 1];
        return is_byte_op(before, '.') ||
               (before.kind == TokenKind::op && before.text.size() == 2 && before.text[0] == '-' &&
                before.text[1] == '>');
    }
    return is_byte_op(t, ')') && is_byte_op(tokens[i + 1], '[');
}

// Whether `function` can read an id from memory at all: it declares a pointer or array of
// integers (64-bit ones too: narrowed, their elements are ids) or one named like a configured
// table, reads through a member, a call or __ldg. Most kernels of a large tree only touch float
// data and are not analysed further.
bool may_read_ids(const FunctionInfo& function, std::span<const Token> tokens,
                  const TypeAliases& aliases, const IndexTableNames& table_names) {
    auto holds_ids = [&](const Declaration& decl) {
        if (!decl.is_pointer) return false;
        if (table_names.matches(decl.name)) return true;
        IntWidth width = aliases.width_of(decl.type);
        return width == IntWidth::narrow || width == IntWidth::wide ||
               (width == IntWidth::unknown && unseen_type_holds_ids(decl.type));
    };
    for (const auto& decl : function.parameters)
        if (holds_ids(decl)) return true;
    for (const auto& decl : function.locals)
        if (holds_ids(decl)) return true;
    for (std::size_t i = function.body_begin + 1; i + 1 < function.body_end; ++i)
        if (reads_through_member_call_or_ldg(tokens, i)) return true;
    return false;
}

// Whether `function` may keep a thread index where its width matters: a 64-bit local (widened
// after a 32-bit multiply, `int64_t i = blockIdx.x * blockDim.x + threadIdx.x`), or a 32-bit
// local beside a 64-bit or index-typed parameter that may bound it (`int row = …; if (row >=
// num_rows)`) or divide it (`const auto b_t = …; b_t / max_B`: an `auto` local counts as 32-bit).
bool may_keep_thread_index(const FunctionInfo& function, const TypeAliases& aliases) {
    auto has = [&](const std::vector<Declaration>& decls, IntWidth width) {
        return std::ranges::any_of(decls, [&](const Declaration& decl) {
            return !decl.is_pointer && aliases.width_of(decl.type) == width;
        });
    };
    auto index_typed = [&] {
        return std::ranges::any_of(function.parameters, [&](const Declaration& decl) {
            return !decl.is_pointer && aliases.width_of(decl.type) == IntWidth::unknown &&
                   unseen_type_holds_ids(decl.type);
        });
    };
    const bool auto_local = std::ranges::any_of(function.locals, [](const Declaration& decl) {
        return !decl.is_pointer && decl.type == "auto";
    });
    return has(function.locals, IntWidth::wide) ||
           ((has(function.locals, IntWidth::narrow) || auto_local) &&
            (has(function.parameters, IntWidth::wide) || index_typed()));
}

// Whether `function` reads its own block id: a source of ids of its own (issue #30).
bool reads_block_id(const FunctionInfo& function, std::span<const Token> tokens) {
    for (std::size_t i = function.body_begin + 1; i < function.body_end; ++i)
        if (is_keyword(tokens[i], "blockIdx")) return true;
    return false;
}

// The parameters a call passes: those between the '(' after the name and its partner, not the
// template's (`template <int N> void f(int a, T b)` has two).
std::size_t call_parameter_count(const FunctionInfo& function, std::span<const Token> tokens) {
    return static_cast<std::size_t>(std::count_if(
        function.parameters.begin(), function.parameters.end(),
        [&](const Declaration& decl) { return !is_template_parameter(decl, tokens); }));
}

// The functions of the file that its functions hand a block id (`compute_dq_dk_dv_1colblock(
// params, bidb, …)` with `bidb = blockIdx.y`, flash-attention's backward kernel): analysed
// again with those parameters holding the id, three calls deep, each set of parameters once.
// Their findings add to those of their own analysis, at places it did not report.
template <typename Analyse>
void analyse_id_callees(const std::vector<FunctionInfo>& functions, std::span<const Token> tokens,
                        std::vector<IdArgument> calls, std::vector<Finding>& findings,
                        const Analyse& analyse) {
    std::set<std::pair<const FunctionInfo*, std::vector<std::size_t>>> analysed;
    for (int depth = 0; depth < 3 && !calls.empty(); ++depth) {
        std::vector<IdArgument> more;
        for (const auto& function : functions) {
            std::vector<IdArgument> ids;
            std::vector<std::size_t> arguments;
            const std::size_t arity = call_parameter_count(function, tokens);
            for (const auto& call : calls)
                if (call.callee == function.name && call.arguments == arity &&
                    std::find(arguments.begin(), arguments.end(), call.argument) ==
                        arguments.end()) {
                    ids.push_back(call);
                    arguments.push_back(call.argument);
                }
            std::sort(arguments.begin(), arguments.end());
            if (ids.empty() || !analysed.emplace(&function, arguments).second) continue;
            std::vector<Finding> found;
            analyse(function, ids, found, more);
            for (auto& finding : found)
                if (std::none_of(findings.begin(), findings.end(), [&](const Finding& known) {
                        return known.line == finding.line && known.column == finding.column;
                    }))
                    findings.push_back(std::move(finding));
        }
        calls = std::move(more);
    }
}

// Whether `function` calls a function of `names` (`name(` or `name<…>(`): it may hand one the
// block id it reads.
bool calls_one_of(const FunctionInfo& function, std::span<const Token> tokens,
                  const std::set<std::string_view>& names) {
    for (std::size_t i = function.body_begin + 1; i + 1 < function.body_end; ++i)
        if (tokens[i].kind == TokenKind::identifier &&
            (is_op(tokens[i + 1], "(") || is_op(tokens[i + 1], "<")) && names.count(tokens[i].text))
            return true;
    return false;
}

}  // namespace

std::vector<Finding> cuda_index_stride_findings(const SourceFile& file, const AuditTree& tree,
                                                const AuditConfig& config) {
    auto types = tree_types(tree);
    return cuda_index_stride_findings(file, types.aliases, types.members, config);
}

namespace {

// A finding at a loop macro's name (its index, written out there) is fixed in the macro: the fix
// names the 64-bit variant, or the #define.
void name_loop_macro_fixes(const SourceFile& file, const GridLoopMacros& own,
                           std::vector<Finding>& findings) {
    for (auto& finding : findings) {
        const std::string_view line = file.line_text(finding.line);
        const auto column = static_cast<std::size_t>(finding.column - 1);
        if (column >= line.size()) continue;
        if (auto hint = loop_macro_fix_hint(line.substr(column), own))
            finding.fix_hint = std::move(*hint);
    }
}

}  // namespace

std::vector<Finding> cuda_index_stride_findings(const SourceFile& file,
                                                const TypeAliases& tree_aliases,
                                                const MemberTypes& tree_members,
                                                const AuditConfig& config) {
    // One token buffer per thread, reused file after file: no fresh pages for each file's.
    thread_local std::vector<Token> tokens;
    thread_local std::vector<std::size_t> brackets;  // the same for the tokens' partners
    tokenize_cpp(file.text, tokens);
    // A grid-stride loop opened by a macro (`CUDA_1D_KERNEL_LOOP(i, n) {`) is read as written
    // out: the tokens are then those of the expanded text, whose lines are the file's.
    GridLoopMacros own_macros;
    if (text_contains(file.text, "gridDim")) own_macros = grid_loop_macros_of(tokens);
    std::optional<std::string> expanded = expand_grid_loop_macros(file.text, tokens, own_macros);
    if (expanded) {
        tokenize_cpp(*expanded, tokens);
        restore_columns(file.text, *expanded, tokens);
    }
    match_brackets(tokens, brackets);
    TypeAliases aliases(&tree_aliases);  // the file's own win over the tree's
    // Only a file that spells one of the keywords has aliases of its own: no walk over the
    // tokens of the others.
    if (text_contains(file.text, "typedef") || text_contains(file.text, "using"))
        add_type_aliases(tokens, aliases);
    add_library_aliases(tokens, aliases);
    FileMembers members(tokens, tree_members);
    const IndexTableNames& table_names = compiled_index_tables(config);
    // Made for the first function analysed: most kernel files have none, and the guard is six
    // searches through the whole text.
    std::optional<FileContext> context;
    auto file_context = [&]() -> const FileContext& {
        if (!context) {
            auto reach = reach_for(config);
            context.emplace(FileContext{config, reach, reach && reach->first_block == 0,
                                        has_32bit_guard(file.text)});
        }
        return *context;
    };
    std::vector<Finding> findings;
    std::vector<IdArgument> calls;
    const auto functions = find_functions(tokens, brackets);
    std::set<std::string_view> names;
    for (const auto& function : functions) names.insert(function.name);
    for (const auto& function : functions) {
        if (!may_read_ids(function, tokens, aliases, table_names) &&
            !(reads_block_id(function, tokens) &&
              (may_scale_block_id(function, tokens, brackets, aliases) ||
               calls_one_of(function, tokens, names) || may_keep_thread_index(function, aliases))))
            continue;
        FunctionAnalysis(file, tokens, brackets, aliases, members, table_names, function,
                         file_context())
            .run(findings, {}, &calls);
    }
    analyse_id_callees(functions, tokens, calls, findings,
                       [&](const FunctionInfo& function, std::span<const IdArgument> ids,
                           std::vector<Finding>& out, std::vector<IdArgument>& more) {
                           FunctionAnalysis(file, tokens, brackets, aliases, members, table_names,
                                            function, file_context())
                               .run(out, ids, &more);
                       });
    if (expanded) name_loop_macro_fixes(file, own_macros, findings);
    std::sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
        return std::tie(a.line, a.column) < std::tie(b.line, b.column);
    });
    return findings;
}

}  // namespace patchbay
