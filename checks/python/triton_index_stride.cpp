// The Triton half of rule int32-index-stride: interpret every @triton.jit function of a file
// (helpers again at each call, with the caller's values) and report each candidate product that
// reached an address.

#include <algorithm>

#include "checks/python/triton_taint.hpp"
#include "checks/rules/index_stride_analysis.hpp"
#include "checks/rules/reach.hpp"

namespace patchbay {
namespace {

std::string fix_hint(const CandidateProduct& product) {
    std::string hint = "widen before the multiply: ";
    if (product.cute) {
        const auto& index = product.index_operand;
        return hint + (product.index_is_name ? index + " = cutlass.Int64(" + index + ")"
                                             : "cutlass.Int64(" + index + ")");
    }
    if (product.index_is_name)
        hint += product.index_operand + " = " + product.index_operand + ".to(tl.int64)";
    else
        hint += product.index_operand + ".to(tl.int64)";
    if (product.other_is_unannotated_parameter)
        hint += " (or annotate " + product.other_operand + ": tl.int64)";
    return hint;
}

Finding to_finding(const CandidateProduct& product, const SourceFile& file) {
    std::string noun = index_noun(product.origin.table);
    Finding finding;
    finding.rule = kIndexStrideRule;
    finding.severity = Severity::error;
    finding.path = file.path;
    finding.line = product.line;
    finding.column = product.column;
    const std::string table(product.origin.table);
    finding.message = noun + " '" + product.index_operand + "' (loaded from " + table +
                      " at line " + std::to_string(product.origin.line) + ") times '" +
                      product.other_operand + "' is computed in 32 bits: " +
                      (product.bounded ? kBoundedProductWraps : kIndexProductWraps);
    finding.related.push_back({file.path, product.origin.line, product.origin.column,
                               noun + " loaded from " + table + " here"});
    // A load written over several lines is widened after its closing parenthesis.
    if (product.origin.end_line > product.origin.line)
        finding.related.push_back({file.path, product.origin.end_line, 0,
                                   "the load ends here: widen it with .to(tl.int64)"});
    finding.fix_hint = fix_hint(product);
    finding.source_line = std::string(file.line_text(product.line));
    return finding;
}

}  // namespace

std::vector<Finding> triton_index_stride_findings(const SourceFile& file,
                                                  const AuditConfig& config) {
    TritonFile triton;
    triton.functions = parse_jit_functions(file.text);
    triton.config = &config;
    IndexTableNames table_names(config);
    triton.table_names = &table_names;
    auto reach = reach_for(config);
    triton.bounded_values_can_wrap = reach && reach->first_block == 0;
    for (const auto& def : triton.functions) interpret_function(triton, def, {});
    std::vector<Finding> findings;
    for (const auto& product : triton.candidates.all())
        if (triton.candidates.reported(product)) findings.push_back(to_finding(product, file));
    std::sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
        return std::tie(a.line, a.column) < std::tie(b.line, b.column);
    });
    return findings;
}

}  // namespace patchbay
