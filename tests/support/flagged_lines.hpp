#pragma once
// The lines an audit flagged, for comparing with the lines a fixture expects.

#include <cstdint>
#include <set>
#include <vector>

#include "checks/finding.hpp"

namespace patchbay::test_support {

inline std::set<std::int64_t> flagged_lines(const std::vector<Finding>& findings) {
    std::set<std::int64_t> lines;
    for (const auto& finding : findings) lines.insert(finding.line);
    return lines;
}

// The findings of `severity`: the block-id errors of a file apart from the warnings of its
// program ids.
inline std::vector<Finding> of_severity(const std::vector<Finding>& findings, Severity severity) {
    std::vector<Finding> kept;
    for (const auto& finding : findings)
        if (finding.severity == severity) kept.push_back(finding);
    return kept;
}

// The lines flagged with `severity`: a fixture writes `expect:` for errors and
// `expect-warning:` for warnings.
inline std::set<std::int64_t> flagged_lines(const std::vector<Finding>& findings,
                                            Severity severity) {
    std::set<std::int64_t> lines;
    for (const auto& finding : findings)
        if (finding.severity == severity) lines.insert(finding.line);
    return lines;
}

}  // namespace patchbay::test_support
