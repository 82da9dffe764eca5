#include "rebase/upstreamed_entries.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "common/text_lines.hpp"
#include "config/toml_text.hpp"

namespace patchbay {

namespace {

// "skip = …" or "skip=…" at the start of a line: an inline array we cannot add to safely.
bool is_inline_skip(std::string_view line) {
    auto first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos || !line.substr(first).starts_with("skip")) return false;
    auto rest = line.substr(first + 4);
    auto next = rest.find_first_not_of(" \t");
    return next != std::string_view::npos && rest[next] == '=';
}

}  // namespace

std::string modified_detail(const PatchRebase& patch) {
    const auto& share = patch.share;
    if (patch.upstream_by_names)
        return fmt::format(
            " (modified: {} of {} hunks found, {} of {} names it brings in present, {} of {} it "
            "takes out gone; upstream's own words at {})",
            share.upstream, share.hunks, patch.names.present, patch.names.introduced,
            patch.names.removed - patch.names.lingering, patch.names.removed,
            fmt::join(share.left, ", "));
    if (!patch.conflicts.empty())
        return fmt::format(" (modified: {} of {} hunks found; upstream deleted {})", share.upstream,
                           share.hunks, fmt::join(patch.conflicts, ", "));
    if (share.modified == 0) return "";
    return fmt::format(" (modified: {} of {} added lines present)", share.present, share.added);
}

std::string upstream_reason(const PatchRebase& patch, const std::optional<UpstreamCommit>& since) {
    std::string reason = "already upstream";
    if (since) reason += fmt::format(" since {} ({})", since->id.substr(0, 12), since->subject);
    reason += modified_detail(patch);
    for (const auto& evidence : patch.evidence) reason += "; " + evidence;
    return reason;
}

std::string without_lines(std::string_view series, const std::vector<std::int64_t>& lines) {
    std::string out;
    std::int64_t number = 0;
    for (auto line : split_lines(series))
        if (std::find(lines.begin(), lines.end(), ++number) == lines.end()) out += line;
    return out;
}

Result<std::string> with_skip_rules(std::string_view toml, const std::vector<SkipRule>& rules) {
    auto lines = split_lines(toml);
    if (std::any_of(lines.begin(), lines.end(), is_inline_skip))
        return make_error(
            "patchbay.toml lists its skip rules inline (skip = [...]); write them as "
            "[[series.skip]] tables for --keep-upstreamed to add to them");
    std::string text(toml);
    if (!text.empty() && text.back() != '\n') text += '\n';
    for (const auto& rule : rules)
        text += "\n[[series.skip]]\npatch = " + toml_quoted(rule.patch) +
                "\nreason = " + toml_quoted(rule.reason) + "\n";
    return text;
}

}  // namespace patchbay
