// render_audit_text: clang's layout, `path:line:col: severity: message [rule-id]`, the source
// line with a caret under the column, then the related locations, the fix and the reach. A
// scoped audit marks each finding new, existing (upstream, against the pristine upstream) or
// fixed, and names the patch line that added it.

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <iterator>
#include <string_view>

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

// `text` as elide() shows it, copied only when it is cut: the report of a large tree is tens of
// thousands of findings, each with its path, message and line.
void append_elided(std::string& out, std::string_view text, std::size_t limit = kElideLimit) {
    if (text.size() <= limit)
        out += text;
    else
        out += elide(text, limit);
}

// `:N`, appended without a format string: a large tree's report has two or three per finding,
// and parsing ":{}:{}:" for each was a third of the report's cost.
void append_number(std::string& out, char before, std::int64_t number) {
    char digits[24];
    digits[0] = before;
    auto end = std::to_chars(digits + 1, digits + sizeof digits, number).ptr;
    out.append(digits, end);
}

// Spaces up to the column of `shown` (the source line as printed), keeping the line's tabs so
// the caret lines up in a terminal.
void append_caret_pad(std::string& out, std::string_view shown, std::int64_t column) {
    const auto width = static_cast<std::size_t>(std::max<std::int64_t>(column - 1, 0));
    const std::size_t start = out.size();
    out.append(width, ' ');  // most lines have no tab before the column: one append
    for (std::size_t i = shown.find('\t'); i < width && i < shown.size();
         i = shown.find('\t', i + 1))
        out[start + i] = '\t';
}

// The source line, elided when long (a minified or generated file can be one 100 MB line),
// with the caret under the finding's column in what is shown.
void render_source_line(const Finding& finding, const Palette& palette, std::string& out) {
    std::string_view shown = finding.source_line;
    std::string cut;
    if (shown.size() > kElideLimit) shown = cut = elide(shown);
    out += shown;
    out += '\n';
    append_caret_pad(out, shown, elided_column(finding.source_line, finding.column));
    out += palette.green("^");
    out += '\n';
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
    out += "    added by ";
    append_elided(out, finding.patch_file, kElidePathLimit);
    if (finding.patch_line > 0) append_number(out, ':', finding.patch_line);
    out += '\n';
}

std::string finding_location(const Finding& finding) {
    return fmt::format("{}:{}:{}:", elide(finding.path, kElidePathLimit), finding.line,
                       finding.column);
}

// finding_location, in bold, appended.
void append_location(const Finding& finding, const Palette& palette, std::string& out) {
    if (palette.enabled) return void(out += palette.bold(finding_location(finding)));
    append_elided(out, finding.path, kElidePathLimit);
    append_number(out, ':', finding.line);
    append_number(out, ':', finding.column);
    out += ':';
}

void render_related(const RelatedLocation& related, std::string& out) {
    out += "    ";
    append_elided(out, related.path, kElidePathLimit);
    append_number(out, ':', related.line);
    out += ": note: ";
    append_elided(out, related.message, kElideMessageLimit);
    out += '\n';
}

void render_finding(const Finding& finding, const std::string& mark, const Palette& palette,
                    std::string& out) {
    append_location(finding, palette, out);
    out += ' ';
    out += colored_severity(finding.severity, palette);
    out += ": ";
    append_elided(out, finding.message, kElideMessageLimit);
    out += ' ';
    if (palette.enabled)
        out += palette.dim("[" + finding.rule + "]");
    else  // no colour (a file, a pipe, a CI log): no string made for it
        out.append("[").append(finding.rule).append("]");
    out += mark;
    out += '\n';
    render_origin(finding, out);
    if (!finding.source_line.empty()) render_source_line(finding, palette, out);
    for (const auto& related : finding.related) render_related(related, out);
    if (!finding.fix_hint.empty()) {
        out += "    fix: ";
        out += finding.fix_hint;
        out += '\n';
    }
    if (finding.reach)
        fmt::format_to(std::back_inserter(out),
                       "    reach: block ids from {} (pool of {:.1f} GiB and up)\n",
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

// At least as many bytes as a value shows, elided or not (the size marker is under 64).
std::size_t shown_size(std::string_view text, std::size_t limit) {
    return std::min(text.size(), limit + 64);
}

// Room for every finding's lines, colour codes included. The report is reserved at once: grown
// by doubling, the report of a large tree (tens of megabytes) was copied into fresh pages at
// every step.
std::size_t findings_size_bound(const std::vector<Finding>& findings) {
    std::size_t size = 0;
    for (const auto& f : findings) {
        size +=
            2 * shown_size(f.path, kElidePathLimit) + shown_size(f.patch_file, kElidePathLimit) +
            shown_size(f.message, kElideMessageLimit) + 2 * shown_size(f.source_line, kElideLimit) +
            f.fix_hint.size() + f.rule.size() + 160;
        for (const auto& r : f.related)
            size += shown_size(r.path, kElidePathLimit) +
                    shown_size(r.message, kElideMessageLimit) + 48;
    }
    return size;
}

}  // namespace

std::string render_audit_text(const AuditReport& report, const Palette& palette) {
    std::string out;
    out.reserve(findings_size_bound(report.findings));
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
