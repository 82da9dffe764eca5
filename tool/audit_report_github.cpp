// render_audit_github: GitHub Actions workflow commands (tool/github_command.hpp), one
// annotation per finding.
// In series modes a finding a patch added is annotated on that patch file's line (the upstream
// path is in the message): the result tree's files are not in the repository, the patches are.
// A scoped audit annotates new findings as errors (notes stay notices), existing ones as
// notices (none with hide_existing), and fixed ones as notices without a file.

#include <fmt/format.h>

#include "common/elide.hpp"
#include "tool/audit_report_format.hpp"
#include "tool/github_command.hpp"

namespace patchbay {

namespace {

const char* command_of(Severity severity) {
    if (severity == Severity::error) return "error";
    if (severity == Severity::warning) return "warning";
    return "notice";
}

const char* command_of(const Finding& f, const AuditReport& report) {
    if (!report.scoped()) return command_of(f.severity);
    if (!f.is_new || f.severity == Severity::note) return "notice";
    return "error";
}

std::string title_of(const Finding& f, const AuditReport& report) {
    if (!report.scoped() || f.is_new) return f.rule;
    return f.rule + (report.baseline == AuditBaseline::upstream ? " (upstream)" : " (existing)");
}

bool series_mode(const AuditReport& report) {
    return report.baseline == AuditBaseline::upstream || report.baseline == AuditBaseline::base;
}

// "path:line" as a text report shows it. Paths are elided only past the length of one that can
// name a file: the annotation's file is where GitHub puts it.
std::string finding_place(const Finding& f) {
    return fmt::format("{}:{}", elide(f.path, kElidePathLimit), f.line);
}

std::string annotation(const char* command, const Finding& f, const std::string& title,
                       const AuditReport& report) {
    const auto message = elide(f.message, kElideMessageLimit);
    if (!f.patch_file.empty())
        return github_command({command, elide(f.patch_file, kElidePathLimit), f.patch_line, 0,
                               title, message + " (" + finding_place(f) + ")"});
    if (series_mode(report))
        return github_command({command, {}, 0, 0, title, finding_place(f) + ": " + message});
    return github_command(
        {command, elide(f.path, kElidePathLimit), f.line, f.column, title, message});
}

}  // namespace

std::string render_audit_github(const AuditReport& report, bool hide_existing) {
    std::string out;
    for (const auto& f : report.findings) {
        if (hide_existing && report.scoped() && !f.is_new) continue;
        out += annotation(command_of(f, report), f, title_of(f, report), report);
    }
    // A fixed finding's line is the base's: nothing at head to point at.
    for (const auto& f : report.fixed)
        out += github_command({"notice",
                               {},
                               0,
                               0,
                               f.rule + " (fixed)",
                               finding_place(f) + ": " + elide(f.message, kElideMessageLimit)});
    for (const auto& note : report.notes) out += github_command({"notice", {}, 0, 0, {}, note});
    return out;
}

}  // namespace patchbay
