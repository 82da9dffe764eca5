#pragma once
// Inline suppressions (docs/ARCHITECTURE.md §5): `# patchbay: ignore[rule-id] reason` in Python,
// `// patchbay: ignore[rule-id] reason` in C/C++, several ids as `ignore[a,b]`. A suppression at
// the end of a line of code covers findings of its rules on that line only; a suppression alone
// on its line covers the line below it. The reason is required: a suppression without one
// suppresses nothing and is reported as `invalid-suppression`. Suppressed findings are kept,
// with the reason, for reviewers (JSON, SARIF `suppressions`).

#include <cstdint>
#include <string>
#include <vector>

#include "checks/finding.hpp"
#include "checks/source_file.hpp"

namespace patchbay {

inline constexpr const char* kInvalidSuppressionRule = "invalid-suppression";
inline constexpr const char* kInvalidSuppressionSummary =
    "patchbay suppression comment without a reason or without rule ids";

struct Suppression {
    std::int64_t line = 0;
    std::int64_t column = 0;  // of the comment marker (`#` or `//`)
    bool trailing = false;    // code before it on its line: it covers that line, else the next
    std::vector<std::string> rules;
    std::string reason;   // trimmed; empty: the suppression is invalid
    std::string problem;  // why it is invalid; empty when it is valid
};

// The suppression comments of `file` (comments only: markers inside string literals are not
// comments).
std::vector<Suppression> find_suppressions(const SourceFile& file);

struct SuppressionResult {
    std::vector<Finding> kept;  // not suppressed, plus an invalid-suppression finding per bad one
    std::vector<Finding> suppressed_findings;  // each with its `suppression`
    int suppressed = 0;
};

// `known_rules`, when not empty, also makes a suppression of an unknown rule id invalid. The
// files are searched for suppressions on up to `jobs` threads.
SuppressionResult apply_suppressions(const AuditTree& tree, std::vector<Finding> findings,
                                     const std::vector<std::string>& known_rules = {},
                                     unsigned jobs = 1);

}  // namespace patchbay
