// audit_rule_descriptors lives apart from the renderers: it pulls in every rule through
// all_rules(), which a renderer test should not need to link.

#include <algorithm>

#include "checks/rules/rule.hpp"
#include "checks/suppression.hpp"
#include "tool/audit_report_format.hpp"

namespace patchbay {

std::vector<RuleDescriptor> audit_rule_descriptors() {
    std::vector<RuleDescriptor> rules;
    for (const auto& rule : all_rules())
        rules.push_back({std::string(rule->id()), std::string(rule->summary()), rule->severity()});
    rules.push_back({kInvalidSuppressionRule, kInvalidSuppressionSummary, Severity::warning});
    std::sort(rules.begin(), rules.end(),
              [](const RuleDescriptor& a, const RuleDescriptor& b) { return a.id < b.id; });
    return rules;
}

}  // namespace patchbay
