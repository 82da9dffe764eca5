#include "common/text_diff.hpp"

#include <algorithm>

#include "common/text_lines.hpp"

namespace patchbay {

namespace {

// libgit2's hunk starts are 1-based, except that a side with no lines names the line before
// the place (0 at the top).
std::size_t first_line(int start, int count) {
    return static_cast<std::size_t>(count == 0 ? start : start - 1);
}

// The hunk of the middles as an edit of the whole texts, whose first `lines` were cut.
LineEdit edit_of(const git_diff_hunk& hunk, std::size_t lines) {
    return {lines + first_line(hunk.old_start, hunk.old_lines),
            static_cast<std::size_t>(hunk.old_lines),
            lines + first_line(hunk.new_start, hunk.new_lines),
            static_cast<std::size_t>(hunk.new_lines)};
}

bool starts_line(std::string_view text, std::size_t at) {
    return at == 0 || text[at - 1] == '\n';
}

// Bytes of the whole lines `a` and `b` start with (no "\n" before the first difference: npos + 1,
// that is 0).
std::size_t common_head(std::string_view a, std::string_view b) {
    const auto differs = std::mismatch(a.begin(), a.end(), b.begin(), b.end()).first;
    return a.substr(0, static_cast<std::size_t>(differs - a.begin())).rfind('\n') + 1;
}

// Bytes of the whole lines `a` and `b` end with.
std::size_t common_tail(std::string_view a, std::string_view b) {
    const auto differs = std::mismatch(a.rbegin(), a.rend(), b.rbegin(), b.rend()).first;
    const auto tail = static_cast<std::size_t>(differs - a.rbegin());
    if (starts_line(a, a.size() - tail) && starts_line(b, b.size() - tail)) return tail;
    const auto newline = a.find('\n', a.size() - tail);
    return newline == std::string_view::npos ? 0 : a.size() - newline - 1;
}

// The whole lines two different texts start with, and those they end with after those: the
// ends the hand-written diff this replaced trimmed too.
struct CommonEnds {
    std::size_t head = 0;  // bytes
    std::size_t tail = 0;

    CommonEnds(std::string_view a, std::string_view b)
        : head(common_head(a, b)), tail(common_tail(a.substr(head), b.substr(head))) {}

    std::string_view middle(std::string_view text) const {
        return text.substr(head, text.size() - head - tail);
    }
};

// The hunks of `patch` as edits of the whole texts, whose first `lines` lines were cut.
Result<std::vector<LineEdit>> edits_of(git_patch* patch, std::size_t lines) {
    std::vector<LineEdit> edits;
    for (std::size_t i = 0; i < git_patch_num_hunks(patch); ++i) {
        const git_diff_hunk* hunk = nullptr;
        if (git_patch_get_hunk(&hunk, nullptr, patch, i) != 0)
            return make_error(last_git_error("cannot read a hunk"));
        edits.push_back(edit_of(*hunk, lines));
    }
    return edits;
}

}  // namespace

Result<PatchPtr> diff_texts(std::string_view old_text, std::string_view new_text,
                            const git_diff_options& options, const char* old_label,
                            const char* new_label) {
    ensure_libgit2();
    git_patch* raw = nullptr;
    if (git_patch_from_buffers(&raw, old_text.data(), old_text.size(), old_label, new_text.data(),
                               new_text.size(), new_label, &options) != 0)
        return make_error(last_git_error("cannot diff two texts"));
    return PatchPtr(raw);
}

// The lines both texts start or end with are matched here, before libgit2 sees the texts: it
// hashes both whole (SHA-1, for the blob ids of a patch's "index" line) and classifies every
// line, which made a small edit of a large file cost 15 times the hand-written diff this
// replaced. xdiff trims the same ends first itself, so the edits are the same, except that a
// run of edits libgit2 could slide along equal lines stays within the middle.
Result<std::vector<LineEdit>> line_edits(std::string_view before, std::string_view after) {
    if (before == after) return std::vector<LineEdit>{};
    const CommonEnds ends(before, after);
    git_diff_options options{};
    git_diff_options_init(&options, GIT_DIFF_OPTIONS_VERSION);
    options.context_lines = 0;
    options.flags = GIT_DIFF_FORCE_TEXT;
    auto patch = diff_texts(ends.middle(before), ends.middle(after), options);
    if (!patch) return patch.error();
    return edits_of(patch->get(), line_count(before.substr(0, ends.head)));
}

}  // namespace patchbay
