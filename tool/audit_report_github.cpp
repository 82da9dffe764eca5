// render_audit_github: GitHub Actions workflow commands, one annotation per finding. Escaping
// follows GitHub's toolkit (issueCommand): data escapes % CR LF; property values also : and ,.

#include <fmt/format.h>

#include "tool/audit_report_format.hpp"

namespace patchbay {

namespace {

std::string escape_data(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '%')
            out += "%25";
        else if (c == '\r')
            out += "%0D";
        else if (c == '\n')
            out += "%0A";
        else
            out += c;
    }
    return out;
}

std::string escape_property(std::string_view text) {
    std::string out;
    for (char c : escape_data(text)) {
        if (c == ':')
            out += "%3A";
        else if (c == ',')
            out += "%2C";
        else
            out += c;
    }
    return out;
}

const char* command_of(Severity severity) {
    if (severity == Severity::error) return "error";
    if (severity == Severity::warning) return "warning";
    return "notice";
}

}  // namespace

std::string render_audit_github(const AuditReport& report) {
    std::string out;
    for (const auto& f : report.findings)
        out += fmt::format("::{} file={},line={},col={},title={}::{}\n", command_of(f.severity),
                           escape_property(f.path), f.line, f.column, escape_property(f.rule),
                           escape_data(f.message));
    for (const auto& note : report.notes) out += "::notice::" + escape_data(note) + "\n";
    return out;
}

}  // namespace patchbay
