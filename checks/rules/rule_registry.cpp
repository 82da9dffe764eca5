#include <algorithm>

#include "checks/rules/rule.hpp"

namespace patchbay {

// Each rule's file defines its factory.
std::unique_ptr<Rule> make_int32_index_stride_rule();
std::unique_ptr<Rule> make_unregistered_env_read_rule();
std::unique_ptr<Rule> make_raw_env_read_rule();

std::span<const std::unique_ptr<Rule>> all_rules() {
    static const std::vector<std::unique_ptr<Rule>> rules = [] {
        std::vector<std::unique_ptr<Rule>> made;
        made.push_back(make_int32_index_stride_rule());
        made.push_back(make_unregistered_env_read_rule());
        made.push_back(make_raw_env_read_rule());
        std::sort(made.begin(), made.end(),
                  [](const auto& a, const auto& b) { return a->id() < b->id(); });
        return made;
    }();
    return rules;
}

}  // namespace patchbay
