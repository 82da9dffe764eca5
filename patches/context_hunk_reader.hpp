#pragma once
// Reads one hunk of a context diff (`diff -c`: "***************", "*** a,b ****" and the old
// lines, "--- c,d ----" and the new lines) into the same Hunk a unified diff gives, as GNU
// patch 2.7.6 reads it: a part that holds only context may be left out and is then filled in
// from the other part; "!" lines are the old and new sides of a change.

#include <cstddef>
#include <string>

#include "common/result.hpp"
#include "patches/diff_model.hpp"
#include "patches/patch_lines.hpp"

namespace patchbay {

// "***************" (a run of 15 stars, maybe followed by function context).
bool is_context_hunk_start(const PatchLines& lines, std::size_t index);

// `index` is the "***************" line; on success it is moved past the hunk.
Result<Hunk> read_context_hunk(const PatchLines& lines, std::size_t& index,
                               const std::string& path);

}  // namespace patchbay
