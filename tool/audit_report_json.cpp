// render_audit_json: {"version":1,"findings":[…],"summary":{…}}; the names are part of the
// contract with CI scripts. "suppressed" (the findings an inline comment silenced, each with
// its "suppression": line and reason), "fixed" (findings of the base the change removed, status
// "fixed") and "notes" appear only when there are some. A finding a patch of the series added
// names it: "patch" (the series entry), "patch_file" (its path from the repository root) and
// "patch_line" (the line of that file that adds it).

#include <cmath>

#include "common/json_writer.hpp"
#include "tool/audit_report_format.hpp"

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

void write_patch(JsonWriter& json, const Finding& finding) {
    if (finding.patch.empty()) return;
    json.field("patch", finding.patch).field("patch_file", finding.patch_file);
    if (finding.patch_line > 0) json.field("patch_line", finding.patch_line);
}

void write_finding(JsonWriter& json, const Finding& finding, const char* status) {
    json.begin_object()
        .field("rule", finding.rule)
        .field("severity", to_string(finding.severity))
        .field("path", finding.path)
        .field("line", finding.line)
        .field("column", finding.column)
        .field("message", finding.message)
        .field("status", status);
    write_patch(json, finding);
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

const char* status_of(const Finding& finding) {
    return finding.is_new ? "new" : "existing";
}

void write_findings(JsonWriter& json, const char* key, const std::vector<Finding>& findings,
                    const char* status = nullptr) {
    json.key(key).begin_array();
    for (const auto& finding : findings)
        write_finding(json, finding, status ? status : status_of(finding));
    json.end_array();
}

}  // namespace

std::string render_audit_json(const AuditReport& report) {
    JsonWriter json;
    json.begin_object().field("version", 1);
    write_findings(json, "findings", report.findings);
    const auto& s = report.summary;
    json.key("summary")
        .begin_object()
        .field("files", s.files)
        .field("findings", s.findings)
        .field("new", s.new_findings)
        .field("suppressed", s.suppressed)
        .field("fixed", s.fixed)
        .field("baseline", to_string(report.baseline))
        .end_object();
    if (!report.suppressed.empty()) write_findings(json, "suppressed", report.suppressed);
    if (!report.fixed.empty()) write_findings(json, "fixed", report.fixed, "fixed");
    if (!report.notes.empty()) {
        json.key("notes").begin_array();
        for (const auto& note : report.notes) json.value(note);
        json.end_array();
    }
    json.end_object();
    return json.str() + "\n";
}

}  // namespace patchbay
