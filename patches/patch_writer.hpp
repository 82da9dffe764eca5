#pragma once
// Renders the diff model back to patch text: the inverse of parse_patch for everything the
// model keeps (docs/ARCHITECTURE.md §6). Timestamps are never written; a hunk count of 1 is
// omitted, as git and GNU diff do.

#include <string>

#include "patches/diff_model.hpp"

namespace patchbay {

// The prefixes a git section's "diff --git" line uses. Only needed where the model does not say:
// the side of a new or deleted file that is "/dev/null", and the prefix-free values of the
// "rename from/to" lines.
struct PatchStyle {
    std::string old_prefix = "a/";
    std::string new_prefix = "b/";
};

// The "@@ -a,b +c,d @@ context" line alone, with its "\n".
std::string render_hunk_header(const Hunk& hunk);
std::string render_hunk(const Hunk& hunk);
std::string render_file(const FileDiff& file, const PatchStyle& style);
// The preamble byte for byte, then every file section.
std::string render_patch(const PatchFile& patch, const PatchStyle& style);

}  // namespace patchbay
