#include "checks/audit_report.hpp"

#include <algorithm>
#include <tuple>
#include <utility>

namespace patchbay {

const char* to_string(AuditBaseline baseline) {
    switch (baseline) {
        case AuditBaseline::none:
            return "none";
        case AuditBaseline::upstream:
            return "upstream";
        case AuditBaseline::base:
            return "base";
        case AuditBaseline::diff:
            return "diff";
    }
    return "none";
}

namespace {

// Puts findings[order[k]] at k, following each cycle of the permutation with one finding held
// aside: every finding moves once, in place.
void permute(std::vector<Finding>& findings, std::vector<std::size_t>& order) {
    for (std::size_t start = 0; start < order.size(); ++start) {
        if (order[start] == start) continue;
        Finding held = std::move(findings[start]);
        std::size_t at = start;
        while (order[at] != start) {
            findings[at] = std::move(findings[order[at]]);
            at = std::exchange(order[at], at);
        }
        findings[at] = std::move(held);
        order[at] = at;
    }
}

}  // namespace

bool finding_before(const Finding& a, const Finding& b) {
    return std::tie(a.path, a.line, a.column, a.rule, a.message) <
           std::tie(b.path, b.line, b.column, b.rule, b.message);
}

// Findings usually come in order already (run_audit sorts each file's and the files are in path
// order): one pass checks that. Otherwise the order is found on indices: a finding is 368 bytes,
// and a merge sort of tens of thousands of them moved each one many times, through a buffer of
// fresh pages as large as the vector.
void sort_findings(std::vector<Finding>& findings) {
    if (std::is_sorted(findings.begin(), findings.end(), finding_before)) return;
    std::vector<std::size_t> order(findings.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) {
        return finding_before(findings[i], findings[j]);
    });
    permute(findings, order);
}

}  // namespace patchbay
