#pragma once
// Rebuilds a patch from the before and after states of the paths it touches, in the old
// patch's conventions (docs/ARCHITECTURE.md §6): its preamble byte for byte, its path prefixes,
// git or traditional sections, index lines of the same length, function context if it had some
// or git wrote it, its file order (new paths after, sorted), 3 lines of context, no timestamps.

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "patches/diff_model.hpp"
#include "patches/patch_writer.hpp"
#include "series/tree_state.hpp"

namespace patchbay {

struct PathChange {
    std::string path;  // relative to the upstream directory (stripped)
    std::optional<FileState> before;
    std::optional<FileState> after;
};

struct PatchConventions {
    PatchStyle style;               // the prefixes of its names ("a/", "b/"; "" for -p0)
    bool git = true;                // "diff --git" sections
    bool index_lines = true;        // "index abc..def" lines
    std::size_t index_length = 7;   // hex digits of the abbreviated blob ids
    bool function_context = false;  // text after "@@ … @@"
};

PatchConventions conventions_of(const PatchFile& patch, int strip);

// The paths the patch names (old and new sides), stripped; "/dev/null" is no path.
std::set<std::string> owned_paths(const PatchFile& patch, int strip);

// `changes` may list paths that did not change; they get no section. A binary file is an Error.
Result<PatchFile> rebuild_patch(const PatchFile& old, int strip,
                                const std::vector<PathChange>& changes);

}  // namespace patchbay
