#include "rebase/hunk_carry.hpp"

#include <algorithm>

#include "common/text_lines.hpp"
#include "patches/file_patcher.hpp"
#include "regenerate/text_merge.hpp"

namespace patchbay {

namespace {

// GNU patch's default: the fuzz maintainers accept when a patch's context moved.
constexpr int kCarryFuzz = 2;

std::string joined(const std::vector<std::string_view>& lines, std::size_t begin, std::size_t end) {
    std::string out;
    for (std::size_t i = begin; i < std::min(end, lines.size()); ++i) out += lines[i];
    return out;
}

// The base with only `hunks` of the patch applied.
std::string with_hunks(const FileSides& sides, const std::vector<const ChangeHunk*>& hunks) {
    std::string out;
    std::size_t at = 0;
    for (const auto* hunk : hunks)
        for (const auto& e : hunk->edits) {
            out += joined(sides.base, at, e.before_start);
            out += joined(sides.theirs, e.after_start, e.after_start + e.after_count);
            at = e.before_start + e.before_count;
        }
    return out + joined(sides.base, at, sides.base.size());
}

void add_lines(Hunk& hunk, const std::vector<std::string_view>& lines, std::size_t begin,
               std::size_t end, LineKind kind) {
    for (std::size_t i = begin; i < std::min(end, lines.size()); ++i)
        hunk.lines.push_back({kind, std::string(lines[i]), 0});
}

// The hunk as diff -u writes it, its first guess where upstream's diff puts it.
Hunk unified_hunk(const FileSides& sides, const ChangeHunk& change) {
    Hunk hunk;
    const auto b0 = change.base_begin(), b1 = change.base_end();
    const auto from = b0 > kHunkContext ? b0 - kHunkContext : 0;
    add_lines(hunk, sides.base, from, b0, LineKind::context);
    std::size_t at = b0;
    for (const auto& e : change.edits) {
        add_lines(hunk, sides.base, at, e.before_start, LineKind::context);
        add_lines(hunk, sides.base, e.before_start, e.before_start + e.before_count,
                  LineKind::removed);
        add_lines(hunk, sides.theirs, e.after_start, e.after_start + e.after_count,
                  LineKind::added);
        at = e.before_start + e.before_count;
    }
    add_lines(hunk, sides.base, b1, b1 + kHunkContext, LineKind::context);
    const auto guess = map_to_ours(sides.upstream, from, false);
    hunk.old_start = hunk.new_start = static_cast<std::int64_t>(guess) + 1;
    hunk.old_count = hunk.body_old_count();
    hunk.new_count = hunk.body_new_count();
    return hunk;
}

// GNU patch's placement of the hunk on `text` with fuzz up to kCarryFuzz; a hunk without
// context on both sides is never placed so (it would land anywhere).
std::optional<std::string> placed_with_fuzz(const FileSides& sides, const ChangeHunk& change,
                                            const std::string& text) {
    auto hunk = unified_hunk(sides, change);
    if (hunk.prefix_context() == 0 || hunk.suffix_context() == 0) return std::nullopt;
    auto result = apply_hunks(SharedText(text), {hunk}, PatchOptions{kCarryFuzz, false});
    if (result.hunks.empty() || result.hunks.front().status == HunkStatus::rejected)
        return std::nullopt;
    return result.text.str();
}

// Whether an upstream edit touches the lines the hunk replaces (or inserts among them, or
// inserts exactly where a pure insertion goes: their order would be a guess).
bool overlaps(const LineEdit& upstream, const ChangeHunk& change) {
    const auto b0 = change.base_begin(), b1 = change.base_end();
    const auto u0 = upstream.before_start, u1 = u0 + upstream.before_count;
    if (upstream.before_count == 0) return b0 == b1 ? u0 == b0 : (u0 > b0 && u0 < b1);
    return b0 == b1 ? (b0 > u0 && b0 < u1) : (u0 < b1 && b0 < u1);
}

// The hunk's edits made where upstream left the lines they replace untouched, however it
// changed the lines beside them: git's merge calls changes on adjacent lines a conflict, and
// a patch whose own lines upstream did not touch is the common case of "only the context
// moved".
Result<std::optional<std::string>> placed_beside(const FileSides& sides, const ChangeHunk& change,
                                                 const std::string& text) {
    auto base_text = joined(sides.base, 0, sides.base.size());
    auto upstream = line_edits(base_text, text);
    if (!upstream) return upstream.error();
    for (const auto& edit : *upstream)
        if (overlaps(edit, change)) return std::optional<std::string>();
    auto lines = split_lines(text);
    std::string out;
    std::size_t at = 0;
    for (const auto& e : change.edits) {
        const auto from = map_to_ours(*upstream, e.before_start, false);
        out += joined(lines, at, from);
        out += joined(sides.theirs, e.after_start, e.after_start + e.after_count);
        at = from + e.before_count;
    }
    return std::optional<std::string>(out + joined(lines, at, lines.size()));
}

class HunkCarrier {
  public:
    HunkCarrier(std::string_view base, std::string_view theirs, std::string_view ours)
        : base_(base) {
        sides_.base = split_lines(base);
        sides_.theirs = split_lines(theirs);
        sides_.ours = split_lines(ours);
        carry_.text = std::string(ours);
    }

    Result<FileCarry> run(std::string_view theirs, std::string_view ours) {
        auto upstream = line_edits(base_, ours);
        if (!upstream) return upstream.error();
        sides_.upstream = std::move(*upstream);
        index_tokens(sides_);
        auto edits = line_edits(base_, theirs);
        if (!edits) return edits.error();
        const auto hunks = change_hunks(*edits);
        std::vector<const ChangeHunk*> left;
        for (const auto& hunk : hunks) {
            auto fate = carry_one(hunk);
            if (!fate) return fate.error();
            if (*fate == HunkFate::conflict) left.push_back(&hunk);
        }
        carry_.left = with_hunks(sides_, left);
        return std::move(carry_);
    }

  private:
    Result<HunkFate> carry_one(const ChangeHunk& hunk) {
        CarriedHunk carried;
        carried.line = map_to_ours(sides_.upstream, hunk.base_begin(), false) + 1;
        carried.verdict = hunk_presence(sides_, hunk);
        auto fate = carried.verdict.presence != HunkPresence::absent
                        ? Result<HunkFate>(HunkFate::upstream)
                        : place(hunk);
        if (!fate) return fate;
        carried.fate = *fate;
        carry_.hunks.push_back(carried);
        return fate;
    }

    // Merged on its own, else made beside upstream's edits, else placed with fuzz, else a
    // conflict.
    Result<HunkFate> place(const ChangeHunk& hunk) {
        auto merged = merge_texts(base_, carry_.text, with_hunks(sides_, {&hunk}));
        if (!merged) return merged.error();
        if (merged->clean) {
            carry_.text = std::move(merged->text);
            return HunkFate::merged;
        }
        auto beside = placed_beside(sides_, hunk, carry_.text);
        if (!beside) return beside.error();
        if (*beside) {
            carry_.text = std::move(**beside);
            return HunkFate::fuzz;
        }
        if (auto placed = placed_with_fuzz(sides_, hunk, carry_.text)) {
            carry_.text = std::move(*placed);
            return HunkFate::fuzz;
        }
        return HunkFate::conflict;
    }

    std::string_view base_;
    FileSides sides_;
    FileCarry carry_;
};

}  // namespace

bool FileCarry::conflicts() const {
    return std::any_of(hunks.begin(), hunks.end(),
                       [](const CarriedHunk& h) { return h.fate == HunkFate::conflict; });
}

Result<FileCarry> carry_hunks(std::string_view base, std::string_view theirs,
                              std::string_view ours) {
    return HunkCarrier(base, theirs, ours).run(theirs, ours);
}

}  // namespace patchbay
