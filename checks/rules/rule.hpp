#pragma once
// A rule of the audit: one class per rule, one file per rule, registered under a kebab-case id
// with a doc page in checks/docs/<id>.md (clang-tidy's model, docs/ARCHITECTURE.md §5, §8).

#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "checks/finding.hpp"
#include "checks/rules/file_check.hpp"
#include "checks/source_file.hpp"
#include "config/config.hpp"

namespace patchbay {

// One rule applied to one tree. What the rule needs from the whole tree (the env registry, the
// typedefs of every header) is worked out once when the rule starts; check_file then looks at
// one file and may be called for several files at once from different threads.
class RuleRun {
  public:
    virtual ~RuleRun() = default;
    // Appends the findings in `file.file()` (a file of the tree the run started on).
    virtual void check_file(const FileCheck& file, std::vector<Finding>& findings) const = 0;
};

class Rule {
  public:
    virtual ~Rule() = default;
    virtual std::string_view id() const = 0;
    virtual std::string_view summary() const = 0;  // one line, for SARIF and --list-rules
    virtual Severity severity() const = 0;
    // The tree-wide work; the run keeps references to `tree` and `config`.
    virtual std::unique_ptr<RuleRun> start(const AuditTree& tree,
                                           const AuditConfig& config) const = 0;
    // Whether this rule could use `file` at all: find something in it, or read it for another
    // file (a header's typedefs, the env registry). A file no rule needs is read, counted and
    // dropped before the audit (most of a large tree), so the answer must never be a false no.
    virtual bool may_need(const SourceFile& file, const AuditConfig& config) const = 0;

    // Every file of the tree in order, on this thread. Suppressions are applied afterwards, not
    // by the rule.
    void check(const AuditTree& tree, const AuditConfig& config,
               std::vector<Finding>& findings) const;
};

// Every rule, in id order.
std::span<const std::unique_ptr<Rule>> all_rules();

// Whether any rule, or an inline suppression comment, needs `file`.
bool any_rule_may_need(const SourceFile& file, const AuditConfig& config);

}  // namespace patchbay
