#include "patches/hunk_matcher.hpp"

#include <algorithm>

namespace patchbay {

namespace {

// The search window of one locate_hunk call, in GNU patch's own terms.
struct SearchWindow {
    std::int64_t first_guess = 0;
    std::int64_t prefix_fuzz = 0;
    std::int64_t suffix_fuzz = 0;
    std::int64_t max_where = 0;
    std::int64_t min_where = 0;
    std::int64_t max_pos_offset = 0;
    std::int64_t max_neg_offset = 0;
};

SearchWindow window_for(std::int64_t input_lines, const HunkPattern& pattern, std::int64_t fuzz,
                        const MatchState& state) {
    const auto pat_lines = static_cast<std::int64_t>(pattern.lines.size());
    const auto context = std::max(pattern.prefix_context, pattern.suffix_context);
    SearchWindow w;
    w.first_guess = pattern.first + state.in_offset;
    w.prefix_fuzz = fuzz + pattern.prefix_context - context;
    w.suffix_fuzz = fuzz + pattern.suffix_context - context;
    w.max_where = input_lines - (pat_lines - w.suffix_fuzz) + 1;
    // 2.7.6 ("don't allow a hunk to overlap with the previous one"); 2.7.5 and older let
    // the leading context reach back over the lines the previous hunk consumed.
    w.min_where = state.last_frozen_line + 1;
    w.max_pos_offset = w.max_where - w.first_guess;
    w.max_neg_offset = w.first_guess - w.min_where;
    return w;
}

// Pattern lines prefix_fuzz+1 .. size-suffix_fuzz against input lines from base+prefix_fuzz.
bool matches_at(const std::vector<std::string_view>& input, const HunkPattern& pattern,
                std::int64_t base, std::int64_t prefix_fuzz, std::int64_t suffix_fuzz) {
    const auto input_lines = static_cast<std::int64_t>(input.size());
    const auto last = static_cast<std::int64_t>(pattern.lines.size()) - suffix_fuzz;
    std::int64_t input_line = base + prefix_fuzz;
    for (std::int64_t p = prefix_fuzz + 1; p <= last; ++p, ++input_line) {
        // GNU's ifetch yields an empty line outside the file; pattern lines are never empty.
        if (input_line < 1 || input_line > input_lines) return false;
        if (input[input_line - 1] != pattern.lines[p - 1]) return false;
    }
    return true;
}

std::int64_t found(MatchState& state, std::int64_t first_guess, std::int64_t offset) {
    state.in_offset += offset;
    return first_guess + offset;
}

// A hunk with less leading than trailing context (after fuzz) can only match at line 1.
std::int64_t locate_at_start(const std::vector<std::string_view>& input, const HunkPattern& pattern,
                             const SearchWindow& w, MatchState& state) {
    const auto pat_lines = static_cast<std::int64_t>(pattern.lines.size());
    const auto input_lines = static_cast<std::int64_t>(input.size());
    const bool whole_file_only = w.suffix_fuzz < 0;
    if (whole_file_only &&
        (pat_lines != input_lines || pattern.prefix_context < state.last_frozen_line))
        return 0;
    const std::int64_t offset = 1 - w.first_guess;
    if (state.last_frozen_line <= pattern.prefix_context && offset <= w.max_pos_offset &&
        matches_at(input, pattern, w.first_guess + offset, 0, w.suffix_fuzz))
        return found(state, w.first_guess, offset);
    return 0;
}

// A hunk with less trailing than leading context (after fuzz) can only match at the end.
std::int64_t locate_at_end(const std::vector<std::string_view>& input, const HunkPattern& pattern,
                           const SearchWindow& w, MatchState& state) {
    const auto pat_lines = static_cast<std::int64_t>(pattern.lines.size());
    const auto input_lines = static_cast<std::int64_t>(input.size());
    const std::int64_t offset = w.first_guess - (input_lines - pat_lines + 1);
    if (offset <= w.max_neg_offset &&
        matches_at(input, pattern, w.first_guess - offset, w.prefix_fuzz, 0))
        return found(state, w.first_guess, -offset);
    return 0;
}

// Offsets 0, +1, -1, +2, -2, …: forward wins a tie.
std::int64_t search_both_ways(const std::vector<std::string_view>& input,
                              const HunkPattern& pattern, const SearchWindow& w,
                              MatchState& state) {
    const std::int64_t max_offset = std::max(w.max_pos_offset, w.max_neg_offset);
    // As GNU 2.7.6, except that forward probes never start before line 1: only a pattern whose
    // lines are all fuzzed away matches there, and each such match pushed in_offset down by
    // the distance so far, doubling it hunk after hunk (a hang found by fuzzing).
    const std::int64_t min_offset = w.max_pos_offset < 0 ? w.first_guess - w.max_where
                                    : w.max_neg_offset < 0
                                        ? std::max(w.first_guess - w.min_where, 1 - w.first_guess)
                                        : 0;
    for (std::int64_t offset = min_offset; offset <= max_offset; ++offset) {
        if (offset <= w.max_pos_offset &&
            matches_at(input, pattern, w.first_guess + offset, w.prefix_fuzz, w.suffix_fuzz))
            return found(state, w.first_guess, offset);
        if (offset <= w.max_neg_offset &&
            matches_at(input, pattern, w.first_guess - offset, w.prefix_fuzz, w.suffix_fuzz))
            return found(state, w.first_guess, -offset);
    }
    return 0;
}

}  // namespace

HunkPattern pattern_of(const Hunk& hunk) {
    HunkPattern pattern;
    for (const auto& line : hunk.lines)
        if (line.kind != LineKind::added) pattern.lines.push_back(line.text);
    pattern.first = hunk.old_start + (pattern.lines.empty() ? 1 : 0);
    pattern.prefix_context = hunk.prefix_context();
    pattern.suffix_context = hunk.suffix_context();
    return pattern;
}

// Turning a hunk round keeps its context lines where they are and the lines of each run of
// changes in their order, so its old side is the context and added lines as they stand.
HunkPattern reversed_pattern_of(const Hunk& hunk) {
    HunkPattern pattern;
    for (const auto& line : hunk.lines)
        if (line.kind != LineKind::removed) pattern.lines.push_back(line.text);
    pattern.first = hunk.new_start + (pattern.lines.empty() ? 1 : 0);
    pattern.prefix_context = hunk.prefix_context();
    pattern.suffix_context = hunk.suffix_context();
    return pattern;
}

std::int64_t useful_fuzz(const HunkPattern& pattern, std::int64_t max_fuzz) {
    return std::min(max_fuzz, std::max(pattern.prefix_context, pattern.suffix_context));
}

std::int64_t locate_hunk(const std::vector<std::string_view>& input, const HunkPattern& pattern,
                         std::int64_t fuzz, MatchState& state) {
    SearchWindow w = window_for(static_cast<std::int64_t>(input.size()), pattern, fuzz, state);
    if (pattern.lines.empty()) return w.first_guess;
    if (w.first_guess <= w.max_neg_offset) w.max_neg_offset = w.first_guess - 1;
    if (w.prefix_fuzz < 0 && pattern.first <= 1) return locate_at_start(input, pattern, w, state);
    w.prefix_fuzz = std::max<std::int64_t>(w.prefix_fuzz, 0);
    if (w.suffix_fuzz < 0) return locate_at_end(input, pattern, w, state);
    return search_both_ways(input, pattern, w, state);
}

}  // namespace patchbay
