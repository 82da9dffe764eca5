#include "regenerate/patch_rewrite.hpp"

#include "patches/patch_writer.hpp"
#include "regenerate/mail_parts.hpp"

namespace patchbay {

Result<RewrittenPatch> rewrite_patch(const PatchFile& old, std::string_view old_text, int strip,
                                     const std::vector<PathChange>& changes, KeepRule keep,
                                     std::optional<PatchDialect> dialect) {
    const OldPatchText text{section_texts(old, old_text), keep, dialect};
    auto rebuilt = rebuild_patch(old, strip, changes, &text);
    if (!rebuilt) return rebuilt.error();
    RewrittenPatch result{std::move(*rebuilt), {}};
    result.patch.preamble = refreshed_preamble(old, result.patch, strip);
    result.text =
        render_patch(result.patch, conventions_of(old, strip).style) + signature_of(old_text, old);
    return result;
}

}  // namespace patchbay
