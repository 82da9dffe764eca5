// render_github (check-series): one workflow command per problem, on the patch file's line that
// the problem names (a rejected hunk's "@@" header, else the file section's header), so a pull
// request that edits patches/*.patch shows it on its diff. Failures are errors, problems the
// policy lets pass are warnings. The files are the reports' own: cmd_check_series makes them
// relative to the repository root first.

#include <fmt/format.h>

#include "common/elide.hpp"
#include "tool/github_command.hpp"
#include "tool/series_report_format.hpp"

namespace patchbay {

namespace {

// Elided as in a text report; the file, where GitHub puts the annotation, only past the length
// of a path that can name a file.
std::string annotate(const Problem& problem, const std::string& entry) {
    const char* command = problem.severity == FindingSeverity::failure ? "error" : "warning";
    auto reason = elide(reason_of(problem), kElideMessageLimit);
    auto message = entry.empty() ? reason : elide(entry) + ": " + reason;
    return github_command({command, elide(problem.file, kElidePathLimit), problem.line, 0,
                           to_string(problem.kind), message});
}

}  // namespace

std::string render_github(const SeriesReport& report) {
    std::string out;
    for (const auto& patch : report.patches)
        for (const auto& problem : patch.problems) out += annotate(problem, patch.name);
    for (const auto& problem : report.series_problems) out += annotate(problem, {});
    auto t = report.totals();
    out +=
        github_command({"notice",
                        {},
                        0,
                        0,
                        "check-series",
                        fmt::format("{} entries: {} applied, {} skipped, {} rejected, {} failed; "
                                    "{} hunks: {} exact, {} offset, {} fuzz, {} rejected",
                                    t.entries, t.applied, t.skipped, t.rejected, t.failed, t.hunks,
                                    t.exact, t.offset, t.fuzz, t.rejected_hunks)});
    return out;
}

}  // namespace patchbay
