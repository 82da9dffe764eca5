#pragma once
// The renderings of a check-series report: a table for people, JSON for tools (names fixed by
// issue #2), JUnit XML for CI dashboards (one testcase per series entry), GitHub workflow
// commands that annotate the patch files, and a short Markdown summary.

#include <cstddef>
#include <string>

#include "series/series_report.hpp"
#include "tool/terminal.hpp"

namespace patchbay {

std::string render_text(const SeriesReport& report, const Palette& palette);
std::string render_json(const SeriesReport& report);
std::string render_junit(const SeriesReport& report);
// Problems' files as they are in the report: make them relative to the repository root first.
std::string render_github(const SeriesReport& report);
// Lists cut at `cap` rows (a longer series shows only its entries with something to report).
std::string render_markdown(const SeriesReport& report, std::size_t cap = 30);

// GNU patch's wording for one hunk: "succeeded at 12 with fuzz 1 (offset 3 lines)".
std::string describe_hunk(const HunkOutcome& hunk);

}  // namespace patchbay
