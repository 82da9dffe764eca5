// render_markdown (check-series): the verdict and totals, the series table, then the problems,
// for a PR comment or $GITHUB_STEP_SUMMARY. A long series shows only the entries with something
// to say (not applied, a hunk that did not land exactly, a problem); each list is cut at `cap`
// rows with the number left out.

#include <fmt/format.h>

#include "common/elide.hpp"
#include "tool/markdown.hpp"
#include "tool/series_report_format.hpp"

namespace patchbay {

namespace {

bool noteworthy(const PatchReport& patch) {
    if (patch.status != PatchStatus::applied || !patch.problems.empty()) return true;
    for (const auto& file : patch.files)
        for (const auto& hunk : file.hunks)
            if (hunk.status != HunkStatus::exact) return true;
    return false;
}

// "3 exact, 1 offset": the hunk counts that are not zero.
std::string hunk_counts(const PatchReport& patch) {
    int counts[5] = {};
    for (const auto& file : patch.files)
        for (const auto& hunk : file.hunks) ++counts[static_cast<int>(hunk.status)];
    std::string out;
    const HunkStatus order[] = {HunkStatus::exact, HunkStatus::offset, HunkStatus::fuzz,
                                HunkStatus::rejected, HunkStatus::already_applied};
    for (auto status : order)
        if (int n = counts[static_cast<int>(status)]; n > 0)
            out += fmt::format("{}{} {}", out.empty() ? "" : ", ", n, to_string(status));
    return out;
}

std::string patch_row(std::size_t index, const PatchReport& patch) {
    auto detail = patch.status == PatchStatus::skipped || patch.status == PatchStatus::failed
                      ? patch.reason
                      : hunk_counts(patch);
    return fmt::format("| {} | {} | {} | {} | {} |\n", index, markdown_code(elide(patch.name)),
                       to_string(patch.status), markdown_cell(elide(detail, kElideMessageLimit)),
                       patch.problems.size());
}

std::string series_table(const SeriesReport& report, std::size_t cap) {
    bool all = report.patches.size() <= cap;
    std::string out = "| # | patch | status | hunks | problems |\n|---:|---|---|---|---:|\n";
    std::size_t shown = 0, wanted = 0;
    for (std::size_t i = 0; i < report.patches.size(); ++i) {
        if (!all && !noteworthy(report.patches[i])) continue;
        ++wanted;
        if (shown < cap) out += patch_row(i + 1, report.patches[i]), ++shown;
    }
    if (auto clean = report.patches.size() - wanted; !all && clean > 0)
        out += fmt::format("\nNot listed: {} {} that applied exactly.\n", clean,
                           clean == 1 ? "entry" : "entries");
    return out + markdown_left_out(wanted, shown, "entries with something to report");
}

std::string problem_row(const Problem& problem) {
    const auto file = elide(problem.file, kElidePathLimit);
    auto where = problem.line > 0 ? fmt::format("{}:{}", file, problem.line) : file;
    return fmt::format("| {} | {} | {} | {} |\n", where.empty() ? "" : markdown_code(where),
                       to_string(problem.kind), to_string(problem.severity),
                       markdown_cell(elide(reason_of(problem), kElideMessageLimit)));
}

std::string problems_table(const SeriesReport& report, std::size_t cap) {
    std::vector<const Problem*> all;
    for (const auto& patch : report.patches)
        for (const auto& problem : patch.problems) all.push_back(&problem);
    for (const auto& problem : report.series_problems) all.push_back(&problem);
    if (all.empty()) return {};
    std::string out =
        "\n#### Problems\n\n| where | kind | severity | problem |\n|---|---|---|---|\n";
    for (std::size_t i = 0; i < all.size() && i < cap; ++i) out += problem_row(*all[i]);
    return out + markdown_left_out(all.size(), cap, "problems");
}

std::string verdict(const SeriesReport& report) {
    if (report.has_failed_patch()) return "**FAILED** (bad input)";
    return report.is_negative() ? "**FAILED**" : "**OK**";
}

}  // namespace

std::string render_markdown(const SeriesReport& report, std::size_t cap) {
    auto t = report.totals();
    std::string out = "### patchbay check-series\n\n" + verdict(report) +
                      fmt::format(
                          ": {} entries ({} applied, {} skipped, {} rejected, {} failed), "
                          "{} hunks ({} exact, {} offset, {} fuzz, {} rejected)\n\n",
                          t.entries, t.applied, t.skipped, t.rejected, t.failed, t.hunks, t.exact,
                          t.offset, t.fuzz, t.rejected_hunks);
    return out + series_table(report, cap) + problems_table(report, cap);
}

}  // namespace patchbay
