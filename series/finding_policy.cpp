#include "series/finding_policy.hpp"

namespace patchbay {

const char* to_string(FindingSeverity severity) {
    return severity == FindingSeverity::warning ? "warning" : "failure";
}

bool warns_by_default(ProblemKind kind) {
    return kind == ProblemKind::whitespace || kind == ProblemKind::unlisted ||
           kind == ProblemKind::disabled || kind == ProblemKind::garbage;
}

FindingSeverity FindingPolicy::severity_of(ProblemKind kind) const {
    if (auto found = overrides.find(kind); found != overrides.end()) return found->second;
    if (strict) return FindingSeverity::failure;
    return warns_by_default(kind) ? FindingSeverity::warning : FindingSeverity::failure;
}

}  // namespace patchbay
