#pragma once
// The series' target revision written back into patchbay.toml after a rebase: the `rev` key of
// the [upstream] table replaced (or added after its `path` line), every other byte of the file
// kept, comments included.

#include <string>
#include <string_view>

#include "common/result.hpp"

namespace patchbay {

// An Error when the text has no [upstream] table.
Result<std::string> with_upstream_rev(std::string_view toml, const std::string& rev);

}  // namespace patchbay
