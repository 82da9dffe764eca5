// render_audit_sarif: one SARIF 2.1.0 run. Results carry a fingerprint that survives line
// moves (rule, path, normalised source line, occurrence), and a baselineState when the audit was
// scoped to a change ("absent" for a fixed finding). A finding that a patch of the series added
// is located on that patch file's line, where a pull request's reviewer sees it; the line in the
// series result is in the message and the last related location.

#include <fmt/format.h>

#include <map>
#include <tuple>

#include "common/sha256.hpp"
#include "tool/audit_report_format.hpp"

#include "checks/audit_scope.hpp"
#include "common/json_writer.hpp"
#include "tool/sarif_locations.hpp"

namespace patchbay {

namespace {

void write_text(JsonWriter& json, std::string_view key, std::string_view text) {
    json.key(key).begin_object().field("text", text).end_object();
}

void write_rule(JsonWriter& json, const RuleDescriptor& rule) {
    auto doc = "checks/docs/" + rule.id + ".md";
    json.begin_object().field("id", rule.id);
    write_text(json, "shortDescription", rule.summary);
    write_text(json, "fullDescription",
               rule.summary +
                   ". What it flags, why it matters and how "
                   "to fix or suppress it: " +
                   doc + ".");
    write_text(json, "help",
               "See " + doc +
                   " in the patchbay sources. Suppress one finding with "
                   "`patchbay: ignore[" +
                   rule.id +
                   "] reason` in a comment on the "
                   "line or the line above.");
    json.key("defaultConfiguration").begin_object().field("level", to_string(rule.severity));
    json.end_object().end_object();
}

void write_properties(JsonWriter& json, const Finding& finding) {
    if (finding.fix_hint.empty() && !finding.reach) return;
    json.key("properties").begin_object();
    if (!finding.fix_hint.empty()) json.field("fix", finding.fix_hint);
    if (finding.reach)
        json.field("reachFirstBlock", finding.reach->first_block)
            .field("reachPoolGiB", finding.reach->pool_gib);
    json.end_object();
}

// An inline `patchbay: ignore[…] reason` comment: the result stays, marked suppressed in
// source with the reason as its justification, so dashboards hide it and reviewers can audit it.
void write_suppressions(JsonWriter& json, const Finding& finding) {
    if (!finding.suppression) return;
    json.key("suppressions").begin_array().begin_object();
    json.field("kind", "inSource").field("justification", finding.suppression->reason);
    json.key("location").begin_object();
    write_location(json, finding.path, finding.suppression->line, 0, {});
    json.end_object();
    json.end_object().end_array();
}

struct ResultContext {
    const std::vector<RuleDescriptor>& rules;
    bool scoped = false;
    const char* state = nullptr;  // the baselineState, when not new/unchanged
};

void write_result(JsonWriter& json, const Finding& finding, int occurrence,
                  const ResultContext& context) {
    json.begin_object().field("ruleId", finding.rule);
    for (std::size_t i = 0; i < context.rules.size(); ++i)
        if (context.rules[i].id == finding.rule)
            json.field("ruleIndex", static_cast<std::int64_t>(i));
    json.field("level", to_string(finding.severity));
    write_text(json, "message", message_of(finding));
    write_primary(json, finding);
    write_related_locations(json, finding);
    json.key("partialFingerprints")
        .begin_object()
        .field("patchbayFingerprint/v1", finding_fingerprint(finding, occurrence))
        .end_object();
    if (context.state)
        json.field("baselineState", context.state);
    else if (context.scoped)
        json.field("baselineState", finding.is_new ? "new" : "unchanged");
    write_suppressions(json, finding);
    write_properties(json, finding);
    json.end_object();
}

void write_results(JsonWriter& json, const AuditReport& report, const ResultContext& context) {
    std::map<std::tuple<std::string, std::string, std::string>, int> seen;
    auto write = [&](const Finding& finding, const ResultContext& with) {
        auto key =
            std::make_tuple(finding.rule, finding.path, normalised_line(finding.source_line));
        write_result(json, finding, seen[key]++, with);
    };
    json.key("results").begin_array();
    for (const auto* findings : {&report.findings, &report.suppressed})
        for (const auto& finding : *findings) write(finding, context);
    // Fixed findings come from the base: their occurrences are counted apart.
    seen.clear();
    for (const auto& finding : report.fixed) write(finding, {context.rules, true, "absent"});
    json.end_array();
}

void write_notes(JsonWriter& json, const AuditReport& report) {
    if (report.notes.empty()) return;
    json.key("invocations").begin_array().begin_object().field("executionSuccessful", true);
    json.key("toolExecutionNotifications").begin_array();
    for (const auto& note : report.notes) {
        json.begin_object().field("level", "note");
        write_text(json, "message", note);
        json.end_object();
    }
    json.end_array().end_object().end_array();
}

}  // namespace

std::string finding_fingerprint(const Finding& finding, int occurrence) {
    std::string key = finding.rule + '\0' + finding.path + '\0' +
                      normalised_line(finding.source_line) + '\0' + std::to_string(occurrence);
    return sha256_hex(key);
}

std::string render_audit_sarif(const AuditReport& report,
                               const std::vector<RuleDescriptor>& rules) {
    JsonWriter json;
    json.begin_object()
        .field("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
        .field("version", "2.1.0");
    json.key("runs").begin_array().begin_object();
    json.key("tool").begin_object().key("driver").begin_object();
    json.field("name", "patchbay").field("version", kPatchbayVersion);
    json.key("rules").begin_array();
    for (const auto& rule : rules) write_rule(json, rule);
    json.end_array().end_object().end_object();
    write_notes(json, report);
    write_results(json, report, {rules, report.scoped()});
    json.end_object().end_array().end_object();
    return json.str() + "\n";
}

}  // namespace patchbay
