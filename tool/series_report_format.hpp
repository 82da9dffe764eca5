#pragma once
// The three renderings of a check-series report: a table for people, JSON for tools (names
// fixed by issue #2), and JUnit XML for CI dashboards (one testcase per series entry).

#include <string>

#include "series/series_report.hpp"
#include "tool/terminal.hpp"

namespace patchbay {

std::string render_text(const SeriesReport& report, const Palette& palette);
std::string render_json(const SeriesReport& report);
std::string render_junit(const SeriesReport& report);

// GNU patch's wording for one hunk: "succeeded at 12 with fuzz 1 (offset 3 lines)".
std::string describe_hunk(const HunkOutcome& hunk);

}  // namespace patchbay
