#pragma once
// The result of one audit run, as the renderers in tool/audit_report_format.hpp print it.

#include <string>
#include <vector>

#include "checks/finding.hpp"

namespace patchbay {

struct AuditSummary {
    int files = 0;         // files audited
    int findings = 0;      // findings reported (after suppression)
    int new_findings = 0;  // of those, new relative to the base (scoped audits only)
    int suppressed = 0;    // findings hidden by a valid inline suppression
};

struct AuditReport {
    std::vector<Finding> findings;  // in sort_findings order
    AuditSummary summary;
    std::vector<std::string> notes;  // e.g. "no env registry configured: env rules skipped"
    bool scoped = false;             // findings' is_new comes from a base/head comparison
    // Findings an inline comment silenced, each with its suppression, in sort_findings order;
    // counted in summary.suppressed, never in the exit status.
    std::vector<Finding> suppressed;
};

// Orders findings by path, line, column, rule and message: the order every format prints and
// the order that SARIF fingerprints count occurrences in.
void sort_findings(std::vector<Finding>& findings);

}  // namespace patchbay
