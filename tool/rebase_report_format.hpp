#pragma once
// The two renderings of `rebase`'s report (rebase/rebase_report.hpp): text and json.

#include <string>

#include "rebase/rebase_report.hpp"

namespace patchbay {

std::string render_text(const RebaseReport& report);
std::string render_json(const RebaseReport& report);

}  // namespace patchbay
