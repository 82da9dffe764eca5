#pragma once
// Parses a patch file in any of the formats of docs/ARCHITECTURE.md §4 into the diff model.

#include <string>
#include <string_view>

#include "common/result.hpp"
#include "patches/diff_model.hpp"

namespace patchbay {

// `text` is the whole patch file; `path` names it in errors ("patches/x.patch:12: …").
// Bad input (a truncated hunk, a header whose counts do not match its body, a NUL byte in a file
// name, a "---"/"+++" header without a hunk, a hunk without changes) is an Error with the line at
// fault. A NUL byte in a hunk body is kept in the line's text, as GNU patch keeps it.
// A text without any file section is no error: the PatchFile then has no files.
//
// Names: from the "---"/"+++" lines when present (also in git sections), else from "diff --git";
// for a rename or copy without them, the "rename/copy from/to" values with the prefix of the
// "diff --git" names ("a/" + value), so that strip_path treats every name alike. A git section
// that creates or deletes a file without hunks keeps its "diff --git" names: read `op`, not
// "/dev/null". Binary sections have `binary` set and no hunks.
Result<PatchFile> parse_patch(std::string_view text, const std::string& path);

}  // namespace patchbay
