#include "patches/file_patcher.hpp"

#include <algorithm>
#include <span>

#include "common/text_lines.hpp"
#include "patches/hunk_matcher.hpp"
#include "patches/patched_text.hpp"

namespace patchbay {

namespace {

// GNU patch's view of a unified hunk for apply_hunk: the old side and the new side, each a
// list of lines that are either shared context or a change.
struct HunkSide {
    std::vector<const HunkLine*> lines;
    bool is_change(std::size_t i) const { return lines[i]->kind != LineKind::context; }
};

HunkSide side_of(const Hunk& hunk, LineKind change) {
    HunkSide side;
    for (const auto& line : hunk.lines)
        if (line.kind == LineKind::context || line.kind == change) side.lines.push_back(&line);
    return side;
}

// What the hunks add, and a "\n" each may add after an unterminated line: what the output
// will copy, barring a line mended across pieces.
std::size_t added_bytes(const std::vector<Hunk>& hunks) {
    std::size_t bytes = 0;
    for (const auto& hunk : hunks) {
        bytes += 1;
        for (const auto& line : hunk.lines)
            if (line.kind == LineKind::added) bytes += line.text.size();
    }
    return bytes;
}

// Applies hunks to one file's lines, mirroring patch.c's copy_till / apply_hunk / spew_output,
// including where it writes a "\n" after an unterminated line.
class FileApplier {
  public:
    FileApplier(const SharedText& original, const std::vector<Hunk>& hunks,
                const PatchOptions& options, const SharedText* expected)
        : options_(options), output_(original, expected, added_bytes(hunks)) {
        split_input(original);
    }

    HunkOutcome place(const Hunk& hunk, int n);
    void finish(FilePatchResult& result);

  private:
    void split_input(const SharedText& original);
    bool copy_till(std::int64_t last_line);
    void emit_input(std::int64_t first, std::int64_t last);
    void emit(std::string_view line);
    bool apply_hunk(const Hunk& hunk, std::int64_t where);
    bool apply_changes(const HunkSide& old_side, const HunkSide& new_side, std::int64_t where);
    HunkOutcome outcome(int n, HunkStatus status, std::int64_t where, std::int64_t fuzz) const;

    std::vector<std::string_view> input_;
    std::vector<std::size_t> piece_ends_;  // the input's pieces: one past each one's last line
    PatchOptions options_;
    MatchState state_;
    std::int64_t out_offset_ = 0;
    PatchedText output_;
    bool after_newline_ = true;
};

bool whole_lines_in_each(std::span<const std::string_view> pieces) {
    for (std::size_t i = 0; i + 1 < pieces.size(); ++i)
        if (!pieces[i].ends_with('\n')) return false;
    return true;
}

// A patched text's lines are never cut between its pieces (patches/patched_text.hpp), so it
// is split piece by piece; any other text is split whole.
void FileApplier::split_input(const SharedText& original) {
    const bool by_piece = whole_lines_in_each(original.pieces());
    const std::string_view whole[] = {by_piece ? std::string_view() : original.view()};
    const auto pieces = by_piece ? original.pieces() : std::span<const std::string_view>(whole);
    input_.reserve(original.size() / 24 + 1);
    for (auto piece : pieces) {
        append_lines(piece, input_);
        piece_ends_.push_back(input_.size());
    }
}

// A hunk's line: it lives in the patch, so the output keeps a copy.
void FileApplier::emit(std::string_view line) {
    output_.append_copy(line);
    after_newline_ = line.ends_with('\n');
}

// Lines first..last (1-based, inside the input), one append per piece of the input they span:
// within a piece the lines are consecutive, and only the file's last line can lack its "\n".
void FileApplier::emit_input(std::int64_t first, std::int64_t last) {
    if (!after_newline_) output_.append_copy("\n");
    auto line = static_cast<std::size_t>(first - 1);
    const auto end = static_cast<std::size_t>(last);
    auto piece_end = std::upper_bound(piece_ends_.begin(), piece_ends_.end(), line);
    for (; line < end; ++piece_end) {
        const std::size_t stop = std::min(end, *piece_end);
        const std::string_view from = input_[line];
        const std::string_view to = input_[stop - 1];
        output_.append(std::string_view(
            from.data(), static_cast<std::size_t>(to.data() - from.data()) + to.size()));
        after_newline_ = to.ends_with('\n');
        line = stop;
    }
}

bool FileApplier::copy_till(std::int64_t last_line) {
    if (state_.last_frozen_line > last_line) return false;  // "misordered hunks!"
    const auto input_lines = static_cast<std::int64_t>(input_.size());
    // GNU's ifetch yields nothing outside the input
    const std::int64_t first = std::max<std::int64_t>(state_.last_frozen_line + 1, 1);
    const std::int64_t last = std::min(last_line, input_lines);
    if (first <= last) emit_input(first, last);
    state_.last_frozen_line = last_line;
    return true;
}

// `where` is 0-based here (GNU's "where--"); old/new index the two sides from 0.
bool FileApplier::apply_changes(const HunkSide& old_side, const HunkSide& new_side,
                                std::int64_t where) {
    std::size_t old_i = 0;
    std::size_t new_i = 0;
    while (old_i < old_side.lines.size()) {
        const auto old_line = static_cast<std::int64_t>(old_i) + 1;
        if (old_side.is_change(old_i)) {
            if (!copy_till(where + old_line - 1)) return false;
            ++state_.last_frozen_line;
            ++old_i;
        } else if (new_i >= new_side.lines.size()) {
            break;
        } else if (new_side.is_change(new_i)) {
            if (!copy_till(where + old_line - 1)) return false;
            emit(new_side.lines[new_i++]->text);
        } else {
            ++old_i;
            ++new_i;
        }
    }
    if (new_i >= new_side.lines.size() || !new_side.is_change(new_i)) return true;
    if (!copy_till(where + static_cast<std::int64_t>(old_i))) return false;
    // Only the trailing added lines check for an unterminated line before them, as GNU does.
    for (; new_i < new_side.lines.size() && new_side.is_change(new_i); ++new_i) {
        if (!after_newline_) output_.append("\n");
        emit(new_side.lines[new_i]->text);
    }
    return true;
}

bool FileApplier::apply_hunk(const Hunk& hunk, std::int64_t where) {
    // Only the first copy can fail, but restore anyway so a failed hunk leaves no trace.
    const auto saved_output = output_.mark();
    const auto saved_frozen = state_.last_frozen_line;
    const bool saved_newline = after_newline_;
    const HunkSide old_side = side_of(hunk, LineKind::removed);
    const HunkSide new_side = side_of(hunk, LineKind::added);
    if (apply_changes(old_side, new_side, where - 1)) {
        out_offset_ += hunk.body_new_count() - hunk.body_old_count();
        return true;
    }
    output_.restore(saved_output);
    state_.last_frozen_line = saved_frozen;
    after_newline_ = saved_newline;
    return false;
}

HunkOutcome FileApplier::outcome(int n, HunkStatus status, std::int64_t where,
                                 std::int64_t fuzz) const {
    HunkOutcome result;
    result.n = n;
    result.status = status;
    result.line = where + out_offset_;
    result.offset = state_.in_offset;
    result.fuzz = static_cast<int>(fuzz);
    return result;
}

HunkStatus success_status(std::int64_t fuzz, std::int64_t in_offset) {
    if (fuzz > 0) return HunkStatus::fuzz;
    return in_offset == 0 ? HunkStatus::exact : HunkStatus::offset;
}

HunkOutcome FileApplier::place(const Hunk& hunk, int n) {
    const HunkPattern pattern = pattern_of(hunk);
    const HunkPattern reversed_pattern = reversed_pattern_of(hunk);
    const std::int64_t max_fuzz =
        useful_fuzz(pattern, options_.fuzz_for(static_cast<std::size_t>(n - 1)));
    for (std::int64_t fuzz = 0; fuzz <= max_fuzz; ++fuzz) {
        if (const auto where = locate_hunk(input_, pattern, fuzz, state_)) {
            const auto before = outcome(n, success_status(fuzz, state_.in_offset), where, fuzz);
            if (apply_hunk(hunk, where)) return before;
            return outcome(n, HunkStatus::rejected, where, fuzz);
        }
        if (!options_.detect_reversed) continue;
        if (const auto where = locate_hunk(input_, reversed_pattern, fuzz, state_))
            return outcome(n, HunkStatus::already_applied, where, fuzz);
    }
    return outcome(n, HunkStatus::rejected, pattern.first, 0);
}

void FileApplier::finish(FilePatchResult& result) {
    const auto input_lines = static_cast<std::int64_t>(input_.size());
    if (state_.last_frozen_line < input_lines) (void)copy_till(input_lines);
    result.is_expected = output_.is_expected();
    result.text = output_.take();
}

}  // namespace

const char* to_string(HunkStatus status) {
    switch (status) {
        case HunkStatus::exact:
            return "exact";
        case HunkStatus::offset:
            return "offset";
        case HunkStatus::fuzz:
            return "fuzz";
        case HunkStatus::rejected:
            return "rejected";
        case HunkStatus::already_applied:
            return "already-applied";
    }
    return "rejected";
}

FilePatchResult apply_hunks(const SharedText& original, const std::vector<Hunk>& hunks,
                            const PatchOptions& options, const SharedText* expected) {
    FileApplier applier(original, hunks, options, expected);
    FilePatchResult result;
    int n = 0;
    for (const auto& hunk : hunks) result.hunks.push_back(applier.place(hunk, ++n));
    applier.finish(result);
    return result;
}

}  // namespace patchbay
