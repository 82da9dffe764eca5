#pragma once
// The new text of a patch file for new before/after states of its paths: the sections rebuilt
// in the old patch's conventions (patch_rebuild.hpp), the preamble kept but for a stale
// format-patch diffstat, and the signature after the last section kept (mail_parts.hpp).
// Shared by regenerate and rebase.

#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "patches/diff_model.hpp"
#include "regenerate/patch_rebuild.hpp"

namespace patchbay {

struct RewrittenPatch {
    PatchFile patch;
    std::string text;
};

// `old_text` is the file `old` was parsed from. The result may have no sections (the caller
// decides whether a patch that changes nothing is an error). A section that still does what it
// did is kept byte for byte (by `keep`'s rule: patch_rebuild.hpp), unless a `dialect` is asked
// for: then every section is written anew in it.
Result<RewrittenPatch> rewrite_patch(const PatchFile& old, std::string_view old_text, int strip,
                                     const std::vector<PathChange>& changes,
                                     KeepRule keep = KeepRule::same_effect,
                                     std::optional<PatchDialect> dialect = std::nullopt);

}  // namespace patchbay
