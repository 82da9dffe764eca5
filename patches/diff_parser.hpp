#pragma once
// Parses a patch file in any of the formats of DESIGN.md §4 into the diff model.

#include <string>
#include <string_view>

#include "common/result.hpp"
#include "patches/diff_model.hpp"

namespace patchbay {

// `text` is the whole patch file; `path` names it in errors ("patches/x.patch:12: …").
// Bad input (a truncated hunk, a header whose counts do not match its body, NUL bytes, a file
// section without hunks that changes nothing) is an Error with the line at fault.
Result<PatchFile> parse_patch(std::string_view text, const std::string& path);

}  // namespace patchbay
