#include "regenerate/kept_hunks.hpp"

#include <algorithm>
#include <cstdint>

#include "common/text_diff.hpp"
#include "common/text_lines.hpp"
#include "patches/file_patcher.hpp"
#include "patches/patch_writer.hpp"

namespace patchbay {

namespace {

// An old hunk's place: its old side in `before`, its new side in what the old hunks give (then,
// once the edit is followed, in `after`), as 0-based first lines and counts.
struct Placement {
    std::size_t hunk = 0;  // its index among the old hunks
    std::int64_t before_start = 0;
    std::int64_t before_count = 0;
    std::int64_t after_start = 0;
    std::int64_t after_count = 0;
    bool kept = true;

    std::int64_t before_end() const { return before_start + before_count; }
    std::int64_t after_end() const { return after_start + after_count; }
};

bool lands_cleanly(const HunkOutcome& outcome) {
    return outcome.status == HunkStatus::exact || outcome.status == HunkStatus::offset;
}

// Where the old hunks land on `before`, and the text they give (`old_after`); nullopt unless
// each lands at fuzz 0 and has lines on both sides.
std::optional<std::vector<Placement>> place_old_hunks(const SharedText& before,
                                                      const std::vector<Hunk>& hunks,
                                                      SharedText& old_after) {
    const auto applied = apply_hunks(before, hunks, PatchOptions(0, false));
    std::vector<Placement> placed;
    std::int64_t added_above = 0;
    for (std::size_t i = 0; i < hunks.size(); ++i) {
        const Hunk& hunk = hunks[i];
        if (!lands_cleanly(applied.hunks[i]) || hunk.body_old_count() == 0 ||
            hunk.body_new_count() == 0)
            return std::nullopt;
        // HunkOutcome::line is where the hunk starts in the patched text (1-based).
        const std::int64_t after_start = applied.hunks[i].line - 1;
        placed.push_back({i, after_start - added_above, hunk.body_old_count(), after_start,
                          hunk.body_new_count(), true});
        added_above += hunk.body_new_count() - hunk.body_old_count();
    }
    old_after = applied.text;
    return placed;
}

// Whether `edit` (of the old hunks' result) changes a line of `hunk`'s new side, context
// included. Lines inserted at either end leave it whole.
bool touches(const LineEdit& edit, const Placement& hunk) {
    const auto start = static_cast<std::int64_t>(edit.before_start);
    const auto count = static_cast<std::int64_t>(edit.before_count);
    if (count == 0) return hunk.after_start < start && start < hunk.after_end();
    return start < hunk.after_end() && start + count > hunk.after_start;
}

// Drops the hunks the edit touched and moves the others' new sides to where they are in `after`.
void follow_edits(const std::vector<LineEdit>& edits, std::vector<Placement>& placed) {
    for (auto& hunk : placed) {
        std::int64_t shift = 0;
        for (const auto& edit : edits) {
            if (touches(edit, hunk)) hunk.kept = false;
            if (static_cast<std::int64_t>(edit.before_start + edit.before_count) <=
                hunk.after_start)
                shift += static_cast<std::int64_t>(edit.after_count) -
                         static_cast<std::int64_t>(edit.before_count);
        }
        hunk.after_start += shift;
    }
}

// A text and where its lines start (common/text_lines.hpp).
struct LinedText {
    explicit LinedText(std::string_view text_) : text(text_), starts(line_starts(text_)) {}
    std::string_view upto(std::int64_t line) const { return text.substr(0, at(line)); }
    std::string_view lines(std::int64_t from, std::int64_t to) const {
        return text.substr(at(from), at(to) - at(from));
    }
    std::int64_t count() const { return static_cast<std::int64_t>(starts.size()) - 1; }

    std::string_view text;
    std::vector<std::size_t> starts;

  private:
    std::size_t at(std::int64_t line) const { return starts[static_cast<std::size_t>(line)]; }
};

// The lines between two kept hunks (or a kept hunk and an end of the file), in `before` and in
// `after`: 0-based, ends excluded. `previous` and `next` are the kept placements around it.
struct Gap {
    std::int64_t before_start = 0, before_end = 0, after_start = 0, after_end = 0;
    std::optional<std::size_t> previous, next;
};

std::vector<Gap> gaps_around(const std::vector<Placement>& placed, const LinedText& before,
                             const LinedText& after) {
    std::vector<Gap> gaps;
    Gap gap;
    for (std::size_t i = 0; i < placed.size(); ++i) {
        if (!placed[i].kept) continue;
        gap.before_end = placed[i].before_start, gap.after_end = placed[i].after_start;
        gap.next = i;
        gaps.push_back(gap);
        gap = {placed[i].before_end(), 0, placed[i].after_end(), 0, i, std::nullopt};
    }
    gap.before_end = before.count(), gap.after_end = after.count();
    gaps.push_back(gap);
    return gaps;
}

// The fresh hunks of one gap, numbered as in `before` and `after`. libgit2 diffs `before` up to
// the gap's end against the same text up to the gap's start followed by the gap's lines of
// `after`: the shared beginning gives it the function line above the gap, and `before`'s numbers.
// nullopt for a binary text.
Result<std::optional<std::vector<Hunk>>> diff_gap(const LinedText& before, const LinedText& after,
                                                  const Gap& gap, const DiffLayout& layout) {
    std::string new_text(before.upto(gap.before_start));
    new_text += after.lines(gap.after_start, gap.after_end);
    auto diff = diff_buffers(before.upto(gap.before_end), new_text, layout);
    if (!diff) return diff.error();
    if (diff->binary) return std::optional<std::vector<Hunk>>();
    for (auto& hunk : diff->hunks) hunk.new_start += gap.after_start - gap.before_start;
    return std::optional(std::move(diff->hunks));
}

// The kept hunk a fresh hunk of `gap` would overlap: its context reaching above the gap's start
// into the previous one, or cut short by the next one below.
std::optional<std::size_t> overlapped(const Hunk& fresh, const Gap& gap, const DiffLayout& layout,
                                      std::int64_t before_lines) {
    const std::int64_t first = fresh.old_count > 0 ? fresh.old_start - 1 : fresh.old_start;
    if (gap.previous && first < gap.before_start) return gap.previous;
    if (gap.next && gap.before_end < before_lines && fresh.suffix_context() < layout.context_lines)
        return gap.next;
    return std::nullopt;
}

struct FreshHunks {
    std::vector<Hunk> hunks;
    std::optional<std::size_t> overlapped;  // a kept placement they would overlap
};

Result<std::optional<FreshHunks>> fresh_hunks(const std::vector<Placement>& placed,
                                              const LinedText& before, const LinedText& after,
                                              const DiffLayout& layout) {
    FreshHunks fresh;
    for (const auto& gap : gaps_around(placed, before, after)) {
        auto hunks = diff_gap(before, after, gap, layout);
        if (!hunks) return hunks.error();
        if (!*hunks) return std::optional<FreshHunks>();
        for (auto& hunk : **hunks) {
            fresh.overlapped = overlapped(hunk, gap, layout, before.count());
            if (fresh.overlapped) return std::optional(std::move(fresh));
            fresh.hunks.push_back(std::move(hunk));
        }
    }
    return std::optional(std::move(fresh));
}

std::int64_t lines_added(const Hunk& hunk) {
    return hunk.body_new_count() - hunk.body_old_count();
}

// The old hunk as written; when the hunks above it now add `shift` more lines than they did, its
// "+" start moves by as much and its "@@" line is written anew.
Hunk kept_hunk(const Hunk& old, const std::string& text, std::int64_t shift) {
    Hunk kept = old;
    kept.verbatim = text;
    if (shift == 0) return kept;
    kept.new_start += shift;
    const auto body = text.find('\n');
    kept.verbatim = render_hunk_header(kept) +
                    (body == std::string::npos ? std::string() : text.substr(body + 1));
    return kept;
}

// The kept old hunks and the fresh ones, in the order they apply.
std::vector<Hunk> splice(const OldHunks& old, const std::vector<Placement>& placed,
                         std::vector<Hunk> fresh) {
    std::vector<Hunk> result;
    std::int64_t added_by_old = 0;  // by the old hunks above, in the old patch
    std::int64_t added_by_new = 0;  // by the hunks above, in the new one
    std::size_t next_fresh = 0;
    auto take_fresh_above = [&](std::int64_t line) {
        for (; next_fresh < fresh.size() && fresh[next_fresh].old_start - 1 < line; ++next_fresh) {
            added_by_new += lines_added(fresh[next_fresh]);
            result.push_back(std::move(fresh[next_fresh]));
        }
    };
    for (const auto& place : placed) {
        const Hunk& hunk = old.hunks[place.hunk];
        if (place.kept) {
            take_fresh_above(place.before_start);
            result.push_back(kept_hunk(hunk, old.texts[place.hunk], added_by_new - added_by_old));
            added_by_new += lines_added(hunk);
        }
        added_by_old += lines_added(hunk);
    }
    take_fresh_above(INT64_MAX);
    return result;
}

// Whether `hunks` turn `before` into `after`, each at fuzz 0: the check that nothing above
// assumed wrongly.
bool reproduces(const SharedText& before, const SharedText& after, const std::vector<Hunk>& hunks) {
    const auto applied = apply_hunks(before, hunks, PatchOptions(0, false), &after);
    return std::all_of(applied.hunks.begin(), applied.hunks.end(), lands_cleanly) &&
           (applied.is_expected || applied.text == after);
}

bool any_kept(const std::vector<Placement>& placed) {
    return std::any_of(placed.begin(), placed.end(), [](const Placement& p) { return p.kept; });
}

}  // namespace

Result<std::optional<std::vector<Hunk>>> keep_untouched_hunks(const SharedText& before,
                                                              const SharedText& after,
                                                              const OldHunks& old,
                                                              const DiffLayout& layout) {
    using Kept = std::optional<std::vector<Hunk>>;
    if (old.hunks.empty() || old.hunks.size() != old.texts.size()) return Kept();
    SharedText old_after;
    auto placed = place_old_hunks(before, old.hunks, old_after);
    if (!placed) return Kept();
    auto edits = line_edits(old_after.view(), after.view());
    if (!edits) return edits.error();
    follow_edits(*edits, *placed);
    const LinedText before_lines(before.view()), after_lines(after.view());
    while (any_kept(*placed)) {
        auto fresh = fresh_hunks(*placed, before_lines, after_lines, layout);
        if (!fresh) return fresh.error();
        if (!*fresh) return Kept();
        if ((*fresh)->overlapped) {
            (*placed)[*(*fresh)->overlapped].kept = false;
            continue;
        }
        auto hunks = splice(old, *placed, std::move((*fresh)->hunks));
        return reproduces(before, after, hunks) ? Kept(std::move(hunks)) : Kept();
    }
    return Kept();
}

}  // namespace patchbay
