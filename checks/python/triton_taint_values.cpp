// The value lattice of the Triton taint interpreter: promotion, joins and the candidate table.

#include <algorithm>

#include "checks/python/triton_taint.hpp"

namespace patchbay {
namespace {

bool unbounded_index(const TaintValue& v) {
    return v.origin && !v.bounded;
}

// A 32-bit value read from memory alone, no program id in it.
bool plain_read(const TaintValue& v) {
    return unbounded_index(v) && !v.wide && v.from_memory && !v.from_program_id && !v.lanes;
}

// A value read from memory is named over a program id: it is the one to widen, and the one
// whose reach (a pool's) decides.
bool read_from_memory(const TaintValue& v) {
    return v.origin && v.origin->table != kProgramId && v.origin->table != kLoopCounter;
}

// A loop's counter offset by the program id (`task_iter + pid`, a grid-stride row) is the
// program's row: named by the id, and not a counter stepping through a loop's own range.
bool counter_only(const TaintValue& v) {
    return v.origin && v.origin->table == kLoopCounter;
}

void merge_common(TaintValue& out, const TaintValue& a, const TaintValue& b) {
    bool both = unbounded_index(a) && unbounded_index(b);
    if (both && !read_from_memory(a) && read_from_memory(b))
        out.origin = b.origin;
    else if (both && counter_only(a) && !counter_only(b))
        out.origin = b.origin;
    else if (unbounded_index(a) || !unbounded_index(b))
        out.origin = a.origin ? a.origin : b.origin;
    else
        out.origin = b.origin;
    out.bounded = out.origin && (!a.origin || a.bounded) && (!b.origin || b.bounded);
    out.pointer = a.pointer || b.pointer;
    out.wide_elements = a.wide_elements || b.wide_elements;
    out.from_memory = a.from_memory || b.from_memory;
    out.from_program_id = a.from_program_id || b.from_program_id;
    out.constant = a.constant && b.constant;
    out.lanes = a.lanes || b.lanes;
    out.constant_stride = out.constant && (a.constant_stride || b.constant_stride);
    out.pool = a.pool || b.pool;
    out.strided = a.strided || b.strided;
    // Offset by another value read from memory (`bos + i_t`), a tile is no longer just the id.
    out.stands_for_program_id =
        (a.stands_for_program_id && !b.from_memory) || (b.stands_for_program_id && !a.from_memory);
    out.index_table = a.index_table.empty() ? b.index_table : a.index_table;
    out.pointer_name = a.pointer_name.empty() ? b.pointer_name : a.pointer_name;
    out.wide_factor = a.wide_factor.empty() ? b.wide_factor : a.wide_factor;
    out.sum_start_line = a.sum_start_line != 0 ? a.sum_start_line : b.sum_start_line;
    out.products = a.products;
    if (!b.products.empty()) out.products.insert(b.products);  // most values carry none
}

// Into a sorted list of load sites, once. A file has a few dozen loads, a value reaches a
// handful: a std::set allocated a node for each.
void add_site(std::vector<LoadSite>& sites, LoadSite site) {
    const auto at = std::ranges::lower_bound(sites, site);
    if (at == sites.end() || *at != site) sites.insert(at, site);
}

}  // namespace

bool plain_program_id(const TaintValue& v) {
    return unbounded_index(v) && !v.wide && v.from_program_id && !v.from_memory &&
           v.products.empty() && !v.lanes;
}

TaintValue promote(const TaintValue& a, const TaintValue& b) {
    TaintValue out;
    merge_common(out, a, b);
    out.wide = a.wide || b.wide;
    return out;
}

// A branch that gives a constant (`else: idx = 0`) does not narrow the widened id of the other.
// Where one branch widened its id and the other holds a 32-bit one, the joined value is an
// index through the 32-bit one: its load is the one to name and to widen.
TaintValue join(const TaintValue& a, const TaintValue& b) {
    TaintValue out;
    merge_common(out, a, b);
    // Into a block a read id selected only when every branch selected one (`x + bos * H` in
    // the varlen branch does not make `x + i_n * T` of the other an offset inside a block).
    out.pool = a.pool && b.pool;
    // A name both branches left alone keeps where it was computed.
    if (a.defined_line == b.defined_line) out.defined_line = a.defined_line;
    // One branch reads the tile from a table, the other keeps the program id: the read value
    // takes the id's place (a scheduled tile, a varlen chunk), not a block of a pool. A start
    // joined with a scaled id (`bos` loaded, or `i_b * T`) is not this: it is a read offset.
    out.stands_for_program_id = a.stands_for_program_id || b.stands_for_program_id ||
                                (plain_program_id(a) && plain_read(b)) ||
                                (plain_read(a) && plain_program_id(b));
    out.wide = out.origin ? (a.wide || !a.origin) && (b.wide || !b.origin) : a.wide && b.wide;
    if (a.origin && b.origin && a.wide != b.wide) {
        const TaintValue& narrow = a.wide ? b : a;
        out.origin = narrow.origin;
        out.bounded = narrow.bounded;
    }
    if (a.elements.size() == b.elements.size())
        for (std::size_t i = 0; i < a.elements.size(); ++i)
            out.elements.push_back(join(a.elements[i], b.elements[i]));
    return out;
}

TaintEnv join(const TaintEnv& a, const TaintEnv& b) {
    TaintEnv out = a;
    for (const auto& [name, value] : b.entries()) {
        if (TaintValue* found = out.find(name))
            *found = join(*found, value);
        else
            out.set(name, TaintValue(value));
    }
    return out;
}

namespace {

bool same_index(const TaintValue& x, const TaintValue& y) {
    return x.origin && y.origin && x.origin->line == y.origin->line &&
           x.origin->column == y.origin->column;
}

bool plain(const TaintValue& x) {
    return !x.origin && !x.pointer;
}

// `widened` and `kept` are the same value in the two variants, `widened` in 64 bits: an index of
// the same source (`location = page_number * PAGE_SIZE + …` and `page_number.to(gl.int64) *
// PAGE_SIZE + …`, tokenspeed), or a plain value (a stride) the other branch left as it was
// (`if not WITHIN_2GB: stride_kv = stride_kv.to(gl.int64)`).
bool only_widened(const TaintValue& widened, const TaintValue& kept, const TaintValue* before) {
    if (!widened.wide || kept.wide) return false;
    if (same_index(widened, kept)) return true;
    return before && plain(widened) && plain(kept) && plain(*before) && !before->wide;
}

}  // namespace

TaintEnv join_switched(const TaintEnv& before, const TaintEnv& a, const TaintEnv& b) {
    TaintEnv out = join(a, b);
    for (const auto& [name, value] : a.entries()) {
        const TaintValue* other = b.find(name);
        const TaintValue* old = before.find(name);
        if (!other) continue;
        if (only_widened(value, *other, old)) out.set(name, TaintValue(value));
        if (only_widened(*other, value, old)) out.set(name, TaintValue(*other));
    }
    return out;
}

std::size_t CandidateTable::add(CandidateProduct&& candidate) {
    const std::pair key{candidate.line, candidate.column};
    auto slot = std::ranges::lower_bound(by_position_, key, {}, &Positioned::first);
    if (slot != by_position_.end() && slot->first == key) return slot->second;
    // A kernel file holds a few dozen: room for them at once spares the products' moves as
    // the table grows.
    if (candidates_.empty()) candidates_.reserve(32);
    candidates_.push_back(std::move(candidate));
    by_position_.insert(slot, {key, candidates_.size() - 1});
    return candidates_.size() - 1;
}

void CandidateTable::mark_used(const TaintValue& value, const std::optional<LoadSite>& site,
                               std::string_view tensor, bool final, bool pool, bool strided) {
    for (auto id : value.products) {
        auto& candidate = candidates_[id];
        if (candidate.tensor_reach && !final) continue;
        // A program id's product beside a read id is an offset inside the block that id
        // selects: that use cannot wrap unless one block passes 2^31 - 1 elements.
        bool in_block = pool && candidate.tensor_reach && !candidate.from_memory;
        if (in_block && !bounded_values_can_wrap) continue;
        if (candidate.scaled_row && strided) continue;  // a column inside a strided row
        // A loop's counter times a constant (`col_block * BLOCK`) steps through the range the
        // loop bounds, a row's columns in practice: only a runtime stride makes it a row.
        if (candidate.scaled_row && candidate.origin.table == kLoopCounter) continue;
        if (site)
            add_site(candidate.loaded_through, *site);
        else
            candidate.data_address = true;
        if (candidate.addressed.empty()) candidate.addressed = tensor;
    }
    for (const auto& element : value.elements)
        mark_used(element, site, tensor, final, pool, strided);
}

void CandidateTable::mark_index_load(const TaintValue& value) {
    if (value.origin) add_site(index_loads_, {value.origin->line, value.origin->column});
    for (const auto& element : value.elements) mark_index_load(element);
}

std::vector<CandidateProduct*> CandidateTable::in_source_order() {
    std::vector<CandidateProduct*> ordered;
    ordered.reserve(candidates_.size());
    for (const auto& [position, id] : by_position_) ordered.push_back(&candidates_[id]);
    return ordered;
}

bool CandidateTable::reported(const CandidateProduct& candidate) const {
    if (candidate.data_address) return true;
    for (const auto& site : candidate.loaded_through)
        if (!std::ranges::binary_search(index_loads_, site)) return true;
    return false;
}

bool CandidateTable::holds_product(const TaintValue& value, bool of_memory) const {
    for (auto id : value.products) {
        const auto& held = candidates_[id];
        // A read id joined with a program id's product (`bos` loaded in one branch, `i_n * T`
        // in the other) is not scaled yet as a read id: its own product is the finding.
        if (!held.scaled_row && !(of_memory && held.tensor_reach)) return true;
    }
    return false;
}

std::int64_t CandidateTable::scaled_row_line(const TaintValue& value) const {
    for (auto id : value.products)
        if (candidates_[id].scaled_row) return candidates_[id].line;
    return 0;
}

void CandidateTable::drop_scaled_rows(TaintValue& value) const {
    value.products.erase_if([&](std::size_t id) { return candidates_[id].scaled_row; });
}

namespace {

bool is_column_of(const CandidateProduct& candidate, std::string_view factor) {
    const Expr* other = candidate.other_expr;
    return candidate.tensor_reach && !candidate.from_memory && candidate.index_lanes &&
           candidate.origin.table == kProgramId && other && other->kind == ExprKind::name &&
           other->text == factor;
}

}  // namespace

bool CandidateTable::holds_column_of(const TaintValue& value, std::string_view factor) const {
    if (factor.empty()) return false;
    for (auto id : value.products)
        if (is_column_of(candidates_[id], factor)) return true;
    return false;
}

void CandidateTable::drop_columns_of(TaintValue& value, std::string_view factor) const {
    value.products.erase_if([&](std::size_t id) { return is_column_of(candidates_[id], factor); });
}

std::string_view TritonFile::intern(std::string name) {
    return *names_.insert(std::move(name)).first;
}

const FunctionDef* TritonFile::function(std::string_view name) const {
    for (const auto& def : functions)
        if (def.name == name) return &def;
    return nullptr;
}

}  // namespace patchbay
