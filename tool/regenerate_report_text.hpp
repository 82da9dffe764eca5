#pragma once
// regenerate's report as text: the summary line ("wrote", "stale:", "up to date:", "unchanged:"),
// the diff a stale patch would get under --check, the edits rebased onto a moved base, and the
// later patches' rows that the new text changed.

#include <string>

#include "common/result.hpp"
#include "regenerate/regenerate_session.hpp"

namespace patchbay {

Result<std::string> render_text(const RegenerateResult& result);

}  // namespace patchbay
