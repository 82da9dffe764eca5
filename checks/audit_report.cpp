#include "checks/audit_report.hpp"

#include <algorithm>
#include <tuple>

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

void sort_findings(std::vector<Finding>& findings) {
    std::stable_sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
        return std::tie(a.path, a.line, a.column, a.rule, a.message) <
               std::tie(b.path, b.line, b.column, b.rule, b.message);
    });
}

}  // namespace patchbay
