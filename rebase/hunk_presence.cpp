#include "rebase/hunk_presence.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <string>

#include "rebase/token_change.hpp"

namespace patchbay {

namespace {

// Lines this far around the mapped place still count as the hunk's region: upstream's version
// of a fix may sit a few lines off where the diff of the two upstreams aligns it.
constexpr std::size_t kRegionMargin = 2 * kHunkContext;
// A longer hunk counts as upstream with this share of its added lines there: upstream's
// version of a fix may differ in a line or two.
constexpr double kPresentShare = 0.75;
// Letters and digits of an inserted run that may be looked for in the whole file (a message,
// a call with its arguments): fewer, and the same tokens turn up in unrelated code.
constexpr std::size_t kDistinctiveAlnum = 20;
// What a hunk found reversed without its context must hold of its own.
constexpr std::size_t kDistinctiveOwnAlnum = 40;
// A removed line with fewer (a brace, `fi`) may well remain elsewhere in the region.
constexpr std::size_t kGoneAlnum = 3;

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

// The lines around what upstream made of the hunk's place, widened by kRegionMargin.
struct Regions {
    std::vector<std::string> ours;
};

Regions regions_of(const FileSides& sides, const ChangeHunk& hunk) {
    const auto o0 = map_to_ours(sides.upstream, hunk.base_begin(), false);
    const auto o1 = map_to_ours(sides.upstream, hunk.base_end(), true);
    return {squeezed_range(sides.ours, below(o0, kRegionMargin), o1 + kRegionMargin)};
}

// With `context` lines around it on both sides.
bool reversed_with(const FileSides& sides, const ChangeHunk& hunk, const Regions& regions,
                   std::size_t context) {
    auto old_side =
        squeezed_range(sides.base, below(hunk.base_begin(), context), hunk.base_end() + context);
    auto new_side = squeezed_range(sides.theirs, below(hunk.theirs_begin(), context),
                                   hunk.theirs_end() + context);
    return old_side != new_side && contains_run(regions.ours, new_side) &&
           !contains_run(regions.ours, old_side);
}

std::size_t alnum_in(const std::vector<std::string>& lines) {
    std::size_t alnum = 0;
    for (const auto& line : lines)
        alnum += std::count_if(line.begin(), line.end(),
                               [](char c) { return std::isalnum(static_cast<unsigned char>(c)); });
    return alnum;
}

// Found reversed, whitespace aside, with its full context or, where upstream edited the
// context too, with none: then its own new lines must be long enough (two lines, 40 letters
// and digits) not to be there by chance. A line the hunk moves shows only this way: token by
// token it inserts nothing.
bool found_reversed(const FileSides& sides, const ChangeHunk& hunk, const Regions& regions) {
    if (reversed_with(sides, hunk, regions, kHunkContext)) return true;
    auto own = squeezed_range(sides.theirs, hunk.theirs_begin(), hunk.theirs_end());
    return own.size() >= 2 && alnum_in(own) >= kDistinctiveOwnAlnum &&
           reversed_with(sides, hunk, regions, 0);
}

// The lines the hunk removes (or adds), in order.
std::vector<std::string_view> edit_lines(const std::vector<std::string_view>& lines,
                                         const ChangeHunk& hunk, bool added) {
    std::vector<std::string_view> out;
    for (const auto& e : hunk.edits) {
        auto start = added ? e.after_start : e.before_start;
        auto count = added ? e.after_count : e.before_count;
        for (auto i = start; i < std::min(start + count, lines.size()); ++i)
            out.push_back(lines[i]);
    }
    return out;
}

// The token texts around the hunk's place on both sides.
struct TokenRegions {
    std::string base;
    std::string ours;
};

TokenRegions token_regions(const FileSides& sides, const ChangeHunk& hunk) {
    const auto b0 = hunk.base_begin(), b1 = hunk.base_end();
    const auto o0 = map_to_ours(sides.upstream, b0, false);
    const auto o1 = map_to_ours(sides.upstream, b1, true);
    return {token_text(sides.base, below(b0, kRegionMargin), b1 + kRegionMargin),
            token_text(sides.ours, below(o0, kRegionMargin), o1 + kRegionMargin)};
}

// Letters and digits in a run: a run this long is unlikely to be written twice by chance.
std::size_t alnum_count(std::string_view run) {
    return static_cast<std::size_t>(std::count_if(run.begin(), run.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c));
    }));
}

enum class Where { nowhere, region, file };

// Inserted tokens are upstream's when its region has them, or, for a distinctive run (a
// message, a call with its arguments), its file has them and the old file did not: upstream
// moved the code within the file. A short idiom (`if (p == NULL)`) found in another function
// proves nothing.
Where inserted_there(const FileSides& sides, const TokenRegions& regions, const std::string& run) {
    if (has_run(regions.ours, run)) return Where::region;
    if (alnum_count(run) >= kDistinctiveAlnum && has_run(sides.ours_tokens, run) &&
        !has_run(sides.base_tokens, run))
        return Where::file;
    return Where::nowhere;
}

// How many added lines insert tokens the old region lacked, and how many of those have all
// their inserted tokens upstream; whether some were found only elsewhere in the file.
bool count_lines(const FileSides& sides, const TokenRegions& regions, const TokenChange& change,
                 HunkVerdict& verdict) {
    std::set<std::size_t> counted, missing;
    bool elsewhere = false;
    for (const auto& inserted : change.inserted) {
        if (has_run(regions.base, inserted.run)) continue;  // proves nothing
        counted.insert(inserted.line);
        auto where = inserted_there(sides, regions, inserted.run);
        if (where == Where::nowhere) missing.insert(inserted.line);
        elsewhere = elsewhere || where == Where::file;
    }
    verdict.added = static_cast<int>(counted.size());
    verdict.present = static_cast<int>(counted.size() - missing.size());
    return elsewhere;
}

bool enough_present(const HunkVerdict& verdict) {
    if (verdict.added == 0) return false;
    if (verdict.added <= 3) return verdict.present == verdict.added;
    return verdict.present >= kPresentShare * verdict.added;
}

// What must be gone for the hunk to be upstream: each line it removes and does not add back
// (whole or inside a longer line),
// as a run of tokens (inside a longer line it is still there), and each distinctive run of
// tokens it deletes. A short deleted run (`co->domain`) also turns up in unrelated lines.
std::vector<std::string> runs_to_be_gone(const std::vector<std::string_view>& removed,
                                         const std::vector<std::string_view>& added,
                                         const TokenChange& change) {
    // A line the hunk keeps inside one of its own added lines is not removed.
    const auto added_text = token_text(added, 0, added.size());
    std::vector<std::string> runs;
    for (std::size_t i = 0; i < removed.size(); ++i) {
        auto run = token_text(removed, i, i + 1);
        if (alnum_count(run) >= kGoneAlnum && !has_run(added_text, run)) runs.push_back(run);
    }
    for (const auto& deleted : change.deleted)
        if (alnum_count(deleted) >= kDistinctiveAlnum) runs.push_back(deleted);
    return runs;
}

HunkVerdict presence_in(const FileSides& sides, const TokenChange& change,
                        const std::vector<std::string>& gone, const TokenRegions& regions) {
    HunkVerdict verdict;
    // What the hunk deletes must be gone from its place, and from the whole file when what it
    // inserts was found elsewhere in it.
    const auto& gone_from =
        count_lines(sides, regions, change, verdict) ? sides.ours_tokens : regions.ours;
    for (const auto& run : gone)
        if (has_run(gone_from, run)) return verdict;
    if (enough_present(verdict)) verdict.presence = HunkPresence::modified;
    return verdict;
}

bool any_in(const std::vector<std::string>& lines, const std::vector<std::string>& region) {
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& line) {
        return std::find(region.begin(), region.end(), line) != region.end();
    });
}

// Code upstream moved takes its surroundings along: a line of the hunk's context on each side
// (where it has one) must be in the new place too. The same lines written in another function
// are not the patch's change.
bool context_moved_along(const FileSides& sides, const ChangeHunk& hunk, std::size_t begin,
                         std::size_t end) {
    const auto region = squeezed_range(sides.ours, begin, end);
    const auto before =
        squeezed_range(sides.base, below(hunk.base_begin(), kHunkContext), hunk.base_begin());
    const auto after = squeezed_range(sides.base, hunk.base_end(), hunk.base_end() + kHunkContext);
    return (before.empty() || any_in(before, region)) && (after.empty() || any_in(after, region));
}

// Where upstream moved the hunk's place within the file, when the diff of the two upstreams
// cannot say: around the first distinctive inserted run that the new file has and the old
// one lacked, as wide as the hunk's new side and the margin.
std::optional<TokenRegions> moved_region(const FileSides& sides, const ChangeHunk& hunk,
                                         const TokenChange& change, const TokenRegions& place) {
    for (const auto& inserted : change.inserted) {
        if (alnum_count(inserted.run) < kDistinctiveAlnum || has_run(place.base, inserted.run) ||
            has_run(sides.base_tokens, inserted.run))
            continue;
        auto at = sides.ours_tokens.find(inserted.run);
        if (at == std::string::npos) continue;
        auto line = static_cast<std::size_t>(
            std::upper_bound(sides.ours_line_starts.begin(), sides.ours_line_starts.end(), at) -
            sides.ours_line_starts.begin() - 1);
        auto span = hunk.theirs_end() - hunk.theirs_begin() + kRegionMargin;
        if (!context_moved_along(sides, hunk, below(line, span), line + span)) return std::nullopt;
        return TokenRegions{place.base, token_text(sides.ours, below(line, span), line + span)};
    }
    return std::nullopt;
}

HunkVerdict modified_presence(const FileSides& sides, const ChangeHunk& hunk) {
    const auto removed = edit_lines(sides.base, hunk, false);
    const auto added = edit_lines(sides.theirs, hunk, true);
    const auto change = token_change(removed, added);
    const auto gone = runs_to_be_gone(removed, added, change);
    auto regions = token_regions(sides, hunk);
    auto verdict = presence_in(sides, change, gone, regions);
    if (verdict.presence != HunkPresence::absent) return verdict;
    auto moved = moved_region(sides, hunk, change, regions);
    if (!moved) return verdict;
    auto there = presence_in(sides, change, gone, *moved);
    // Gone from the old place as well as from the new one.
    for (const auto& run : gone)
        if (has_run(regions.ours, run)) return verdict;
    return there.presence != HunkPresence::absent ? there : verdict;
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

namespace {

// `$OpenBSD: ssh-sk.c,v 1.40 … $` and the like: a line the version control of upstream
// rewrites on every commit. A hunk that only moves such a line to the next revision is
// upstream once upstream has the line at any revision.
bool is_keyword_line(std::string_view line) {
    static const char* const kKeywords[] = {
        "$OpenBSD:", "$NetBSD:", "$FreeBSD:", "$Id:", "$Header:", "$Revision:", "$Date:"};
    return std::any_of(std::begin(kKeywords), std::end(kKeywords), [&](const char* keyword) {
        return line.find(keyword) != std::string_view::npos;
    });
}

std::string_view keyword_of(std::string_view line) {
    auto at = line.find('$');
    return line.substr(at, line.find(':', at) - at);
}

bool keyword_line_upstream(const FileSides& sides, const ChangeHunk& hunk) {
    auto removed = edit_lines(sides.base, hunk, false);
    auto added = edit_lines(sides.theirs, hunk, true);
    if (added.empty() || !std::all_of(removed.begin(), removed.end(), is_keyword_line) ||
        !std::all_of(added.begin(), added.end(), is_keyword_line))
        return false;
    const auto o0 = map_to_ours(sides.upstream, hunk.base_begin(), false);
    const auto o1 = map_to_ours(sides.upstream, hunk.base_end(), true);
    for (std::size_t i = below(o0, kRegionMargin);
         i < std::min(o1 + kRegionMargin, sides.ours.size()); ++i)
        if (is_keyword_line(sides.ours[i]) && keyword_of(sides.ours[i]) == keyword_of(added[0]))
            return true;
    return false;
}

}  // namespace

void index_tokens(FileSides& sides) {
    sides.base_tokens = token_text(sides.base, 0, sides.base.size());
    sides.ours_tokens.assign(1, '\x1f');
    sides.ours_line_starts.clear();
    for (std::size_t i = 0; i < sides.ours.size(); ++i) {
        // A run starting on this line is found at the separator before its first token.
        sides.ours_line_starts.push_back(sides.ours_tokens.size() - 1);
        sides.ours_tokens += token_text(sides.ours, i, i + 1).substr(1);
    }
}

HunkVerdict hunk_presence(const FileSides& sides, const ChangeHunk& hunk) {
    auto regions = regions_of(sides, hunk);
    auto verdict = modified_presence(sides, hunk);
    // A revision line is not the patch's own change: nothing of it counts as reworded.
    if (verdict.presence == HunkPresence::absent && keyword_line_upstream(sides, hunk))
        return HunkVerdict{HunkPresence::exact, 0, 0};
    if (found_reversed(sides, hunk, regions)) {
        verdict.presence = HunkPresence::exact;
        verdict.present = verdict.added;
    }
    return verdict;
}

}  // namespace patchbay
