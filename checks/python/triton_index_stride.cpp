// The Triton half of rule int32-index-stride: interpret every @triton.jit function of a file
// (helpers again at each call, with the caller's values) and report each candidate product that
// reached an address.

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "checks/python/triton_taint.hpp"
#include "checks/rules/index_stride_analysis.hpp"
#include "checks/rules/reach.hpp"
#include "common/text_lines.hpp"

namespace patchbay {
namespace {

// The hint and the subject are appended piece by piece into one string: a Triton tree can give
// tens of thousands of findings, and each `a + b` made a string of its own.
std::string fix_hint(const CandidateProduct& product) {
    const auto& index = product.index_operand;
    std::string hint;
    // Reserved before the first piece, which alone outgrows a string's inline buffer.
    hint.reserve(2 * index.size() + product.other_operand.size() + 80);
    hint.append("widen before the multiply: ");
    if (product.cute) {
        if (product.index_is_name) hint.append(index).append(" = ");
        hint.append("cutlass.Int64(").append(index).append(")");
        return hint;
    }
    if (product.index_is_name) hint.append(index).append(" = ");
    hint.append(index).append(".to(tl.int64)");
    if (product.other_is_unannotated_parameter)
        hint.append(" (or annotate ").append(product.other_operand).append(": tl.int64)");
    return hint;
}

// "program id 'row'", "index 'blk' (loaded from bt_ptr at line 9)", "position '(q_start + ri)'
// (loaded from qsl_ptr at line 9, offset by program ids)". `room`: what the caller appends.
std::string subject(const CandidateProduct& product, std::size_t room) {
    const std::string line = std::to_string(product.origin.line);
    std::string out;
    out.reserve(product.index_operand.size() + product.origin.table.size() + 64 + room);
    if (!product.tensor_reach)
        out.append(index_noun(product.origin.table)).append(" '");
    else if (!product.from_memory)
        out.append(product.origin.table == kLoopCounter ? "loop index '" : "program id '");
    else
        out.append("position '");
    out.append(product.index_operand);
    out.append(!product.tensor_reach  ? "' (loaded from "
               : !product.from_memory ? "' ("
                                      : "' (from ");
    out.append(product.origin.table).append(" at line ").append(line);
    out.append(product.tensor_reach && product.from_memory ? " and the program ids)" : ")");
    return out;  // itself, not `out.append(...)`: that returned a copy without the room
}

// Built in one string of the right size: the sum of pieces made a string per `+` and a copy of
// the table's name, for each finding.
std::string related_message(const CandidateProduct& product) {
    const std::string_view table = product.origin.table;
    if (table == kProgramId) return "program id here";
    if (table == kLoopCounter) return "loop over a runtime count here";
    const std::string noun = index_noun(table);
    std::string message;
    message.reserve(noun.size() + table.size() + 20);
    message.append(noun).append(" loaded from ").append(table).append(" here");
    return message;
}

std::string wraps(const CandidateProduct& product, const AuditConfig& config) {
    if (product.tensor_reach)
        return tensor_reach_text(product.addressed, product.index_operand, product.other_operand,
                                 config);
    return product.bounded ? kBoundedProductWraps : kIndexProductWraps;
}

// The lines of a file read forward, as SourceFile::line_text gives them, for findings in
// source order: each line is found from the one before. Splitting the whole file listed every
// line of it, for a few findings near its kernels.
class LineCursor {
  public:
    explicit LineCursor(std::string_view text) : text_(text) {}

    // 1-based; "" past the end.
    std::string_view text(std::int64_t line) {
        line = std::max<std::int64_t>(line, 1);
        if (line < line_) {  // not in source order after all: from the top again
            line_ = 1;
            start_ = 0;
        }
        for (; line_ < line && start_ < text_.size(); ++line_) start_ = next_start();
        if (line_ < line || start_ >= text_.size()) return {};
        return without_terminator(text_.substr(start_, next_start() - start_));
    }

  private:
    std::string_view text_;
    std::int64_t line_ = 1;  // the line that starts at start_
    std::size_t start_ = 0;

    std::size_t next_start() const {
        const std::size_t newline = text_.find('\n', start_);
        return newline == std::string_view::npos ? text_.size() : newline + 1;
    }
};

// A Triton candidate's operands, spelled now that it is reported.
void spell_operands(CandidateProduct& product) {
    if (product.index_expr) product.index_operand = describe(*product.index_expr);
    if (product.other_expr) product.other_operand = describe(*product.other_expr);
}

// Into a fresh `finding`, built in its place in the list (a Finding moved is 368 bytes).
void fill_finding(Finding& finding, const CandidateProduct& product, const SourceFile& file,
                  LineCursor& lines, const AuditConfig& config, const std::optional<Reach>& reach) {
    finding.rule = kIndexStrideRule;
    finding.severity = product.tensor_reach ? tensor_reach_severity(config) : Severity::error;
    finding.path = file.path;
    finding.line = product.line;
    finding.column = product.column;
    // The message's room taken at once: appending the wrap grew it a second time.
    const std::string wrap = wraps(product, config);
    finding.message = subject(product, product.other_operand.size() + wrap.size() + 40);
    finding.message.append(" times '")
        .append(product.other_operand)
        .append("' is computed in 32 bits: ")
        .append(wrap);
    finding.related.reserve(4);  // the load, the scaling or assignment, the load's end, the stride
    finding.related.push_back(
        {file.path, product.origin.line, product.origin.column, related_message(product)});
    if (product.scaled_at_line > 0 && product.scaled_at_line != product.line)
        finding.related.push_back({file.path, product.scaled_at_line, 0,
                                   "scaled from the program id here: widen it before this"});
    if (product.index_is_name && product.assigned_at_line > 0 &&
        product.assigned_at_line != product.line)
        finding.related.push_back(
            {file.path, product.assigned_at_line, 0, "assigned from the load here: widen it here"});
    if (product.index_defined_at_line > 0 && product.index_defined_at_line != product.line &&
        product.index_defined_at_line != product.scaled_at_line)
        finding.related.push_back(
            {file.path, product.index_defined_at_line, 0,
             "'" + product.index_operand + "' derived from the program id here: widen it here"});
    if (product.sum_started_at_line > 0 && product.sum_started_at_line != product.line)
        finding.related.push_back({file.path, product.sum_started_at_line, 0,
                                   "the running sum it is part of starts here: start it as int64"});
    if (product.other_defined_at_line > 0 && product.other_defined_at_line != product.line)
        finding.related.push_back(
            {file.path, product.other_defined_at_line, 0,
             "'" + product.other_operand + "' computed here: a 64-bit value there fixes this too"});
    // A load written over several lines is widened after its closing parenthesis.
    if (product.origin.end_line > product.origin.line)
        finding.related.push_back({file.path, product.origin.end_line, 0,
                                   "the load ends here: widen it with .to(tl.int64)"});
    // Last: where the other way to fix it goes (aiter PR 1853 annotated its strides so).
    if (product.other_parameter_line > 0 && product.other_parameter_line != product.line)
        finding.related.push_back({file.path, product.other_parameter_line, 0,
                                   "'" + product.other_operand +
                                       "' is a parameter here: annotated tl.int64, the product "
                                       "is 64-bit"});
    finding.fix_hint = fix_hint(product);
    finding.source_line = std::string(lines.text(product.line));
    // The geometry's block reach is about a pool of blocks, not a tensor of rows.
    if (!product.tensor_reach) finding.reach = reach;
}

}  // namespace

std::vector<Finding> triton_index_stride_findings(const SourceFile& file,
                                                  const AuditConfig& config) {
    TritonFile triton;
    triton.functions = parse_jit_functions(file.text, triton.arena);
    triton.config = &config;
    triton.table_names = &compiled_index_tables(config);
    auto reach = reach_for(config);
    triton.bounded_values_can_wrap = reach && reach->first_block == 0;
    triton.candidates.bounded_values_can_wrap = triton.bounded_values_can_wrap;
    for (const auto& def : triton.functions) interpret_function(triton, def, {});
    // Built in source order, one per position: sorting the 368-byte findings afterwards moved
    // each through the sort.
    const auto products = triton.candidates.in_source_order();
    const auto reported = [&](const CandidateProduct* p) { return triton.candidates.reported(*p); };
    std::vector<Finding> findings;
    // Counted first: each growth of the list moved every finding built so far.
    findings.reserve(static_cast<std::size_t>(std::ranges::count_if(products, reported)));
    LineCursor lines(file.text);
    for (CandidateProduct* product : products) {
        if (!reported(product)) continue;
        spell_operands(*product);
        fill_finding(findings.emplace_back(), *product, file, lines, config, reach);
    }
    return findings;
}

}  // namespace patchbay
