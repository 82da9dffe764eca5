#include "common/json_writer.hpp"
#include "tool/exit_status.hpp"
#include "tool/rebase_report_format.hpp"

namespace patchbay {

namespace {

void write_strings(JsonWriter& json, std::string_view name, const std::vector<std::string>& list) {
    json.key(name).begin_array();
    for (const auto& item : list) json.value(item);
    json.end_array();
}

void write_duplicates(JsonWriter& json, const PatchRebase& patch) {
    json.key("duplicates").begin_array();
    for (const auto& d : patch.duplicates)
        json.begin_object()
            .field("path", d.path)
            .field("hunk", d.hunk)
            .field("first", d.first)
            .field("last", d.last)
            .end_object();
    json.end_array();
}

void write_patch(JsonWriter& json, const PatchRebase& patch,
                 const std::optional<UpstreamCommit>& since) {
    json.begin_object().field("name", patch.name).field("outcome", to_string(patch.outcome));
    json.field("carried", carried(patch.outcome)).field("rewritten", patch.new_text.has_value());
    json.field("reason", patch.reason);
    write_strings(json, "conflicts", patch.conflicts);
    write_duplicates(json, patch);
    json.key("hunks")
        .begin_object()
        .field("looked_at", patch.share.hunks)
        .field("upstream", patch.share.upstream)
        .field("modified", patch.share.modified)
        .field("added_lines", patch.share.added)
        .field("added_present", patch.share.present)
        .field("fuzz", patch.share.fuzz);
    write_strings(json, "left", patch.share.left);
    json.end_object()
        .key("names")
        .begin_object()
        .field("introduced", patch.names.introduced)
        .field("present", patch.names.present)
        .field("removed", patch.names.removed)
        .field("lingering", patch.names.lingering)
        .field("upstream_by_names", patch.upstream_by_names)
        .end_object();
    json.key("moved").begin_object();
    for (const auto& [from, to] : patch.moved) json.field(from, to);
    json.end_object();
    write_strings(json, "evidence", patch.evidence);
    json.field("needs_person", needs_person(patch));
    json.field("skip_not_upstream", patch.skip_not_upstream).key("upstream_commit");
    if (since)
        json.begin_object().field("id", since->id).field("subject", since->subject).end_object();
    else
        json.null();
    json.end_object();
}

void write_worktree(JsonWriter& json, const RebaseReport& report) {
    json.key("worktree");
    if (!report.worktree) {
        json.null();
        return;
    }
    json.begin_object().field("dir", report.worktree->dir).key("pending");
    if (report.worktree->pending.empty())
        json.null();
    else
        json.value(report.worktree->pending);
    write_strings(json, "conflict_files", report.worktree->files);
    write_strings(json, "without_markers", report.worktree->unmarked);
    json.end_object();
}

void write_markers(JsonWriter& json, const RebaseReport& report) {
    json.key("markers_left").begin_array();
    for (const auto& marker : report.markers)
        json.begin_object()
            .field("patch", report.pending_name)
            .field("file", marker.path)
            .field("line", marker.line)
            .field("text", marker.text)
            .end_object();
    json.end_array();
}

}  // namespace

std::string render_json(const RebaseReport& report) {
    JsonWriter json;
    json.begin_object().field("command", "rebase").field("from", report.from);
    json.field("onto", report.onto).field("continued", report.continued);
    json.key("patches").begin_array();
    for (std::size_t i = 0; i < report.rebase.patches.size(); ++i)
        write_patch(json, report.rebase.patches[i], report.since[i]);
    json.end_array();
    write_worktree(json, report);
    json.field("resolve_with", report.resolve_with);
    write_markers(json, report);
    if (report.written)
        write_strings(json, "written", *report.written);
    else
        json.key("written").null();
    write_strings(json, "upstreamed", report.upstreamed);
    json.field("exit_status", exit_status_of(report)).end_object();
    return json.str() + "\n";
}

}  // namespace patchbay
