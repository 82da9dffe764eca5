#include "series/finding_policy.hpp"

#include <array>

namespace patchbay {

const char* to_string(FindingSeverity severity) {
    return severity == FindingSeverity::warning ? "warning" : "failure";
}

bool warns_by_default(std::string_view kind) {
    static constexpr std::array<std::string_view, 4> kWarnings = {"whitespace", "unlisted",
                                                                  "disabled", "garbage"};
    for (std::string_view warning : kWarnings)
        if (kind == warning) return true;
    return false;
}

namespace {

constexpr std::array<std::string_view, 16> kKinds = {
    "vacuous", "header-counts", "garbage",  "whitespace", "path",          "missing-file",
    "binary",  "parse",         "unlisted", "disabled",   "missing-patch", "already-applied",
    "exists",  "not-empty",     "rejected", "reverse"};

}  // namespace

bool is_finding_kind(std::string_view kind) {
    for (std::string_view known : kKinds)
        if (kind == known) return true;
    return false;
}

std::string finding_kinds_list() {
    std::string list;
    for (std::string_view known : kKinds) list += (list.empty() ? "" : ", ") + std::string(known);
    return list;
}

FindingSeverity FindingPolicy::severity_of(std::string_view kind) const {
    if (auto found = overrides.find(kind); found != overrides.end()) return found->second;
    if (strict) return FindingSeverity::failure;
    return warns_by_default(kind) ? FindingSeverity::warning : FindingSeverity::failure;
}

}  // namespace patchbay
