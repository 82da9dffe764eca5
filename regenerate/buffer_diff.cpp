#include "regenerate/buffer_diff.hpp"

#include <cctype>

#include "common/git_blob_id.hpp"
#include "common/git_handles.hpp"
#include "common/text_diff.hpp"

namespace patchbay {

namespace {

// "@@ -1,2 +1,3 @@ def f():\n" -> "def f():"
std::string function_context_of(const git_diff_hunk& hunk) {
    std::string_view header(hunk.header, hunk.header_len);
    auto close = header.find("@@", 2);
    if (close == std::string_view::npos || close + 3 >= header.size()) return {};
    auto text = header.substr(close + 3);
    // git cuts the line to 80 bytes, then trims its trailing space; libgit2 trims first.
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    return std::string(text);
}

// The "\ No newline at end of file" markers (origins '=', '>', '<') are not lines of the model:
// a line without its "\n" says the same.
bool is_body_line(char origin) {
    return origin == GIT_DIFF_LINE_CONTEXT || origin == GIT_DIFF_LINE_ADDITION ||
           origin == GIT_DIFF_LINE_DELETION;
}

Result<Hunk> read_hunk(git_patch* patch, std::size_t index) {
    const git_diff_hunk* header = nullptr;
    std::size_t line_count = 0;
    if (git_patch_get_hunk(&header, &line_count, patch, index) != 0)
        return make_error(last_git_error("cannot read a hunk"));
    Hunk hunk{header->old_start,
              header->old_lines,
              header->new_start,
              header->new_lines,
              function_context_of(*header),
              0,
              {},
              {}};
    for (std::size_t i = 0; i < line_count; ++i) {
        const git_diff_line* line = nullptr;
        if (git_patch_get_line_in_hunk(&line, patch, index, i) != 0)
            return make_error(last_git_error("cannot read a hunk line"));
        if (!is_body_line(line->origin)) continue;
        hunk.lines.push_back({static_cast<LineKind>(line->origin),
                              std::string(line->content, line->content_len), 0});
    }
    return hunk;
}

}  // namespace

Result<BufferDiff> diff_buffers(std::string_view old_text, std::string_view new_text,
                                const DiffLayout& layout) {
    git_diff_options options{};
    git_diff_options_init(&options, GIT_DIFF_OPTIONS_VERSION);
    options.context_lines = static_cast<std::uint32_t>(layout.context_lines);
    if (layout.indent_heuristic) options.flags |= GIT_DIFF_INDENT_HEURISTIC;
    auto patch = diff_texts(old_text, new_text, options);
    if (!patch) return patch.error();
    git_patch* raw = patch->get();
    BufferDiff diff;
    diff.binary = (git_patch_get_delta(raw)->flags & GIT_DIFF_FLAG_BINARY) != 0;
    for (std::size_t i = 0; i < git_patch_num_hunks(raw); ++i) {
        auto hunk = read_hunk(raw, i);
        if (!hunk) return hunk.error();
        diff.hunks.push_back(std::move(*hunk));
    }
    return diff;
}

std::string blob_id(std::string_view content, std::size_t length) {
    std::string id = git_blob_id_hex(content);
    return length == 0 || length >= id.size() ? id : id.substr(0, length);
}

Result<std::string> unified_diff(std::string_view old_text, std::string_view new_text,
                                 const std::string& old_label, const std::string& new_label) {
    if (old_text == new_text) return std::string();
    git_diff_options options{};
    git_diff_options_init(&options, GIT_DIFF_OPTIONS_VERSION);
    options.flags = GIT_DIFF_FORCE_TEXT;
    auto patch = diff_texts(old_text, new_text, options, old_label.c_str(), new_label.c_str());
    if (!patch) return patch.error();
    git_buf buffer = GIT_BUF_INIT;
    if (git_patch_to_buf(&buffer, patch->get()) != 0)
        return make_error(last_git_error("cannot print a diff"));
    std::string text(buffer.ptr, buffer.size);
    git_buf_dispose(&buffer);
    return text;
}

}  // namespace patchbay
