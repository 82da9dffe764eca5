#include "rebase/hunk_presence.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <string>

namespace patchbay {

namespace {

// Lines this far around the mapped place still count as the hunk's region: upstream's version
// of a fix may sit a few lines off where the diff of the two upstreams aligns it.
constexpr std::size_t kRegionMargin = 2 * kHunkContext;
// A line with fewer letters and digits (`}`, `fi`, `*/`, a blank) proves nothing by being
// there or not.
constexpr std::size_t kSignificantAlnum = 4;
// Reworded lines: at least this share of the patch's added lines must be there verbatim
// (whitespace aside), and every other one must have a reworded counterpart.
constexpr double kPresentShare = 0.75;
constexpr double kRewordedSimilarity = 0.5;

bool is_space(char c) {
    return std::isspace(static_cast<unsigned char>(c)) != 0;
}

// The line without any whitespace: indentation, spacing and line ends may differ upstream.
std::string squeezed(std::string_view line) {
    std::string out;
    for (char c : line)
        if (!is_space(c)) out += c;
    return out;
}

bool significant(std::string_view squeezed_line) {
    auto alnum = std::count_if(squeezed_line.begin(), squeezed_line.end(),
                               [](char c) { return std::isalnum(static_cast<unsigned char>(c)); });
    return static_cast<std::size_t>(alnum) >= kSignificantAlnum;
}

// The squeezed, non-blank lines of [begin, end) of `lines`, clipped to its size.
std::vector<std::string> squeezed_range(const std::vector<std::string_view>& lines,
                                        std::size_t begin, std::size_t end) {
    std::vector<std::string> out;
    for (std::size_t i = begin; i < std::min(end, lines.size()); ++i)
        if (auto line = squeezed(lines[i]); !line.empty()) out.push_back(std::move(line));
    return out;
}

std::size_t below(std::size_t line, std::size_t margin) {
    return line > margin ? line - margin : 0;
}

bool contains_run(const std::vector<std::string>& text, const std::vector<std::string>& run) {
    return !run.empty() &&
           std::search(text.begin(), text.end(), run.begin(), run.end()) != text.end();
}

// Words and single punctuation characters: what a reworded line shares with the original.
std::vector<std::string> tokens(std::string_view line) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < line.size();) {
        auto c = static_cast<unsigned char>(line[i]);
        if (std::isspace(c)) {
            ++i;
            continue;
        }
        std::size_t j = i + 1;
        if (std::isalnum(c) || c == '_')
            while (j < line.size() &&
                   (std::isalnum(static_cast<unsigned char>(line[j])) || line[j] == '_'))
                ++j;
        out.emplace_back(line.substr(i, j - i));
        i = j;
    }
    return out;
}

// 2·LCS / (|a| + |b|) over the tokens.
double similarity(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    if (a.empty() || b.empty()) return 0;
    std::vector<std::size_t> row(b.size() + 1, 0), next(b.size() + 1, 0);
    for (std::size_t i = 0; i < a.size(); ++i) {
        for (std::size_t j = 0; j < b.size(); ++j)
            next[j + 1] = a[i] == b[j] ? row[j] + 1 : std::max(row[j + 1], next[j]);
        std::swap(row, next);
    }
    return 2.0 * static_cast<double>(row[b.size()]) / static_cast<double>(a.size() + b.size());
}

// The hunk's place on both sides, widened by kRegionMargin.
struct Regions {
    std::vector<std::string> base;    // around what the hunk replaces
    std::vector<std::string> ours;    // around what upstream made of it
    std::vector<std::string> theirs;  // the hunk's new side, with its context
};

Regions regions_of(const FileSides& sides, const ChangeHunk& hunk) {
    const auto b0 = hunk.base_begin(), b1 = hunk.base_end();
    const auto o0 = map_to_ours(sides.upstream, b0, false);
    const auto o1 = map_to_ours(sides.upstream, b1, true);
    return {squeezed_range(sides.base, below(b0, kRegionMargin), b1 + kRegionMargin),
            squeezed_range(sides.ours, below(o0, kRegionMargin), o1 + kRegionMargin),
            squeezed_range(sides.theirs, below(hunk.theirs_begin(), kHunkContext),
                           hunk.theirs_end() + kHunkContext)};
}

// Reversed, whitespace aside: the new side with its context is there, the old side is not.
bool found_reversed(const FileSides& sides, const ChangeHunk& hunk, const Regions& regions) {
    auto old_side = squeezed_range(sides.base, below(hunk.base_begin(), kHunkContext),
                                   hunk.base_end() + kHunkContext);
    return old_side != regions.theirs && contains_run(regions.ours, regions.theirs) &&
           !contains_run(regions.ours, old_side);
}

// The squeezed significant lines an edit list takes from `lines` (removed or added).
std::vector<std::string> edit_lines(const std::vector<std::string_view>& lines,
                                    const ChangeHunk& hunk, bool added) {
    std::vector<std::string> out;
    for (const auto& e : hunk.edits) {
        auto start = added ? e.after_start : e.before_start;
        auto count = added ? e.after_count : e.before_count;
        for (auto& line : squeezed_range(lines, start, start + count))
            if (significant(line)) out.push_back(std::move(line));
    }
    return out;
}

// Every removed line (not re-added by the hunk itself) is gone from the new region.
bool removed_gone(const FileSides& sides, const ChangeHunk& hunk, const std::set<std::string>& ours,
                  const std::set<std::string>& added) {
    for (const auto& line : edit_lines(sides.base, hunk, false))
        if (!added.count(line) && ours.count(line)) return false;
    return true;
}

// Whether a missing added line has a reworded counterpart among the lines upstream brought.
bool reworded(const std::string& line, const std::vector<std::string>& brought) {
    auto wanted = tokens(line);
    return std::any_of(brought.begin(), brought.end(), [&](const std::string& candidate) {
        return similarity(wanted, tokens(candidate)) >= kRewordedSimilarity;
    });
}

HunkVerdict modified_presence(const FileSides& sides, const ChangeHunk& hunk,
                              const Regions& regions) {
    HunkVerdict verdict;
    const std::set<std::string> base(regions.base.begin(), regions.base.end());
    const std::set<std::string> ours(regions.ours.begin(), regions.ours.end());
    auto added_all = edit_lines(sides.theirs, hunk, true);
    const std::set<std::string> added_set(added_all.begin(), added_all.end());
    std::vector<std::string> brought;  // the lines of the new region the old one lacked
    for (const auto& line : regions.ours)
        if (!base.count(line)) brought.push_back(line);
    std::vector<std::string> missing;
    for (const auto& line : added_all) {
        if (base.count(line)) continue;
        ++verdict.added;
        if (ours.count(line))
            ++verdict.present;
        else
            missing.push_back(line);
    }
    if (verdict.added == 0 || !removed_gone(sides, hunk, ours, added_set)) return verdict;
    if (verdict.present < kPresentShare * verdict.added) return verdict;
    for (const auto& line : missing)
        if (!reworded(line, brought)) return verdict;
    verdict.presence = HunkPresence::modified;
    return verdict;
}

}  // namespace

std::vector<ChangeHunk> change_hunks(const std::vector<LineEdit>& edits) {
    std::vector<ChangeHunk> hunks;
    for (const auto& edit : edits) {
        bool joins =
            !hunks.empty() && edit.before_start <= hunks.back().base_end() + 2 * kHunkContext;
        if (joins)
            hunks.back().edits.push_back(edit);
        else
            hunks.push_back({{edit}});
    }
    return hunks;
}

std::size_t map_to_ours(const std::vector<LineEdit>& upstream, std::size_t line, bool end) {
    std::int64_t delta = 0;
    for (const auto& e : upstream) {
        const bool insertion_here = e.before_count == 0 && e.before_start == line;
        const bool inside = line >= e.before_start && line < e.before_start + e.before_count;
        if (insertion_here || inside) return end ? e.after_start + e.after_count : e.after_start;
        if (line < e.before_start) break;
        delta = static_cast<std::int64_t>(e.after_start + e.after_count) -
                static_cast<std::int64_t>(e.before_start + e.before_count);
    }
    return static_cast<std::size_t>(static_cast<std::int64_t>(line) + delta);
}

HunkVerdict hunk_presence(const FileSides& sides, const ChangeHunk& hunk) {
    auto regions = regions_of(sides, hunk);
    auto verdict = modified_presence(sides, hunk, regions);
    if (found_reversed(sides, hunk, regions)) {
        verdict.presence = HunkPresence::exact;
        verdict.present = verdict.added;
    }
    return verdict;
}

}  // namespace patchbay
