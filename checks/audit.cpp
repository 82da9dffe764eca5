#include "checks/audit.hpp"

#include <algorithm>

#include "checks/audit_report.hpp"
#include "checks/rules/rule.hpp"
#include "checks/suppression.hpp"
#include "common/parallel_for.hpp"

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
    if (!scope) {
        auto audited =
            std::count_if(tree.files.begin(), tree.files.end(),
                          [](const SourceFile& file) { return !file.declarations_only; });
        return static_cast<int>(static_cast<std::size_t>(audited) + tree.dropped.size());
    }
    int count = 0;
    for (const auto& file : tree.files)
        count += !file.declarations_only && scope->count(file.path) > 0 ? 1 : 0;
    for (const auto& path : tree.dropped) count += scope->count(path) > 0 ? 1 : 0;
    return count;
}

// Every rule over every file in scope (a rule's findings are in the file it looked at), the
// files spread over `jobs` threads. Each file's findings are put in sort_findings order where
// they are made, a few at a time, and the files are in path order: the findings come back in
// that order (sort_findings then only checks it), the same whatever the number of threads.
std::vector<Finding> rule_findings(const AuditTree& tree, const AuditConfig& config,
                                   const std::set<std::string>* scope, unsigned jobs) {
    std::vector<std::unique_ptr<RuleRun>> runs;
    for (const auto& rule : all_rules()) runs.push_back(rule->start(tree, config));
    std::vector<std::vector<Finding>> per_file(tree.files.size());
    parallel_for(tree.files.size(), jobs, [&](std::size_t i) {
        const auto& file = tree.files[i];
        if (file.declarations_only || (scope && scope->count(file.path) == 0)) return;
        const FileCheck check(file);
        auto& found = per_file[i];
        for (const auto& run : runs) run->check_file(check, found);
        if (!std::is_sorted(found.begin(), found.end(), finding_before))
            std::stable_sort(found.begin(), found.end(), finding_before);
    });
    // One allocation of the final size: a finding is 368 bytes, and a vector grown by doubling
    // would move thousands of them into fresh memory at each step.
    std::size_t total = 0;
    for (const auto& found : per_file) total += found.size();
    std::vector<Finding> findings;
    findings.reserve(total);
    for (auto& found : per_file) {
        for (auto& finding : found) findings.push_back(std::move(finding));
        std::vector<Finding>().swap(found);  // its memory back at once, for the next files'
    }
    return findings;
}

std::vector<std::string> rule_ids() {
    std::vector<std::string> ids;
    for (const auto& rule : all_rules()) ids.emplace_back(rule->id());
    return ids;
}

}  // namespace

AuditReport run_audit(const AuditTree& tree, const AuditConfig& config,
                      const std::set<std::string>* scope, unsigned jobs) {
    auto findings = rule_findings(tree, config, scope, jobs);
    auto suppressed = apply_suppressions(tree, std::move(findings), rule_ids(), jobs);
    AuditReport report;
    report.findings = std::move(suppressed.kept);
    report.suppressed = std::move(suppressed.suppressed_findings);
    if (scope) keep_in_scope(report.findings, *scope);  // invalid suppressions elsewhere too
    if (scope) keep_in_scope(report.suppressed, *scope);
    sort_findings(report.findings);
    sort_findings(report.suppressed);
    report.summary.files = files_in_scope(tree, scope);
    report.summary.findings = static_cast<int>(report.findings.size());
    report.summary.suppressed = static_cast<int>(report.suppressed.size());
    report.notes = notes_for(tree, config);
    return report;
}

}  // namespace patchbay
