#pragma once
// Reads one hunk, header and body, driven by the header's counts as GNU patch does; a body that
// ends early or runs on is an Error that names the counts that would be right.

#include <cstddef>
#include <string>

#include "common/result.hpp"
#include "patches/diff_model.hpp"
#include "patches/patch_lines.hpp"

namespace patchbay {

// `index` is the "@@" line; on success it is moved past the body (and its "\ No newline" line).
Result<Hunk> read_hunk(const PatchLines& lines, std::size_t& index, const std::string& path);

}  // namespace patchbay
