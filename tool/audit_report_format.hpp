#pragma once
// The five renderings of an audit report (docs/ARCHITECTURE.md §2, §5): text for people, JSON for
// tools, SARIF 2.1.0 for code-scanning dashboards, GitHub workflow commands for PR annotations,
// Markdown for a job summary.

#include <string>
#include <vector>

#include "checks/audit_report.hpp"
#include "tool/terminal.hpp"
#include "tool/version.hpp"

namespace patchbay {

// What SARIF says about a rule (tool.driver.rules[]).
struct RuleDescriptor {
    std::string id;
    std::string summary;
    Severity severity = Severity::warning;
};

// Every registered rule plus invalid-suppression, in id order.
std::vector<RuleDescriptor> audit_rule_descriptors();

std::string render_audit_text(const AuditReport& report, const Palette& palette);
std::string render_audit_json(const AuditReport& report);
std::string render_audit_sarif(const AuditReport& report, const std::vector<RuleDescriptor>& rules);
// hide_existing: no annotation for the findings of a scoped audit that are not new.
std::string render_audit_github(const AuditReport& report, bool hide_existing = false);
// A short Markdown summary for a PR comment or $GITHUB_STEP_SUMMARY: the counts, then the new
// and the fixed findings, each list cut at `cap` rows with the number left out.
std::string render_audit_markdown(const AuditReport& report, std::size_t cap = 20);

// The partialFingerprints value: sha256 of rule, path, the source line with whitespace runs
// collapsed, and the finding's occurrence among those with the same three.
std::string finding_fingerprint(const Finding& finding, int occurrence);

}  // namespace patchbay
