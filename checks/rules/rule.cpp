#include "checks/rules/rule.hpp"

#include "checks/text_contains.hpp"

namespace patchbay {

void Rule::check(const AuditTree& tree, const AuditConfig& config,
                 std::vector<Finding>& findings) const {
    auto run = start(tree, config);
    for (const auto& file : tree.files)
        if (!file.declarations_only) run->check_file(FileCheck(file), findings);
}

// The rules first: a file one of them keeps (most C/C++ files) needs no search for a
// suppression; a file they all drop is searched once.
bool any_rule_may_need(const SourceFile& file, const AuditConfig& config) {
    for (const auto& rule : all_rules())
        if (rule->may_need(file, config)) return true;
    if (file.declarations_only) return false;      // nothing is reported there to suppress
    return text_contains(file.text, "patchbay:");  // a suppression, maybe invalid
}

}  // namespace patchbay
