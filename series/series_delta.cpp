#include "series/series_delta.hpp"

#include <algorithm>

namespace patchbay {

namespace {

bool same(const HunkOutcome& a, const HunkOutcome& b) {
    return a.status == b.status && a.line == b.line && a.offset == b.offset && a.fuzz == b.fuzz;
}

void count(SeriesDelta& delta, const HunkOutcome& after) {
    if (after.status == HunkStatus::offset) ++delta.now_offset;
    if (after.status == HunkStatus::fuzz) ++delta.now_fuzz;
    if (after.status == HunkStatus::rejected) ++delta.now_rejected;
}

void compare_files(SeriesDelta& delta, const PatchReport& before, const PatchReport& after) {
    for (const auto& file : after.files) {
        auto old_file = std::find_if(before.files.begin(), before.files.end(),
                                     [&](const FileReport& f) { return f.path == file.path; });
        for (std::size_t i = 0; i < file.hunks.size(); ++i) {
            bool known = old_file != before.files.end() && i < old_file->hunks.size();
            HunkOutcome old_hunk = known ? old_file->hunks[i] : HunkOutcome{};
            if (known && same(old_hunk, file.hunks[i])) continue;
            delta.hunks.push_back({after.name, file.path, old_hunk, file.hunks[i]});
            count(delta, file.hunks[i]);
        }
    }
}

void compare_patch(SeriesDelta& delta, const PatchReport& before, const PatchReport& after) {
    if (before.status != after.status) {
        delta.patches.push_back({after.name, before.status, after.status, after.reason});
        bool applies = after.status == PatchStatus::applied || after.status == PatchStatus::skipped;
        if (before.status == PatchStatus::applied && !applies) delta.newly_broken = true;
    }
    compare_files(delta, before, after);
}

}  // namespace

SeriesDelta later_changes(const SeriesReport& before, const SeriesReport& after,
                          const std::string& name) {
    SeriesDelta delta;
    bool later = false;
    std::size_t n = std::min(before.patches.size(), after.patches.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (later) compare_patch(delta, before.patches[i], after.patches[i]);
        if (after.patches[i].name == name) later = true;
    }
    return delta;
}

}  // namespace patchbay
