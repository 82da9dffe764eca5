#pragma once
// Which findings fail a run and which only warn (docs/ARCHITECTURE.md §4). By default a finding that does
// not change the tree the build gets warns: trailing whitespace in added lines, a patch file no
// series line names, an entry the series comments out, text between file sections that no tool
// reads. Everything else fails: a rejected hunk,
// fuzz over the policy, an already-applied hunk, a path outside the tree, a vacuous patch, a
// hunk header that does not match its body. `strict` makes every warning fail; `overrides`
// sets one kind's severity ([series] warn / fail).

#include <map>
#include <string>
#include <string_view>

namespace patchbay {

enum class FindingSeverity { warning, failure };
const char* to_string(FindingSeverity severity);

struct FindingPolicy {
    bool strict = false;
    std::map<std::string, FindingSeverity, std::less<>> overrides;  // Problem kind -> severity

    FindingSeverity severity_of(std::string_view kind) const;
};

// The kinds that only warn unless the policy says otherwise.
bool warns_by_default(std::string_view kind);

// Whether `kind` names a finding (series/series_report.hpp's Problem kinds), and all of them.
bool is_finding_kind(std::string_view kind);
std::string finding_kinds_list();

}  // namespace patchbay
