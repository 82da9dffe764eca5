#pragma once
// Rebuilds a patch from the before and after states of the paths it touches, in the old
// patch's conventions (docs/ARCHITECTURE.md §6): its preamble byte for byte, its path prefixes,
// git or traditional sections, index lines of the same length, function context if it had some
// or git wrote it (cut where its tool cuts it), its file order (new paths after, sorted), its
// lines of context, git's indent heuristic for a patch git wrote. A section that still does
// what it did is kept byte for byte; a rewritten one keeps the header lines its tool wrote.

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "patches/diff_model.hpp"
#include "patches/patch_writer.hpp"
#include "regenerate/buffer_diff.hpp"
#include "regenerate/old_sections.hpp"
#include "series/tree_state.hpp"

namespace patchbay {

struct PathChange {
    std::string path;  // relative to the upstream directory (stripped)
    std::optional<FileState> before;
    std::optional<FileState> after;
};

// How a tool writes a patch: git (`diff --git` headers, index lines, the indent heuristic,
// function names up to 80 bytes), quilt (`Index:` and `====` lines above `---`/`+++`, GNU diff's
// hunks, `diff -p` function names up to 40 bytes) or plain `diff -u`.
enum class PatchDialect { git, quilt, plain };
const char* to_string(PatchDialect dialect);
std::optional<PatchDialect> dialect_named(std::string_view name);

struct PatchConventions {
    PatchDialect dialect = PatchDialect::git;
    PatchStyle style;               // the prefixes of its names ("a/", "b/"; "" for -p0)
    bool git = true;                // "diff --git" sections
    bool index_lines = true;        // "index abc..def" lines
    std::size_t index_length = 7;   // hex digits of the abbreviated blob ids
    bool function_context = false;  // text after "@@ … @@"
    // git cuts the function line at 80 bytes; GNU diff -p (quilt's QUILT_DIFF_OPTS) at 40.
    std::size_t function_context_width = 80;
    DiffLayout layout;  // its lines of context (the most any hunk has); the indent heuristic
};

// Which old sections are kept byte for byte. regenerate keeps one that has the same effect: its
// hunks land, at an offset too, and give the new text (its index line is not what it does, and
// real patches carry ids of other revisions, or hand-edited ones). rebase keeps only one that
// applies exactly and whose index ids are the new files', so the series it writes for the new
// upstream has the new line numbers and blob ids.
enum class KeepRule { same_effect, exact };

// The old patch as its file holds it: each section's text (regenerate/old_sections.hpp), for
// keeping a section that still does what it did, and its header above a rewritten one.
struct OldPatchText {
    std::vector<SectionText> sections;
    KeepRule keep = KeepRule::same_effect;
    // --dialect: write every section anew in this dialect instead of the old patch's.
    std::optional<PatchDialect> dialect;
};

PatchConventions conventions_of(const PatchFile& patch, int strip);

// The paths the patch names (old and new sides), stripped; "/dev/null" is no path.
std::set<std::string> owned_paths(const PatchFile& patch, int strip);

// `changes` may list paths that did not change; they get no section. A binary file is an Error.
// Without `text` every section is rendered anew.
Result<PatchFile> rebuild_patch(const PatchFile& old, int strip,
                                const std::vector<PathChange>& changes,
                                const OldPatchText* text = nullptr);

}  // namespace patchbay
