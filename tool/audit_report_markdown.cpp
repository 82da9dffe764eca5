// render_audit_markdown: the counts, then the new findings (every finding when the audit has no
// baseline) and the fixed ones, as tables a PR comment can hold. A finding a patch added shows
// the patch file's line first, the line in the series result after it.

#include <fmt/format.h>

#include "common/elide.hpp"
#include "tool/audit_report_format.hpp"
#include "tool/markdown.hpp"

namespace patchbay {

namespace {

std::string where_of(const Finding& f) {
    auto result = markdown_code(fmt::format("{}:{}", elide(f.path, kElidePathLimit), f.line));
    if (f.patch_file.empty()) return result;
    const auto file = elide(f.patch_file, kElidePathLimit);
    auto patch = f.patch_line > 0 ? fmt::format("{}:{}", file, f.patch_line) : file;
    return markdown_code(patch) + " (" + result + ")";
}

std::string table(const std::vector<const Finding*>& rows, std::size_t cap, std::string_view noun) {
    std::string out = "| rule | severity | where | finding |\n|---|---|---|---|\n";
    for (std::size_t i = 0; i < rows.size() && i < cap; ++i)
        out += fmt::format("| {} | {} | {} | {} |\n", markdown_code(rows[i]->rule),
                           to_string(rows[i]->severity), where_of(*rows[i]),
                           markdown_cell(elide(rows[i]->message, kElideMessageLimit)));
    return out + markdown_left_out(rows.size(), cap, noun);
}

std::string counts(const AuditReport& report) {
    const auto& s = report.summary;
    if (!report.scoped()) return fmt::format("{} finding(s) in {} file(s)", s.findings, s.files);
    auto old = report.baseline == AuditBaseline::upstream ? "upstream" : "existing";
    return fmt::format("**{} new**, {} {}, {} fixed, in {} file(s)", s.new_findings,
                       s.findings - s.new_findings, old, s.fixed, s.files);
}

}  // namespace

std::string render_audit_markdown(const AuditReport& report, std::size_t cap) {
    std::string out = "### patchbay audit-kernels\n\n" + counts(report);
    if (report.summary.suppressed > 0)
        out += fmt::format(" ({} suppressed)", report.summary.suppressed);
    out += "\n";
    std::vector<const Finding*> shown, fixed;
    for (const auto& f : report.findings)
        if (f.is_new || !report.scoped()) shown.push_back(&f);
    for (const auto& f : report.fixed) fixed.push_back(&f);
    if (!shown.empty())
        out += fmt::format("\n#### {}\n\n", report.scoped() ? "New findings" : "Findings") +
               table(shown, cap, report.scoped() ? "new findings" : "findings");
    if (!fixed.empty()) out += "\n#### Fixed\n\n" + table(fixed, cap, "fixed findings");
    return out;
}

}  // namespace patchbay
