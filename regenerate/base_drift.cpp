#include "regenerate/base_drift.hpp"

#include <algorithm>

#include "regenerate/buffer_diff.hpp"

namespace patchbay {

namespace {

// A patch's change to the path: the state before it and after it.
struct Change {
    PathState before;
    PathState after;
};

std::optional<Change> change_of(const PathHistory& history, const std::string& patch) {
    // A pointer, not a copy per step: copying the optional states in the loop also set off
    // GCC 12's -Wmaybe-uninitialized false positive at -O3 (the package build's -Werror).
    const PathState* before = &history.pristine;
    for (const auto& step : history.steps) {
        if (step.patch == patch) return Change{*before, step.after};
        before = &step.after;
    }
    return std::nullopt;
}

// The removed and added lines of each hunk, without their places or context.
Result<std::vector<std::vector<HunkLine>>> changed_lines(const Change& change) {
    auto diff = diff_buffers(change.before->content.view(), change.after->content.view(),
                             DiffLayout{0, false});
    if (!diff) return diff.error();
    std::vector<std::vector<HunkLine>> hunks;
    for (auto& hunk : diff->hunks) {
        for (auto& line : hunk.lines) line.patch_line = 0;
        hunks.push_back(std::move(hunk.lines));
    }
    return hunks;
}

bool same_lines(const std::vector<std::vector<HunkLine>>& a,
                const std::vector<std::vector<HunkLine>>& b) {
    auto same_line = [](const HunkLine& x, const HunkLine& y) {
        return x.kind == y.kind && x.text == y.text;
    };
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [&](const auto& x, const auto& y) {
        return std::equal(x.begin(), x.end(), y.begin(), y.end(), same_line);
    });
}

// The same change, even when it was made to a file that differs elsewhere.
Result<bool> same_change(const Change& a, const Change& b) {
    if (a.before == b.before) return a.after == b.after;
    bool all_text = is_regular_file(a.before) && is_regular_file(a.after) &&
                    is_regular_file(b.before) && is_regular_file(b.after);
    if (!all_text || a.after->executable != b.after->executable) return false;
    auto lines_a = changed_lines(a);
    if (!lines_a) return lines_a.error();
    auto lines_b = changed_lines(b);
    if (!lines_b) return lines_b.error();
    return same_lines(*lines_a, *lines_b);
}

std::vector<std::string> patches_of(const PathHistory& now, const PathHistory& then) {
    std::vector<std::string> names;
    for (const auto& step : now.steps) names.push_back(step.patch);
    for (const auto& step : then.steps)
        if (std::find(names.begin(), names.end(), step.patch) == names.end())
            names.push_back(step.patch);
    return names;
}

}  // namespace

Result<PathHistory> series_history(const PristineSource& source, std::span<const AppliedStep> steps,
                                   const std::string& path) {
    auto pristine = source.lookup(path);
    if (!pristine) return pristine.error();
    PathHistory history{to_state(std::move(pristine).value()), {}};
    PathState last = history.pristine;
    for (const auto& step : steps) {
        auto found = step.changes.find(path);
        if (found == step.changes.end() || found->second == last) continue;
        last = found->second;
        history.steps.push_back({step.name, last});
    }
    return history;
}

Result<std::vector<std::string>> changed_patches(const PathHistory& then, const PathHistory& now) {
    std::vector<std::string> changed;
    if (then.pristine != now.pristine) changed.push_back("the upstream");
    for (const auto& patch : patches_of(now, then)) {
        auto old_change = change_of(then, patch), new_change = change_of(now, patch);
        if (!old_change || !new_change) {
            changed.push_back(patch);
            continue;
        }
        auto same = same_change(*old_change, *new_change);
        if (!same) return same.error();
        if (!*same) changed.push_back(patch);
    }
    return changed;
}

}  // namespace patchbay
