#pragma once
// The "@@ -a[,b] +c[,d] @@[ function context]" line of a hunk.

#include <string>
#include <string_view>

#include "common/result.hpp"
#include "patches/diff_model.hpp"

namespace patchbay {

// A Hunk with its numbers, function context and header_line set and no body yet. `content` is
// the line without its terminator; `path`/`line` locate the Error for a malformed header.
Result<Hunk> parse_hunk_header(std::string_view content, const std::string& path,
                               std::int64_t line);

// "@@ -a,b +c,d @@" as written in `content` (without the function context).
std::string_view hunk_ranges(std::string_view content);

}  // namespace patchbay
