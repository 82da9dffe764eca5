#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "common/elide.hpp"
#include "tool/counted.hpp"
#include "tool/series_report_format.hpp"

namespace patchbay {

namespace {

std::string upstream_line(const SourceDescription& upstream) {
    std::string line = upstream.path;
    if (!upstream.rev.empty()) line += " at " + upstream.rev;
    if (!upstream.commit.empty())
        line += " (commit " + upstream.commit.substr(0, 12) + ")";
    else
        line += " (plain directory)";
    if (!upstream.directory.empty()) line += ", directory " + upstream.directory;
    return line;
}

// An applied patch whose every hunk was already applied changed nothing: not green.
bool changed_nothing(const PatchReport& patch) {
    bool any_hunk = false;
    for (const auto& file : patch.files)
        for (const auto& hunk : file.hunks) {
            if (hunk.status != HunkStatus::already_applied) return false;
            any_hunk = true;
        }
    return any_hunk;
}

std::string colored_status(const PatchReport& patch, const Palette& palette) {
    const PatchStatus status = patch.status;
    auto text = fmt::format("{:<9}", to_string(status));
    switch (status) {
        case PatchStatus::applied:
            return changed_nothing(patch) ? palette.red(text) : palette.green(text);
        case PatchStatus::skipped:
            return palette.dim(text);
        case PatchStatus::rejected:
            return palette.red(text);
        case PatchStatus::failed:
            return palette.red(text);
    }
    return text;
}

std::size_t name_width(const SeriesReport& report) {
    std::size_t width = 5;
    for (const auto& patch : report.patches) width = std::max(width, patch.name.size());
    return std::min<std::size_t>(width, 60);
}

void table(std::string& out, const SeriesReport& report, const Palette& palette) {
    auto width = name_width(report);
    out += fmt::format("{:>3}  {:<{}}  {:<9} {:>5} {:>6} {:>6} {:>5} {:>5} {:>7}\n", "#", "patch",
                       width, "status", "hunks", "exact", "offset", "fuzz", "rej", "already");
    for (std::size_t i = 0; i < report.patches.size(); ++i) {
        const auto& patch = report.patches[i];
        // Names and reasons elided: a name can be megabytes (a hostile series line).
        fmt::format_to(std::back_inserter(out), "{:>3}  {:<{}}  ", i + 1, elide(patch.name), width);
        out += colored_status(patch, palette);
        if (patch.status == PatchStatus::skipped || patch.status == PatchStatus::failed) {
            out.append(" ").append(elide(patch.reason, kElideMessageLimit)).append("\n");
            continue;
        }
        auto t = totals_of(patch);
        fmt::format_to(std::back_inserter(out), " {:>5} {:>6} {:>6} {:>5} {:>5} {:>7}\n", t.hunks,
                       t.exact, t.offset, t.fuzz, t.rejected_hunks, t.already_applied);
    }
}

void inexact_hunks(std::string& out, const SeriesReport& report) {
    std::string lines;
    for (const auto& patch : report.patches)
        for (const auto& file : patch.files)
            for (const auto& hunk : file.hunks)
                if (hunk.status != HunkStatus::exact)
                    lines +=
                        fmt::format("  {}  {}  hunk #{} {}\n", elide(patch.name),
                                    elide(file.path, kElidePathLimit), hunk.n, describe_hunk(hunk));
    if (!lines.empty()) out += "\nhunks that did not land exactly:\n" + lines;
}

// "file:line: warning: kind: message" for a finding the policy lets pass.
std::string located(const Problem& problem) {
    const std::string kind = problem.severity == FindingSeverity::warning
                                 ? "warning: " + std::string(to_string(problem.kind))
                                 : std::string(to_string(problem.kind));
    const auto message = elide(problem.message, kElideMessageLimit);
    if (problem.file.empty()) return kind + ": " + message;
    const auto file = elide(problem.file, kElidePathLimit);
    auto where = problem.line > 0 ? fmt::format("{}:{}", file, problem.line) : file;
    return fmt::format("{}: {}: {}", where, kind, message);
}

void problems(std::string& out, const SeriesReport& report) {
    std::string lines;
    auto add = [&lines](const Problem& problem) {
        lines.append("  ").append(located(problem)).append("\n");
        for (const auto& detail : problem.details)
            lines.append("      ").append(elide(detail, kElideMessageLimit)).append("\n");
    };
    for (const auto& patch : report.patches)
        for (const auto& problem : patch.problems) add(problem);
    for (const auto& problem : report.series_problems) add(problem);
    if (!lines.empty()) out.append("\nproblems:\n").append(lines);
}

void summary(std::string& out, const SeriesReport& report, const Palette& palette) {
    auto t = report.totals();
    out += fmt::format(
        "\ntotals: {}: {} applied, {} skipped, {} rejected, {} failed{}; {}: {} exact, "
        "{} offset, {} fuzz, {} rejected, {} already applied\n",
        counted(t.entries, "entry", "entries"), t.applied, t.skipped, t.rejected, t.failed,
        report.disabled > 0 ? fmt::format(", {} disabled", report.disabled) : std::string(),
        counted(t.hunks, "hunk", "hunks"), t.exact, t.offset, t.fuzz, t.rejected_hunks,
        t.already_applied);
    out += "integrity:\n";
    for (const auto& verdict : report.integrity()) {
        auto mark = verdict.problems == 0   ? palette.green("ok  ")
                    : verdict.failures == 0 ? palette.yellow("warn")
                                            : palette.red("FAIL");
        auto count = verdict.problems == 0 ? std::string() : fmt::format(" ({})", verdict.problems);
        out += fmt::format("  {}  {}{}\n", mark, verdict.check, count);
    }
}

std::string verdict_line(const SeriesReport& report, const Palette& palette) {
    if (report.has_failed_patch()) return "result: " + palette.red("FAILED") + " (bad input)\n";
    if (report.is_negative()) return "result: " + palette.red("FAILED") + "\n";
    return "result: " + palette.green("OK") + "\n";
}

}  // namespace

std::string describe_hunk(const HunkOutcome& hunk) {
    if (hunk.status == HunkStatus::rejected) return fmt::format("FAILED at {}", hunk.line);
    auto text = fmt::format(
        "{} at {}", hunk.status == HunkStatus::already_applied ? "already applied" : "succeeded",
        hunk.line);
    if (hunk.fuzz > 0) text += fmt::format(" with fuzz {}", hunk.fuzz);
    if (hunk.offset != 0)
        text += fmt::format(" (offset {} line{})", hunk.offset, hunk.offset == 1 ? "" : "s");
    return text;
}

std::string render_text(const SeriesReport& report, const Palette& palette) {
    std::string out;
    out += "upstream: " + upstream_line(report.upstream) + "\n";
    for (const auto& note : report.upstream.notes) out += "  note: " + note + "\n";
    out += fmt::format("series:   {}\npolicy:   fuzz {}, strip {}{}\n\n", report.series_file,
                       report.fuzz, report.strip, report.strict ? ", strict" : "");
    table(out, report, palette);
    inexact_hunks(out, report);
    problems(out, report);
    summary(out, report, palette);
    out += verdict_line(report, palette);
    return out;
}

}  // namespace patchbay
