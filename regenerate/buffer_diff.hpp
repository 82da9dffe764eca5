#pragma once
// The hunks of one file section and its blob ids, from libgit2's diff engine over two in-memory
// texts (common/text_diff.hpp; docs/ARCHITECTURE.md §6).

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "patches/diff_model.hpp"

namespace patchbay {

struct BufferDiff {
    std::vector<Hunk> hunks;  // function_context filled the way git's default driver finds it
    bool binary = false;      // either side is binary: no hunks
};

// How a tool laid out its hunks: lines of context, and git's indent heuristic (on by default
// since git 2.14: where an added block could slide, it is placed by its indentation), which
// GNU diff, and so quilt, does not use.
struct DiffLayout {
    int context_lines = 3;
    bool indent_heuristic = false;
};

// An Error only when libgit2 fails.
Result<BufferDiff> diff_buffers(std::string_view old_text, std::string_view new_text,
                                const DiffLayout& layout = {});

// The git blob id of `content`, abbreviated to `length` hex digits (the full 40 when 0).
std::string blob_id(std::string_view content, std::size_t length);

// A unified diff of two whole texts ("--- OLD_LABEL" / "+++ NEW_LABEL"), empty when equal.
Result<std::string> unified_diff(std::string_view old_text, std::string_view new_text,
                                 const std::string& old_label, const std::string& new_label);

}  // namespace patchbay
