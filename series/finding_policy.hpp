#pragma once
// Which findings fail a run and which only warn (docs/ARCHITECTURE.md §4). By default a finding
// that does not change the tree the build gets warns: trailing whitespace in added lines, a patch
// file no series line names, an entry the series comments out, text between file sections that no
// tool reads. Everything else fails: a rejected hunk, fuzz over the policy, an already-applied
// hunk, a path outside the tree, a vacuous patch, a hunk header that does not match its body.
// `strict` makes every warning fail; `overrides` sets one kind's severity ([series] warn / fail).

#include <map>
#include <string>
#include <string_view>

#include "series/problem_kind.hpp"

namespace patchbay {

enum class FindingSeverity { warning, failure };
const char* to_string(FindingSeverity severity);

struct FindingPolicy {
    bool strict = false;
    std::map<ProblemKind, FindingSeverity> overrides;  // [series] warn / fail

    FindingSeverity severity_of(ProblemKind kind) const;
};

// The kinds that only warn unless the policy says otherwise.
bool warns_by_default(ProblemKind kind);

}  // namespace patchbay
