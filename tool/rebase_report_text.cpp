#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "common/elide.hpp"
#include "rebase/upstreamed_entries.hpp"
#include "tool/rebase_report_format.hpp"

namespace patchbay {

namespace {

std::string short_id(const std::string& id) {
    return id.substr(0, 12);
}

std::string duplicate_lines(const PatchRebase& patch) {
    std::string out;
    for (const auto& d : patch.duplicates)
        out += fmt::format(
            "      duplicates upstream: {}:{}-{} already has the lines hunk #{} "
            "adds\n",
            elide(d.path, kElidePathLimit), d.first, d.last, d.hunk);
    return out;
}

std::string skip_proposal(const PatchRebase& patch, const std::optional<UpstreamCommit>& since) {
    return fmt::format("      skip it: {{ patch = \"{}\", reason = \"{}\" }}\n", elide(patch.name),
                       elide(upstream_reason(patch, since), kElideMessageLimit));
}

// Which hunks a person is left with, when the others were carried or are upstream.
std::string hunks_left(const HunkShare& share) {
    if (share.hunks == 0 || share.left.empty()) return "";
    const auto carried = share.hunks - static_cast<int>(share.left.size()) - share.upstream;
    return fmt::format(" (hunks left: {}; of the other {} of {}: {} already upstream, {} carried)",
                       fmt::join(share.left, ", "), share.hunks - share.left.size(), share.hunks,
                       share.upstream, carried);
}

std::string outcome_detail(const PatchRebase& patch) {
    switch (patch.outcome) {
        case RebaseOutcome::conflict:
            return fmt::format(": {} need{} a person{}", fmt::join(patch.conflicts, ", "),
                               patch.conflicts.size() == 1 ? "s" : "", hunks_left(patch.share));
        case RebaseOutcome::already_upstream:
            return modified_detail(patch);
        case RebaseOutcome::partly_upstream:
            if (patch.share.hunks == 0) return "";
            return fmt::format(": {} of {} hunks upstream{}", patch.share.upstream,
                               patch.share.hunks, modified_detail(patch));
        case RebaseOutcome::skipped:
            return patch.skip_not_upstream ? ": its change is not upstream (skip rule: " +
                                                 elide(patch.reason, kElideMessageLimit) + ")"
                                           : ": still upstream";
        case RebaseOutcome::not_applying:
        case RebaseOutcome::failed:
            return ": " + elide(patch.reason, kElideMessageLimit);
        default:
            return "";
    }
}

// The line of one patch, and what follows it.
std::string patch_lines(const PatchRebase& patch, const std::optional<UpstreamCommit>& since,
                        std::size_t name_width) {
    std::string line =
        fmt::format("  {:<{}}  {}", elide(patch.name), name_width, to_string(patch.outcome));
    if (patch.new_text) line += " (rewritten)";
    line += outcome_detail(patch);
    if (patch.outcome == RebaseOutcome::already_upstream && since)
        line += fmt::format(" since {} \"{}\"", short_id(since->id), since->subject);
    line.append("\n").append(duplicate_lines(patch));  // not "\n" + temporary: GCC bug 105329
    for (const auto& [from, to] : patch.moved)
        line += fmt::format("      followed {} to {} (moved upstream)\n",
                            elide(from, kElidePathLimit), elide(to, kElidePathLimit));
    for (const auto& evidence : patch.evidence)
        line += fmt::format("      evidence: {}\n", elide(evidence, kElideMessageLimit));
    if (patch.outcome == RebaseOutcome::already_upstream) line += skip_proposal(patch, since);
    return line;
}

std::string totals(const SeriesRebase& rebase) {
    int carried_count = 0, person = 0, upstream = 0, resolved = 0;
    for (const auto& patch : rebase.patches) {
        bool by_person = patch.outcome == RebaseOutcome::resolved;
        resolved += by_person;
        carried_count += carried(patch.outcome) && !by_person && patch.duplicates.empty();
        upstream += patch.outcome == RebaseOutcome::already_upstream;
        person += needs_person(patch);
    }
    std::string by_person = resolved ? fmt::format(", {} resolved by a person", resolved) : "";
    return fmt::format(
        "result: {} of {} patches carried without a person{}, {} already upstream, {} need a "
        "person\n",
        carried_count, rebase.patches.size(), by_person, upstream, person);
}

std::string worktree_lines(const RebaseReport& report) {
    const auto& worktree = report.worktree;
    if (!worktree && report.rebase.first_conflict)
        return fmt::format("to resolve the conflicts in a worktree: {}\n", report.resolve_with);
    if (!worktree) return "";
    if (worktree->pending.empty())
        return fmt::format("worktree {}: the whole series is carried, one commit a patch\n",
                           worktree->dir);
    std::string unmarked;
    if (!worktree->unmarked.empty())
        unmarked = fmt::format(
            "  without markers: {} (deleted on one side, a symlink or a binary): {} has the new "
            "upstream's side; the patch's change there is yours to make\n",
            fmt::join(worktree->unmarked, ", "), worktree->dir);
    return fmt::format(
        "worktree {}: {} stopped the rebase; its files are there, uncommitted, {} with conflict "
        "markers; the patches before it are committed\n{}"
        "resolve them (edit, remove the markers, commit or not), then: {}\n",
        worktree->dir, worktree->pending, fmt::join(worktree->files, ", "), unmarked,
        report.resolve_with);
}

// What --write did with the patches already upstream.
std::string upstreamed_line(const RebaseReport& report) {
    if (report.upstreamed.empty()) return "";
    const char* done =
        "left the series file (the files are kept: delete them, or use "
        "--drop-upstreamed)";
    if (report.upstreamed_policy == UpstreamedPolicy::drop)
        done = "left the series file, their files deleted";
    if (report.upstreamed_policy == UpstreamedPolicy::keep)
        done = "stay listed, each with a skip rule in patchbay.toml";
    return fmt::format("already upstream: {} {}\n", fmt::join(report.upstreamed, ", "), done);
}

std::string write_line(const RebaseReport& report) {
    const auto& rebase = report.rebase;
    if (report.written)
        return fmt::format("wrote {} patch{}{}{}; {}: rev = \"{}\"\n{}", report.written->size(),
                           report.written->size() == 1 ? "" : "es",
                           report.written->empty() ? "" : ": ", fmt::join(*report.written, ", "),
                           report.config_name, report.onto_rev, upstreamed_line(report));
    if (report.write_asked && rebase.first_conflict)
        return fmt::format(
            "nothing written: {} still conflicts; --write writes once every conflict is "
            "resolved\n",
            rebase.patches[*rebase.first_conflict].name);
    int rewrites = 0;
    for (const auto& patch : rebase.patches) rewrites += patch.new_text.has_value();
    return fmt::format("nothing written; --write rewrites {} patch{} and the target revision\n",
                       rewrites, rewrites == 1 ? "" : "es");
}

std::string markers_text(const RebaseReport& report) {
    std::string out = fmt::format(
        "{}: conflict markers are left in its files; remove them, then run the command again:\n",
        report.pending_name);
    for (const auto& marker : report.markers)
        out += fmt::format("  {}/{}:{}: {}\n", report.worktree->dir,
                           elide(marker.path, kElidePathLimit), marker.line, elide(marker.text));
    return out + "nothing written\n";
}

}  // namespace

std::string render_text(const RebaseReport& report) {
    std::string text =
        fmt::format("rebase from {} onto {}{}\n", report.from, report.onto,
                    report.continued ? ", continued in " + report.worktree->dir : std::string());
    if (!report.markers.empty()) return text + markers_text(report);
    std::size_t width = 0;
    for (const auto& patch : report.rebase.patches)
        width = std::max(width, elide(patch.name).size());
    for (std::size_t i = 0; i < report.rebase.patches.size(); ++i)
        text += patch_lines(report.rebase.patches[i], report.since[i], width);
    return text + totals(report.rebase) + worktree_lines(report) + write_line(report);
}

}  // namespace patchbay
