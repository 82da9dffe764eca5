#pragma once
// Reads one hunk, header and body, driven by the header's counts as GNU patch does; a body that
// ends early or runs on is an Error that names the counts that would be right.

#include <cstddef>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "patches/diff_model.hpp"
#include "patches/patch_lines.hpp"

namespace patchbay {

// `index` is the "@@" line; on success it is moved past the body (and its "\ No newline" line).
// A body that runs on past the counts is read as GNU patch 2.7.6 reads it: the counted lines
// are the hunk and the rest is text it ignores; with `notes` that is a "header-counts" note
// naming the counts that would match, without it an Error.
Result<Hunk> read_hunk(const PatchLines& lines, std::size_t& index, const std::string& path,
                       std::vector<PatchNote>* notes = nullptr);

}  // namespace patchbay
