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

}  // namespace patchbay::test_support
