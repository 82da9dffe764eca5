#pragma once
// The text of each file section of a patch as its author's tool wrote it (quilt's "Index:" and
// "====" lines, a `diff -urNp` line, timestamps, git's headers): what regenerate and rebase keep
// byte for byte where a section still does what it did, and the header lines they keep above
// the new hunks of a section they rewrite.

#include <string>
#include <string_view>
#include <vector>

#include "patches/diff_model.hpp"

namespace patchbay {

struct SectionText {
    std::string whole;   // from its first header line to the next section (or the signature)
    std::string header;  // its lines above the first hunk (all of it when it has no hunk)
    // Each hunk from its "@@" line to its last body line (and a "\ No newline" marker after).
    std::vector<std::string> hunks;
};

// One per section of `patch`, which was parsed from `text`.
std::vector<SectionText> section_texts(const PatchFile& patch, std::string_view text);

}  // namespace patchbay
