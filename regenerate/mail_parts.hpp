#pragma once
// The parts of a `git format-patch` mail that describe its sections and so go stale when the
// sections change: the diffstat under the "---" line of the preamble, and the "-- " signature
// (git's version) after the last section. The rest of the preamble is the user's and is kept
// byte for byte.

#include <optional>
#include <string>
#include <string_view>

#include "patches/diff_model.hpp"

namespace patchbay {

// The byte range of the diffstat lines in `preamble` (after a "---" line: the per-file lines,
// the "N files changed" line, the summary lines); nullopt when there is none.
struct TextRange {
    std::size_t begin = 0;
    std::size_t end = 0;
};
std::optional<TextRange> find_diffstat(std::string_view preamble);

// `rebuilt`'s preamble with its diffstat recomputed from its sections, when the old one is
// there and its numbers changed (an unchanged stat is kept as written).
std::string refreshed_preamble(const PatchFile& old, const PatchFile& rebuilt, int strip);

// The text from the "-- " line after the last section of `patch` (read from `text`) to the end;
// empty when there is none.
std::string signature_of(std::string_view text, const PatchFile& patch);

}  // namespace patchbay
