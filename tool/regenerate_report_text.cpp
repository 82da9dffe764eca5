#include "tool/regenerate_report_text.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "regenerate/buffer_diff.hpp"
#include "tool/counted.hpp"
#include "tool/series_report_format.hpp"

namespace patchbay {

namespace {

int hunk_count(const PatchFile& patch) {
    int n = 0;
    for (const auto& file : patch.files) n += static_cast<int>(file.hunks.size());
    return n;
}

// "new-file hunk 239 → 242 lines" for each new file whose one hunk changed length.
std::vector<std::string> new_file_changes(const PatchFile& old, const PatchFile& now) {
    std::vector<std::string> parts;
    for (const auto& file : now.files) {
        if (file.op != FileOp::create || file.hunks.size() != 1) continue;
        for (const auto& before : old.files)
            if (before.op == FileOp::create && before.new_name == file.new_name &&
                before.hunks.size() == 1 && before.hunks[0].new_count != file.hunks[0].new_count)
                parts.push_back(fmt::format("new-file hunk {} → {} lines",
                                            before.hunks[0].new_count, file.hunks[0].new_count));
    }
    return parts;
}

std::vector<std::string> later_parts(const SeriesDelta& delta) {
    std::vector<std::string> parts;
    if (delta.now_offset)
        parts.push_back(counted(delta.now_offset, "later hunk") + " now at an offset");
    if (delta.now_fuzz) parts.push_back(counted(delta.now_fuzz, "later hunk") + " now with fuzz");
    if (delta.now_rejected)
        parts.push_back(counted(delta.now_rejected, "later hunk") + " now rejected");
    if (delta.empty()) parts.push_back("later patches unchanged");
    return parts;
}

std::string summary(const std::string& verb, const Regeneration& regen,
                    const std::vector<std::string>& extra) {
    std::string text = fmt::format("{} {} ({}, {}", verb, regen.label,
                                   counted(static_cast<int>(regen.new_patch.files.size()), "file"),
                                   counted(hunk_count(regen.new_patch), "hunk"));
    std::vector<std::string> parts = new_file_changes(regen.old_patch, regen.new_patch);
    parts.insert(parts.end(), extra.begin(), extra.end());
    for (const auto& part : parts) text += "; " + part;
    return text + ")\n";
}

// Each path whose worktree base moved: merged onto the series as it is now, and said so.
std::string rebased_lines(const Regeneration& regen) {
    std::string out;
    for (const auto& path : regen.rebased)
        out += fmt::format(
            "rebased the worktree's edit of {} onto the series as it is now (changed since the "
            "worktree was made: {})\n",
            path.path, fmt::join(path.changed_by, ", "));
    return out;
}

// The worktree's changes that the patch does not take, named with the way to take them.
std::string left_out_lines(const Regeneration& regen) {
    if (regen.left_out.empty()) return {};
    return fmt::format(
        "left out: {} (changed in the worktree; {} does not touch them: pass --add-files to add "
        "them)\n",
        fmt::join(regen.left_out, ", "), regen.label);
}

// Only the rows of the check-series table that changed, with what they were.
std::string delta_rows(const SeriesDelta& delta) {
    std::string out;
    for (const auto& patch : delta.patches)
        out +=
            fmt::format("  {}  {} (was {}){}\n", patch.patch, to_string(patch.after),
                        to_string(patch.before), patch.reason.empty() ? "" : ": " + patch.reason);
    for (const auto& hunk : delta.hunks)
        out += fmt::format("  {}  {}  hunk #{} {} (was: {})\n", hunk.patch, hunk.path, hunk.after.n,
                           describe_hunk(hunk.after), describe_hunk(hunk.before));
    return out;
}

}  // namespace

Result<std::string> render_text(const RegenerateResult& result) {
    const Regeneration& regen = result.regeneration;
    switch (result.outcome) {
        case RegenerateOutcome::up_to_date: {
            const char* verb = result.checked ? "up to date:" : "unchanged:";
            return rebased_lines(regen) + left_out_lines(regen) + summary(verb, regen, {});
        }
        case RegenerateOutcome::stale: {
            auto diff = unified_diff(regen.old_text, regen.new_text, regen.label, regen.label);
            if (!diff) return diff.error();
            return *diff + rebased_lines(regen) + left_out_lines(regen) +
                   summary("stale:", regen, {});
        }
        case RegenerateOutcome::written:
        case RegenerateOutcome::written_breaking_later:
            break;
    }
    const SeriesDelta& later = *result.later;
    return rebased_lines(regen) + left_out_lines(regen) +
           summary("wrote", regen, later_parts(later)) + delta_rows(later);
}

}  // namespace patchbay
