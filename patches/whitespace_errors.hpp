#pragma once
// Whitespace errors in the lines a patch adds, as git's default core.whitespace sees them:
// trailing whitespace, a space before a tab in the indent, and blank lines added at the end
// of a file.

#include <cstdint>
#include <string>
#include <vector>

#include "patches/diff_model.hpp"

namespace patchbay {

struct WhitespaceError {
    std::int64_t patch_line = 0;  // 1-based line of the added line in the patch file
    std::string message;
};

std::vector<WhitespaceError> whitespace_errors(const FileDiff& file);

}  // namespace patchbay
