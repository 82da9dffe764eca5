#include "checks/rule.hpp"

namespace patchbay {

void Rule::check(const AuditTree& tree, const AuditConfig& config,
                 std::vector<Finding>& findings) const {
    auto run = start(tree, config);
    for (const auto& file : tree.files) run->check_file(file, findings);
}

}  // namespace patchbay
