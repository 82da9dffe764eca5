#include "patches/near_miss.hpp"

#include <algorithm>

#include "common/text_lines.hpp"

namespace patchbay {

namespace {

constexpr std::int64_t kScanBudget = 50'000'000;
constexpr std::size_t kMismatchesShown = 3;

std::vector<std::string_view> old_side(const Hunk& hunk) {
    std::vector<std::string_view> lines;
    for (const auto& line : hunk.lines)
        if (line.kind != LineKind::added) lines.push_back(line.text);
    return lines;
}

std::int64_t equal_lines_at(const std::vector<std::string_view>& file,
                            const std::vector<std::string_view>& pattern, std::int64_t start) {
    std::int64_t equal = 0;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const auto at = static_cast<std::size_t>(start) + i;
        if (at < file.size() && file[at] == pattern[i]) ++equal;
    }
    return equal;
}

// The range of start indexes (0-based) worth scanning within the budget.
std::pair<std::int64_t, std::int64_t> scan_range(std::int64_t lines, std::int64_t pattern,
                                                 std::int64_t guess) {
    const std::int64_t starts = std::max<std::int64_t>(lines - pattern + 1, 1);
    const std::int64_t affordable = kScanBudget / std::max<std::int64_t>(pattern, 1);
    if (starts <= affordable) return {0, starts};
    const std::int64_t from = std::clamp<std::int64_t>(guess - affordable / 2, 0, starts - 1);
    return {from, std::min(starts, from + affordable)};
}

std::string shown(std::string_view line) {
    return std::string(without_terminator(line));
}

}  // namespace

std::optional<NearMiss> near_miss(const std::vector<std::string_view>& file, const Hunk& hunk) {
    const auto pattern = old_side(hunk);
    if (pattern.empty() || file.empty()) return std::nullopt;
    const std::int64_t guess = std::max<std::int64_t>(hunk.old_start - 1, 0);
    const auto [from, to] = scan_range(static_cast<std::int64_t>(file.size()),
                                       static_cast<std::int64_t>(pattern.size()), guess);
    std::int64_t best = -1, best_equal = 0;
    for (std::int64_t start = from; start < to; ++start) {
        const std::int64_t equal = equal_lines_at(file, pattern, start);
        if (equal > best_equal ||
            (equal == best_equal && best >= 0 && std::abs(start - guess) < std::abs(best - guess)))
            best = start, best_equal = equal;
    }
    if (best < 0) return std::nullopt;
    NearMiss miss{best + 1, best_equal, static_cast<std::int64_t>(pattern.size()), {}};
    for (std::size_t i = 0; i < pattern.size() && miss.mismatches.size() < kMismatchesShown; ++i) {
        const auto at = static_cast<std::size_t>(best) + i;
        if (at < file.size() && file[at] == pattern[i]) continue;
        miss.mismatches.push_back({static_cast<std::int64_t>(at) + 1, shown(pattern[i]),
                                   at < file.size() ? shown(file[at]) : std::string()});
    }
    return miss;
}

std::string describe(const NearMiss& miss) {
    std::string text = "closest match at line " + std::to_string(miss.line) + " (" +
                       std::to_string(miss.matching) + " of " + std::to_string(miss.total) +
                       " lines equal)";
    for (const auto& mismatch : miss.mismatches)
        text += "; line " + std::to_string(mismatch.line) + " expected \"" + mismatch.expected +
                "\", found \"" + mismatch.found + "\"";
    return text;
}

}  // namespace patchbay
