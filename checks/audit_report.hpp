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
    int fixed = 0;         // findings of the base that the audited change removed
};

// What "new" is relative to: nothing (a plain folder), the pristine upstream (the series' result
// tree: what the series introduces is new), the series at a base revision (--base), or the lines
// a diff adds (--diff).
enum class AuditBaseline { none, upstream, base, diff };
const char* to_string(AuditBaseline baseline);

struct AuditReport {
    std::vector<Finding> findings;  // in sort_findings order
    AuditSummary summary;
    std::vector<std::string> notes;  // e.g. "no env registry configured: env rules skipped"
    AuditBaseline baseline = AuditBaseline::none;  // what findings' is_new is relative to
    // Findings an inline comment silenced, each with its suppression, in sort_findings order;
    // counted in summary.suppressed, never in the exit status.
    std::vector<Finding> suppressed;
    // Findings of the base that are gone from the audited tree (upstream or --base only), in
    // sort_findings order; counted in summary.fixed, never in the exit status.
    std::vector<Finding> fixed = {};

    bool scoped() const { return baseline != AuditBaseline::none; }
};

// Orders findings by path, line, column, rule and message: the order every format prints and
// the order that SARIF fingerprints count occurrences in.
void sort_findings(std::vector<Finding>& findings);
// Whether `a` comes before `b` in that order.
bool finding_before(const Finding& a, const Finding& b);

}  // namespace patchbay
