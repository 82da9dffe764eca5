#include "checks/audit.hpp"

#include "checks/rule.hpp"
#include "checks/suppression.hpp"

namespace patchbay {

namespace {

std::vector<std::string> notes_for(const AuditTree& tree, const AuditConfig& config) {
    std::vector<std::string> notes;
    if (config.env_registry.empty() || config.env_table.empty() || config.env_prefix.empty())
        notes.push_back("no [audit.env] registry, table and prefix configured: env rules skipped");
    else if (!tree.find(config.env_registry))
        notes.push_back("env registry " + config.env_registry +
                        " is not in the audited tree: env rules skipped");
    return notes;
}

void keep_in_scope(std::vector<Finding>& findings, const std::set<std::string>& scope) {
    std::erase_if(findings, [&](const Finding& f) { return scope.count(f.path) == 0; });
}

int files_in_scope(const AuditTree& tree, const std::set<std::string>* scope) {
    if (!scope) return static_cast<int>(tree.files.size());
    int count = 0;
    for (const auto& file : tree.files) count += scope->count(file.path) > 0 ? 1 : 0;
    return count;
}

}  // namespace

AuditReport run_audit(const AuditTree& tree, const AuditConfig& config,
                      const std::set<std::string>* scope) {
    std::vector<Finding> findings;
    std::vector<std::string> rule_ids;
    for (const auto& rule : all_rules()) {
        rule->check(tree, config, findings);
        rule_ids.emplace_back(rule->id());
    }
    if (scope) keep_in_scope(findings, *scope);
    auto suppressed = apply_suppressions(tree, std::move(findings), rule_ids);
    AuditReport report;
    report.findings = std::move(suppressed.kept);
    if (scope) keep_in_scope(report.findings, *scope);  // invalid suppressions elsewhere too
    sort_findings(report.findings);
    report.summary.files = files_in_scope(tree, scope);
    report.summary.findings = static_cast<int>(report.findings.size());
    report.summary.suppressed = suppressed.suppressed;
    report.notes = notes_for(tree, config);
    return report;
}

}  // namespace patchbay
