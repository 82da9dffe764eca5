#pragma once
// A rule of the audit: one class per rule, one file per rule, registered under a kebab-case id
// with a doc page in checks/docs/<id>.md (clang-tidy's model, DESIGN.md §5, §8).

#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "checks/finding.hpp"
#include "checks/source_file.hpp"
#include "series/config.hpp"

namespace patchbay {

class Rule {
public:
    virtual ~Rule() = default;
    virtual std::string_view id() const = 0;
    virtual std::string_view summary() const = 0;  // one line, for SARIF and --list-rules
    virtual Severity severity() const = 0;
    // Looks at the whole tree (a rule may need other files: headers, the env registry) and
    // appends its findings. Suppressions are applied afterwards, not by the rule.
    virtual void check(const AuditTree& tree, const AuditConfig& config,
                       std::vector<Finding>& findings) const = 0;
};

// Every rule, in id order.
std::span<const std::unique_ptr<Rule>> all_rules();

}  // namespace patchbay
