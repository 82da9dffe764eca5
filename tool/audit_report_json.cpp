// render_audit_json: {"version":1,"findings":[…],"summary":{…}}; the names are part of the
// contract with CI scripts. "suppressed" (the findings an inline comment silenced, each with
// its "suppression": line and reason) and "notes" appear only when there are some.

#include <cmath>

#include "tool/audit_report_format.hpp"
#include "tool/json_writer.hpp"

namespace patchbay {

namespace {

void write_related(JsonWriter& json, const Finding& finding) {
    json.key("related").begin_array();
    for (const auto& related : finding.related)
        json.begin_object()
            .field("path", related.path)
            .field("line", related.line)
            .field("message", related.message)
            .end_object();
    json.end_array();
}

void write_finding(JsonWriter& json, const Finding& finding) {
    json.begin_object()
        .field("rule", finding.rule)
        .field("severity", to_string(finding.severity))
        .field("path", finding.path)
        .field("line", finding.line)
        .field("column", finding.column)
        .field("message", finding.message)
        .field("status", finding.is_new ? "new" : "existing");
    write_related(json, finding);
    if (finding.reach)
        json.key("reach")
            .begin_object()
            .field("first_block", finding.reach->first_block)
            .field("pool_gib", std::round(finding.reach->pool_gib * 10.0) / 10.0)
            .end_object();
    if (!finding.fix_hint.empty()) json.field("fix", finding.fix_hint);
    if (!finding.source_line.empty()) json.field("source", finding.source_line);
    if (finding.suppression)
        json.key("suppression")
            .begin_object()
            .field("line", finding.suppression->line)
            .field("reason", finding.suppression->reason)
            .end_object();
    json.end_object();
}

}  // namespace

std::string render_audit_json(const AuditReport& report) {
    JsonWriter json;
    json.begin_object().field("version", 1).key("findings").begin_array();
    for (const auto& finding : report.findings) write_finding(json, finding);
    json.end_array();
    const auto& s = report.summary;
    json.key("summary")
        .begin_object()
        .field("files", s.files)
        .field("findings", s.findings)
        .field("new", s.new_findings)
        .field("suppressed", s.suppressed)
        .end_object();
    if (!report.suppressed.empty()) {
        json.key("suppressed").begin_array();
        for (const auto& finding : report.suppressed) write_finding(json, finding);
        json.end_array();
    }
    if (!report.notes.empty()) {
        json.key("notes").begin_array();
        for (const auto& note : report.notes) json.value(note);
        json.end_array();
    }
    json.end_object();
    return json.str() + "\n";
}

}  // namespace patchbay
