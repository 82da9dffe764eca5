#include "common/text_diff.hpp"

namespace patchbay {

namespace {

// libgit2's hunk starts are 1-based, except that a side with no lines names the line before
// the place (0 at the top).
std::size_t first_line(int start, int count) {
    return static_cast<std::size_t>(count == 0 ? start : start - 1);
}

LineEdit edit_of(const git_diff_hunk& hunk) {
    return {first_line(hunk.old_start, hunk.old_lines), static_cast<std::size_t>(hunk.old_lines),
            first_line(hunk.new_start, hunk.new_lines), static_cast<std::size_t>(hunk.new_lines)};
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

Result<std::vector<LineEdit>> line_edits(std::string_view before, std::string_view after) {
    git_diff_options options{};
    git_diff_options_init(&options, GIT_DIFF_OPTIONS_VERSION);
    options.context_lines = 0;
    options.flags = GIT_DIFF_FORCE_TEXT;
    auto patch = diff_texts(before, after, options);
    if (!patch) return patch.error();
    std::vector<LineEdit> edits;
    for (std::size_t i = 0; i < git_patch_num_hunks(patch->get()); ++i) {
        const git_diff_hunk* hunk = nullptr;
        if (git_patch_get_hunk(&hunk, nullptr, patch->get(), i) != 0)
            return make_error(last_git_error("cannot read a hunk"));
        edits.push_back(edit_of(*hunk));
    }
    return edits;
}

}  // namespace patchbay
