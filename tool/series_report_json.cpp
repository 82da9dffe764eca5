#include "common/json_writer.hpp"
#include "tool/series_report_format.hpp"

namespace patchbay {

namespace {

void write_upstream(JsonWriter& json, const SourceDescription& upstream) {
    json.key("upstream").begin_object();
    json.field("path", upstream.path).field("rev", upstream.rev);
    json.field("commit", upstream.commit).field("directory", upstream.directory);
    json.key("notes").begin_array();
    for (const auto& note : upstream.notes) json.value(note);
    json.end_array().end_object();
}

void write_hunk(JsonWriter& json, const HunkOutcome& hunk) {
    json.begin_object().field("n", hunk.n).field("status", to_string(hunk.status));
    json.field("line", hunk.line).field("offset", hunk.offset).field("fuzz", hunk.fuzz);
    json.end_object();
}

void write_file(JsonWriter& json, const FileReport& file) {
    json.begin_object().field("path", file.path).field("old_path", file.old_path);
    json.field("op", to_string(file.op)).key("hunks").begin_array();
    for (const auto& hunk : file.hunks) write_hunk(json, hunk);
    json.end_array().end_object();
}

void write_problem(JsonWriter& json, const Problem& problem) {
    json.begin_object().field("kind", to_string(problem.kind)).field("message", problem.message);
    json.field("file", problem.file).field("line", problem.line);
    json.field("severity", to_string(problem.severity)).key("details").begin_array();
    for (const auto& detail : problem.details) json.value(detail);
    json.end_array().end_object();
}

void write_patch(JsonWriter& json, const PatchReport& patch) {
    json.begin_object().field("name", patch.name).field("status", to_string(patch.status));
    json.field("reason", patch.reason).field("series_line", patch.series_line);
    json.field("strip", patch.strip).key("files").begin_array();
    for (const auto& file : patch.files) write_file(json, file);
    json.end_array().key("problems").begin_array();
    for (const auto& problem : patch.problems) write_problem(json, problem);
    json.end_array().end_object();
}

void write_totals(JsonWriter& json, const Totals& t, int disabled) {
    json.key("totals").begin_object();
    json.field("entries", t.entries).field("applied", t.applied).field("skipped", t.skipped);
    json.field("rejected", t.rejected).field("failed", t.failed).field("hunks", t.hunks);
    json.field("exact", t.exact).field("offset", t.offset).field("fuzz", t.fuzz);
    json.field("rejected_hunks", t.rejected_hunks).field("already_applied", t.already_applied);
    json.field("disabled", disabled).end_object();
}

void write_integrity(JsonWriter& json, const SeriesReport& report) {
    json.key("integrity").begin_array();
    for (const auto& verdict : report.integrity())
        json.begin_object()
            .field("check", verdict.check)
            .field("problems", verdict.problems)
            .field("failures", verdict.failures)
            .end_object();
    json.end_array();
}

}  // namespace

std::string render_json(const SeriesReport& report) {
    JsonWriter json;
    json.begin_object().field("version", 1);
    write_upstream(json, report.upstream);
    json.key("series").value(report.series_file);
    json.key("policy").begin_object().field("fuzz", report.fuzz).field("strip", report.strip);
    json.field("strict", report.strict).end_object();
    json.key("patches").begin_array();
    for (const auto& patch : report.patches) write_patch(json, patch);
    json.end_array().key("problems").begin_array();
    for (const auto& problem : report.series_problems) write_problem(json, problem);
    json.end_array();
    write_totals(json, report.totals(), report.disabled);
    write_integrity(json, report);
    json.field("ok", !report.is_negative() && !report.has_failed_patch());
    json.end_object();
    return json.str() + "\n";
}

}  // namespace patchbay
