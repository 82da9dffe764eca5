#include "checks/rules/rule.hpp"

#include "checks/text_contains.hpp"

namespace patchbay {

void Rule::check(const AuditTree& tree, const AuditConfig& config,
                 std::vector<Finding>& findings) const {
    auto run = start(tree, config);
    for (const auto& file : tree.files) run->check_file(file, findings);
}

bool any_rule_may_need(const SourceFile& file, const AuditConfig& config) {
    if (text_contains(file.text, "patchbay:")) return true;  // a suppression, maybe invalid
    for (const auto& rule : all_rules())
        if (rule->may_need(file, config)) return true;
    return false;
}

}  // namespace patchbay
