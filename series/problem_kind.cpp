#include "series/problem_kind.hpp"

#include <array>
#include <utility>

namespace patchbay {

namespace {

constexpr std::array<std::pair<ProblemKind, const char*>, 17> kNames = {{
    {ProblemKind::vacuous, "vacuous"},
    {ProblemKind::header_counts, "header-counts"},
    {ProblemKind::garbage, "garbage"},
    {ProblemKind::spaced_name, "spaced-name"},
    {ProblemKind::whitespace, "whitespace"},
    {ProblemKind::path, "path"},
    {ProblemKind::missing_file, "missing-file"},
    {ProblemKind::binary, "binary"},
    {ProblemKind::parse, "parse"},
    {ProblemKind::unlisted, "unlisted"},
    {ProblemKind::disabled, "disabled"},
    {ProblemKind::missing_patch, "missing-patch"},
    {ProblemKind::already_applied, "already-applied"},
    {ProblemKind::exists, "exists"},
    {ProblemKind::not_empty, "not-empty"},
    {ProblemKind::rejected, "rejected"},
    {ProblemKind::reverse, "reverse"},
}};

}  // namespace

const char* to_string(ProblemKind kind) {
    for (const auto& [known, name] : kNames)
        if (known == kind) return name;
    return "unknown";
}

std::optional<ProblemKind> problem_kind_named(std::string_view name) {
    for (const auto& [kind, known] : kNames)
        if (name == known) return kind;
    return std::nullopt;
}

std::string problem_kinds_list() {
    std::string list;
    for (const auto& [kind, name] : kNames) list += (list.empty() ? "" : ", ") + std::string(name);
    return list;
}

}  // namespace patchbay
