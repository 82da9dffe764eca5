// render_audit_text: clang's layout, `path:line:col: severity: message [rule-id]`, the source
// line with a caret under the column, then the related locations, the fix and the reach. A
// scoped audit marks each finding new, existing (upstream, against the pristine upstream) or
// fixed, and names the patch line that added it.

#include <fmt/format.h>

#include <cmath>

#include "common/elide.hpp"
#include "common/group_thousands.hpp"
#include "tool/audit_report_format.hpp"
#include "tool/counted.hpp"

namespace patchbay {

namespace {

std::string colored_severity(Severity severity, const Palette& palette) {
    std::string name = to_string(severity);
    if (severity == Severity::error) return palette.red(name);
    if (severity == Severity::warning) return palette.yellow(name);
    return palette.bold(name);
}

// Spaces up to the column of `shown` (the source line as printed), keeping the line's tabs so
// the caret lines up in a terminal.
std::string caret_line(const std::string& shown, std::int64_t column) {
    std::string pad;
    for (std::int64_t i = 0; i + 1 < column; ++i) {
        auto index = static_cast<std::size_t>(i);
        pad += index < shown.size() && shown[index] == '\t' ? '\t' : ' ';
    }
    return pad;
}

// The source line, elided when long (a minified or generated file can be one 100 MB line),
// with the caret under the finding's column in what is shown.
void render_source_line(const Finding& finding, const Palette& palette, std::string& out) {
    const std::string shown = elide(finding.source_line);
    out += shown + "\n";
    out += caret_line(shown, elided_column(finding.source_line, finding.column)) +
           palette.green("^") + "\n";
}

// "new", "existing", or "upstream" when the baseline is the pristine upstream.
std::string status_mark(const Finding& finding, AuditBaseline baseline, const Palette& palette) {
    if (baseline == AuditBaseline::none) return {};
    // Appended, not `" " + temporary`: GCC 12 bug 105329 (-Wrestrict at -O3).
    if (finding.is_new) return std::string(" ").append(palette.bold("(new)"));
    return baseline == AuditBaseline::upstream ? " (upstream)" : " (existing)";
}

void render_origin(const Finding& finding, std::string& out) {
    if (finding.patch.empty()) return;
    if (finding.patch_line > 0)
        out += fmt::format("    added by {}:{}\n", elide(finding.patch_file, kElidePathLimit),
                           finding.patch_line);
    else
        out += fmt::format("    added by {}\n", elide(finding.patch_file, kElidePathLimit));
}

std::string finding_location(const Finding& finding) {
    return fmt::format("{}:{}:{}:", elide(finding.path, kElidePathLimit), finding.line,
                       finding.column);
}

void render_finding(const Finding& finding, const std::string& mark, const Palette& palette,
                    std::string& out) {
    out += palette.bold(finding_location(finding));
    out += fmt::format(" {}: {} {}{}\n", colored_severity(finding.severity, palette),
                       elide(finding.message, kElideMessageLimit),
                       palette.dim("[" + finding.rule + "]"), mark);
    render_origin(finding, out);
    if (!finding.source_line.empty()) render_source_line(finding, palette, out);
    for (const auto& related : finding.related)
        out += fmt::format("    {}:{}: note: {}\n", elide(related.path, kElidePathLimit),
                           related.line, elide(related.message, kElideMessageLimit));
    if (!finding.fix_hint.empty()) out += "    fix: " + finding.fix_hint + "\n";
    if (finding.reach)
        out += fmt::format("    reach: block ids from {} (pool of {:.1f} GiB and up)\n",
                           group_thousands(finding.reach->first_block), finding.reach->pool_gib);
}

std::string summary_line(const AuditReport& report) {
    const auto& s = report.summary;
    std::string line =
        s.findings == 0 ? std::string("no findings") : counted(s.findings, "finding");
    if (report.scoped() && s.findings > 0)
        line += fmt::format(" ({} new, {} {})", s.new_findings, s.findings - s.new_findings,
                            report.baseline == AuditBaseline::upstream ? "upstream" : "existing");
    if (s.fixed > 0) line += fmt::format(", {} fixed", s.fixed);
    line += " in " + counted(s.files, "file");
    if (s.suppressed > 0) line += fmt::format(", {} suppressed", s.suppressed);
    return line;
}

}  // namespace

std::string render_audit_text(const AuditReport& report, const Palette& palette) {
    std::string out;
    for (const auto& finding : report.findings)
        render_finding(finding, status_mark(finding, report.baseline, palette), palette, out);
    for (const auto& finding : report.fixed)
        out += fmt::format("{} {}: {} {}\n", palette.bold(finding_location(finding)),
                           palette.green("fixed"), elide(finding.message, kElideMessageLimit),
                           palette.dim("[" + finding.rule + "]"));
    for (const auto& note : report.notes) out += "note: " + note + "\n";
    auto summary = summary_line(report);
    bool clean = report.summary.findings == 0;
    out += (clean ? palette.green(summary) : palette.bold(summary)) + "\n";
    return out;
}

}  // namespace patchbay
