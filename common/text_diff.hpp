#pragma once
// libgit2's diff engine over two in-memory texts: the one place patchbay diffs (regenerate's
// hunks and unified diffs, the audit's line origins). Lines are split at "\n" and keep it, as in
// common/text_lines.hpp, so "x" and "x\n" differ.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "common/git_handles.hpp"
#include "common/result.hpp"

namespace patchbay {

// libgit2's patch from `old_text` to `new_text`, its sides labelled as given; an Error only when
// libgit2 fails (a text over 1 GiB, memory).
Result<PatchPtr> diff_texts(std::string_view old_text, std::string_view new_text,
                            const git_diff_options& options, const char* old_label = "a",
                            const char* new_label = "b");

// A run of lines that differs: `before_count` lines of the old text from `before_start` became
// `after_count` lines of the new text from `after_start` (both 0-based). A count is 0 for a pure
// insertion or removal; its start is then where the lines went or were.
struct LineEdit {
    std::size_t before_start = 0;
    std::size_t before_count = 0;
    std::size_t after_start = 0;
    std::size_t after_count = 0;

    bool operator==(const LineEdit&) const = default;
};

// The edits that turn `before` into `after`, in order; the lines between them are kept. Both
// are diffed as text (git's line diff, as `git diff` shows it), whatever bytes they hold.
Result<std::vector<LineEdit>> line_edits(std::string_view before, std::string_view after);

}  // namespace patchbay
