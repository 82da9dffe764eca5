#include "rebase/series_rebase.hpp"

#include <fcntl.h>

#include <fmt/format.h>

#include <algorithm>

#include "common/read_file.hpp"
#include "common/text_diff.hpp"
#include "common/text_lines.hpp"
#include "patches/diff_parser.hpp"
#include "rebase/sibling_presence.hpp"
#include "regenerate/patch_rewrite.hpp"
#include "regenerate/state_merge.hpp"
#include "series/patch_applier.hpp"
#include "series/project_folder.hpp"

namespace patchbay {

namespace {

// The worst thing the hunks needed: fuzz over offset over nothing.
RebaseOutcome placement_of(const AppliedPatch& applied) {
    auto outcome = RebaseOutcome::applies;
    for (const auto& file : applied.report.files)
        for (const auto& hunk : file.hunks) {
            if (hunk.status == HunkStatus::fuzz) return RebaseOutcome::fuzz;
            if (hunk.status == HunkStatus::offset) outcome = RebaseOutcome::offset;
        }
    return outcome;
}

// One path of a patch that did not apply: its three sides, in the new upstream at `target`.
struct PathMerge {
    std::string target;               // the path in the new upstream (a moved file's new path)
    PathState base;                   // the old upstream's, before the patch
    PathState theirs;                 // the same, after it
    PathState ours;                   // the new upstream's
    std::optional<PathState> merged;  // the whole file merged, when that is clean
    std::optional<FileCarry> carry;   // else, hunk by hunk (a text on all sides)
    // Else, for a file upstream deleted: the file of its folder that took the change.
    std::optional<SiblingPresence> sibling;
};

bool executable_of(const PathMerge& path) {
    return path.theirs->executable != (path.base ? path.base->executable : false)
               ? path.theirs->executable
               : path.ours->executable;
}

// The new upstream's file with the carried hunks.
PathState carried_state(const PathMerge& path) {
    return FileState{path.carry->text, executable_of(path), false};
}

std::string_view text_of(const PathState& state) {
    return is_regular_file(state) ? state->content.view() : std::string_view();
}

// The base of a hunk-by-hunk carry: a file both sides created merges from nothing.
PathState base_text(const PathMerge& path) {
    return path.base ? path.base : PathState(FileState{});
}

// The patch's side of what is left: the old file with the conflicting hunks only.
PathState left_state(const PathMerge& path) {
    return FileState{path.carry->left, path.theirs->executable, false};
}

class Rebaser {
  public:
    Rebaser(const SeriesPlan& plan, const PristineSource& old_upstream,
            const PristineSource& new_upstream, const RebaseOptions& options)
        : plan_(plan),
          old_upstream_(old_upstream),
          new_upstream_(new_upstream),
          options_(options),
          old_state_(old_upstream),
          new_state_(new_upstream) {}

    Result<SeriesRebase> run();

  private:
    Status rebase_entry(const SeriesEntry& entry, const PatchReport& old_report);
    Status load(const SeriesEntry& entry, PatchRebase& patch, PatchFile& applied_form);
    Status carry_applied(AppliedPatch applied, PatchRebase& patch);
    Status carry_merged(const TreeChanges& old_change, PatchRebase& patch);
    Status carry_changes(TreeChanges changes, RebaseOutcome outcome, PatchRebase& patch);
    Status attempt_of(const std::vector<PathMerge>& paths, PatchRebase& patch) const;
    std::string followed_path(const std::string& path, const PathState& base) const;
    Result<PathMerge> path_merge(const std::string& path, const PathState& base,
                                 const PathState& theirs) const;
    Result<std::vector<std::string>> folder_files(const std::string& path) const;
    Status find_moved_hunks(PathMerge& merge) const;
    Result<std::vector<std::pair<std::string, std::string>>> neighbour_texts(
        const std::string& path) const;
    Result<std::optional<SiblingPresence>> sibling_of(const std::string& path,
                                                      const PathState& base,
                                                      const PathState& theirs) const;
    void count_hunks(const PathMerge& path, HunkShare& share) const;
    void record(const PathMerge& merge, PatchRebase& patch, TreeChanges& merged) const;
    const TreeChanges* resolution_of(const std::string& name) const;
    void note_conflict();
    Status rewrite(const TreeChanges& changes, PatchRebase& patch) const;
    Status check_duplicates(PatchRebase& patch) const;
    void check_skip(const PatchFile& form, PatchRebase& patch);
    TreeChanges states_before(const TreeState& state, const TreeChanges& changes) const;
    void carry(const std::string& name, TreeChanges changes);

    const SeriesPlan& plan_;
    const PristineSource& old_upstream_;
    const PristineSource& new_upstream_;
    const RebaseOptions& options_;
    TreeState old_state_;
    TreeState new_state_;
    SeriesRun old_run_;
    std::size_t old_step_ = 0;
    SeriesRebase result_;
};

TreeChanges Rebaser::states_before(const TreeState& state, const TreeChanges& changes) const {
    TreeChanges before;
    for (const auto& [path, after] : changes) {
        auto entry = state.lookup(path);
        before.emplace(path, entry ? to_state(std::move(entry).value()) : std::nullopt);
    }
    return before;
}

void Rebaser::carry(const std::string& name, TreeChanges changes) {
    new_state_.apply(changes);
    result_.steps.push_back({name, std::move(changes)});
}

// The patch text for the new upstream: `changes` over the new state as it is before them.
Status Rebaser::rewrite(const TreeChanges& changes, PatchRebase& patch) const {
    std::vector<PathChange> paths;
    for (const auto& [path, after] : changes) {
        auto entry = new_state_.lookup(path);
        if (!entry) return entry.error();
        paths.push_back({path, to_state(std::move(entry).value()), after});
    }
    auto rewritten =
        rewrite_patch(*patch.parsed, patch.old_text, patch.strip, paths, KeepRule::exact);
    if (!rewritten) return rewritten.error();
    if (rewritten->text != patch.old_text) patch.new_text = std::move(rewritten->text);
    patch.rebuilt = std::move(rewritten->patch);
    return Ok{};
}

// On the sections as they will be: a merge may already have folded an added line into the
// same line upstream added.
Status Rebaser::check_duplicates(PatchRebase& patch) const {
    const PatchFile& sections = patch.rebuilt ? *patch.rebuilt : *patch.parsed;
    auto found = duplicated_lines(sections, patch.strip, old_upstream_, new_upstream_);
    if (!found) return found.error();
    patch.duplicates = std::move(*found);
    return Ok{};
}

Status Rebaser::carry_applied(AppliedPatch applied, PatchRebase& patch) {
    auto presence = presence_of(applied);
    if (presence == Presence::all) {
        patch.outcome = RebaseOutcome::already_upstream;
        return Ok{};
    }
    patch.outcome =
        presence == Presence::partial ? RebaseOutcome::partly_upstream : placement_of(applied);
    if (patch.outcome != RebaseOutcome::applies)
        if (auto written = rewrite(applied.changes, patch); !written) return written;
    if (auto checked = check_duplicates(patch); !checked) return checked;
    carry(patch.name, std::move(applied.changes));
    return Ok{};
}

// What a person is given for a conflict: every path of the patch, merged or with markers; a
// path carried hunk by hunk has markers only around the hunks left.
Status Rebaser::attempt_of(const std::vector<PathMerge>& paths, PatchRebase& patch) const {
    MergeLabels labels{options_.new_label, patch.name, options_.old_label};
    for (const auto& path : paths) {
        Result<PathState> state =
            path.carry
                ? conflict_state(base_text(path), carried_state(path), left_state(path), labels)
                : conflict_state(path.base, path.ours, path.theirs, labels);
        if (!state) return state.error();
        bool conflicting = std::find(patch.conflicts.begin(), patch.conflicts.end(), path.target) !=
                           patch.conflicts.end();
        if (conflicting && *state == path.ours) patch.unmarked.push_back(path.target);
        patch.attempt.emplace(path.target, std::move(*state));
    }
    return Ok{};
}

// Carries `changes` as the patch's new change, unless the new state has them all already.
Status Rebaser::carry_changes(TreeChanges changes, RebaseOutcome outcome, PatchRebase& patch) {
    bool changes_nothing = std::all_of(changes.begin(), changes.end(), [&](const auto& change) {
        return new_state_.holds(change.first, change.second);
    });
    patch.outcome = changes_nothing ? RebaseOutcome::already_upstream : outcome;
    if (changes_nothing) return Ok{};
    if (auto written = rewrite(changes, patch); !written) return written;
    if (auto checked = check_duplicates(patch); !checked) return checked;
    carry(patch.name, std::move(changes));
    return Ok{};
}

// Where the new upstream has `path`: there, or where upstream's history moved it (git's rename
// detection) when it is gone and the patch changed a file there.
std::string Rebaser::followed_path(const std::string& path, const PathState& base) const {
    if (!is_regular_file(base) || new_state_.holds(path, base)) return path;
    auto entry = new_state_.lookup(path);
    if (!entry || entry->kind != TreeEntry::Kind::absent) return path;
    auto move = new_state_.pristine_move(path);
    if (!move || move->steps.empty()) return path;
    const auto& to = move->steps.back().new_path;
    if (to.empty() || to.front() == '/') return path;
    auto there = new_state_.lookup(to);
    return there && there->kind == TreeEntry::Kind::file ? to : path;
}

// One path of the patch: the three sides, and the merge of the patch's change onto the new one.
Result<PathMerge> Rebaser::path_merge(const std::string& path, const PathState& base,
                                      const PathState& theirs) const {
    PathMerge merge{followed_path(path, base), base, theirs, std::nullopt, std::nullopt, {}, {}};
    auto ours = new_state_.lookup(merge.target);
    if (!ours) return ours.error();
    merge.ours = to_state(std::move(ours).value());
    auto state = merge_states(base, merge.ours, theirs);
    if (!state) return state.error();
    merge.merged = std::move(*state);
    if (!merge.merged && !merge.ours && is_regular_file(base) && is_regular_file(theirs)) {
        auto sibling = sibling_of(path, base, theirs);
        if (!sibling) return sibling.error();
        merge.sibling = std::move(*sibling);
        return merge;
    }
    if (merge.merged || !is_regular_file(merge.ours) || !is_regular_file(theirs) ||
        (base && !is_regular_file(base)))
        return merge;
    // A file both sides created merges from nothing.
    auto carry = carry_hunks(base ? base->content.view() : std::string_view(),
                             theirs->content.view(), merge.ours->content.view());
    if (!carry) return carry.error();
    merge.carry = std::move(*carry);
    if (merge.carry->conflicts())
        if (auto found = find_moved_hunks(merge); !found) return found.error();
    return merge;
}

// The new upstream's other files in the folder of `path`.
Result<std::vector<std::string>> Rebaser::folder_files(const std::string& path) const {
    auto files = new_upstream_.list_files();
    if (!files) return files.error();
    const auto folder = path.substr(0, path.rfind('/') + 1);
    std::vector<std::string> candidates;
    for (auto& file : *files)
        if (file != path && file.starts_with(folder) &&
            file.find('/', folder.size()) == std::string::npos)
            candidates.push_back(std::move(file));
    return candidates;
}

// Upstream's own files, not the state with the series: an earlier patch is not upstream.
TextOf text_in(const PristineSource& source) {
    return [&source](const std::string& file) {
        auto entry = source.lookup(file);
        return entry && entry->kind == TreeEntry::Kind::file ? entry->content.str() : std::string();
    };
}

// Where upstream took the change to `path`, a file it deleted: another file of its folder.
Result<std::optional<SiblingPresence>> Rebaser::sibling_of(const std::string& path,
                                                           const PathState& base,
                                                           const PathState& theirs) const {
    auto candidates = folder_files(path);
    if (!candidates) return candidates.error();
    return sibling_presence(base->content.view(), theirs->content.view(), *candidates,
                            text_in(old_upstream_), text_in(new_upstream_));
}

// The conflicting hunks upstream wrote as they are into another file of the folder: upstream's,
// not a person's (rebase/upstream_presence.hpp: inserted_runs).
Status Rebaser::find_moved_hunks(PathMerge& merge) const {
    const auto theirs = text_of(merge.theirs);
    auto edits = line_edits(text_of(merge.base), theirs);
    if (!edits) return edits.error();
    const auto hunks = change_hunks(*edits);
    const auto theirs_lines = split_lines(theirs);
    const auto old_text = text_in(old_upstream_);
    std::optional<std::vector<std::pair<std::string, std::string>>> neighbours;
    for (std::size_t i = 0; i < hunks.size() && i < merge.carry->hunks.size(); ++i) {
        auto& carried = merge.carry->hunks[i];
        const auto runs =
            carried.fate == HunkFate::conflict ? inserted_runs(hunks[i], theirs_lines) : LineRuns{};
        if (runs.empty()) continue;
        if (!neighbours) {
            auto loaded = neighbour_texts(merge.target);
            if (!loaded) return loaded.error();
            neighbours = std::move(*loaded);
        }
        for (const auto& [file, new_text] : *neighbours)
            if (all_runs_in(runs, new_text) && !any_run_in(runs, old_text(file))) {
                carried.fate = HunkFate::upstream;
                break;
            }
    }
    return Ok{};
}

// The new upstream's other files of the folder of `path`, with their texts.
Result<std::vector<std::pair<std::string, std::string>>> Rebaser::neighbour_texts(
    const std::string& path) const {
    auto files = folder_files(path);
    if (!files) return files.error();
    const auto new_text = text_in(new_upstream_);
    std::vector<std::pair<std::string, std::string>> texts;
    for (auto& file : *files) {
        auto text = new_text(file);
        texts.emplace_back(std::move(file), std::move(text));
    }
    return texts;
}

void Rebaser::count_hunks(const PathMerge& path, HunkShare& share) const {
    for (const auto& hunk : path.carry->hunks) {
        ++share.hunks;
        share.fuzz += hunk.fate == HunkFate::fuzz;
        if (hunk.fate == HunkFate::conflict)
            share.left.push_back(fmt::format("{}:{}", path.target, hunk.line));
        if (hunk.fate != HunkFate::upstream) continue;
        ++share.upstream;
        if (hunk.verdict.presence != HunkPresence::modified) continue;
        ++share.modified;
        share.added += hunk.verdict.added;
        share.present += hunk.verdict.present;
    }
}

// What one path's merge makes of the patch: its merged state, or its conflict.
void Rebaser::record(const PathMerge& merge, PatchRebase& patch, TreeChanges& merged) const {
    if (merge.merged) {
        merged.emplace(merge.target, *merge.merged);
        return;
    }
    if (merge.sibling) {
        patch.share.hunks += merge.sibling->hunks;
        patch.share.upstream += merge.sibling->hunks;
        return;
    }
    if (!merge.carry) {
        patch.conflicts.push_back(merge.target);
        return;
    }
    count_hunks(merge, patch.share);
    if (!merge.ours || merge.carry->text != merge.ours->content.view())
        merged.emplace(merge.target, carried_state(merge));
    if (merge.carry->conflicts()) patch.conflicts.push_back(merge.target);
}

// Upstream has every hunk of the patch that a file of its still holds, and deleted the files of
// the others (vLLM's V0 backends): nothing is left to carry.
bool upstream_but_deleted(const std::vector<PathMerge>& paths, const PatchRebase& patch) {
    if (patch.share.upstream == 0 || !patch.share.left.empty()) return false;
    return std::all_of(paths.begin(), paths.end(), [&](const PathMerge& path) {
        bool conflicting = std::find(patch.conflicts.begin(), patch.conflicts.end(), path.target) !=
                           patch.conflicts.end();
        return !conflicting || (!path.ours && !path.carry && !path.sibling);
    });
}

// A conflicting patch upstream took all the same: by the names it brings in and takes out
// (only a patch with a hunk found can be; the others are not counted), or but for files
// upstream deleted.
bool upstream_after_all(const std::vector<PathMerge>& paths, PatchRebase& patch) {
    if (patch.share.upstream > 0) {
        std::vector<FileTexts> files;
        for (const auto& path : paths)
            if (!path.sibling)
                files.push_back({text_of(path.base), text_of(path.theirs), text_of(path.ours)});
        patch.names = count_names(files);
    }
    patch.upstream_by_names = upstream_by_names(patch.share.upstream, patch.names);
    return patch.upstream_by_names || upstream_but_deleted(paths, patch);
}

// A patch merged without conflict: partly upstream, carried with fuzz, or merged.
RebaseOutcome outcome_of(const PatchRebase& patch) {
    if (patch.share.upstream > 0) return RebaseOutcome::partly_upstream;
    return patch.share.fuzz > 0 ? RebaseOutcome::fuzz : RebaseOutcome::merged;
}

// Each path the patch changed on the old upstream, merged onto the new state: as a whole, as
// git does, else hunk by hunk (rebase/hunk_carry.hpp).
Status Rebaser::carry_merged(const TreeChanges& old_change, PatchRebase& patch) {
    auto old_before = states_before(old_state_, old_change);
    TreeChanges merged;
    std::vector<PathMerge> paths;
    for (const auto& [path, theirs] : old_change) {
        auto merge = path_merge(path, old_before[path], theirs);
        if (!merge) return merge.error();
        if (merge->target != path) patch.moved.emplace(path, merge->target);
        record(*merge, patch, merged);
        paths.push_back(std::move(*merge));
    }
    if (patch.conflicts.empty()) return carry_changes(std::move(merged), outcome_of(patch), patch);
    if (upstream_after_all(paths, patch)) {
        patch.outcome = RebaseOutcome::already_upstream;
        return Ok{};
    }
    patch.outcome = RebaseOutcome::conflict;
    note_conflict();
    return attempt_of(paths, patch);
}

void Rebaser::note_conflict() {
    if (result_.first_conflict) return;
    result_.first_conflict = result_.patches.size();
    result_.steps_before_conflict = result_.steps.size();
}

const TreeChanges* Rebaser::resolution_of(const std::string& name) const {
    if (!options_.resolutions) return nullptr;
    auto found = options_.resolutions->find(name);
    return found == options_.resolutions->end() ? nullptr : &found->second;
}

Status Rebaser::load(const SeriesEntry& entry, PatchRebase& patch, PatchFile& applied_form) {
    auto label = patch_label(plan_, entry.name);
    const auto path = plan_.patches_dir / entry.name;
    if (auto inside = readable_in_project(plan_.project, AT_FDCWD, path.c_str(), label); !inside)
        return inside;
    auto text = read_file(path);
    if (!text) return make_error(label, 0, text.error().message);
    patch.old_text = std::move(*text);
    auto parsed = parse_patch(patch.old_text, label);
    if (!parsed) return parsed.error();
    patch.parsed = std::move(*parsed);
    applied_form = entry.reverse ? reversed(*patch.parsed) : *patch.parsed;
    return Ok{};
}

// A skipped patch stays skipped; it is only said when its change is not in the new upstream.
void Rebaser::check_skip(const PatchFile& form, PatchRebase& patch) {
    auto applied = apply_patch(new_state_, form, patch.strip, PatchOptions{plan_.fuzz, true},
                               patch_label(plan_, patch.name));
    patch.skip_not_upstream = presence_of(applied) != Presence::all;
}

Status Rebaser::rebase_entry(const SeriesEntry& entry, const PatchReport& old_report) {
    PatchRebase patch;
    patch.name = entry.name;
    patch.patch_path = plan_.patches_dir / entry.name;
    patch.strip = entry.strip.value_or(plan_.strip);
    PatchFile form;
    bool applied_before = old_report.status == PatchStatus::applied;
    const TreeChanges* old_change = nullptr;
    if (applied_before && old_step_ < old_run_.steps.size())
        old_change = &old_run_.steps[old_step_++].changes;
    if (auto loaded = load(entry, patch, form); !loaded) {
        patch.outcome = RebaseOutcome::failed;
        patch.reason = loaded.error().located();
    } else if (const TreeChanges* resolution = resolution_of(entry.name)) {
        if (auto done = carry_changes(*resolution, RebaseOutcome::resolved, patch); !done)
            return done;
    } else if (const SkipRule* rule = skip_rule_for(plan_, entry.name)) {
        patch.outcome = RebaseOutcome::skipped;
        patch.reason = rule->reason;
        check_skip(form, patch);
    } else {
        auto applied = apply_patch(new_state_, form, patch.strip, PatchOptions{plan_.fuzz, true},
                                   patch_label(plan_, entry.name));
        patch.reason = applied.report.reason;
        Status status = Ok{};
        if (applied.report.status == PatchStatus::applied)
            status = carry_applied(std::move(applied), patch);
        else if (applied.report.status == PatchStatus::failed)
            patch.outcome = RebaseOutcome::failed;
        else if (old_change && !entry.reverse)
            status = carry_merged(*old_change, patch);
        else if (entry.reverse) {
            patch.outcome = RebaseOutcome::conflict;
            note_conflict();
        } else
            patch.outcome = RebaseOutcome::not_applying;
        if (!status) return status;
    }
    if (old_change) old_state_.apply(*old_change);
    result_.patches.push_back(std::move(patch));
    return Ok{};
}

Result<SeriesRebase> Rebaser::run() {
    auto old_run = run_series(plan_, old_upstream_);
    if (!old_run) return old_run.error();
    old_run_ = std::move(*old_run);
    const auto& entries = plan_.series.entries;
    for (std::size_t i = 0; i < old_run_.report.patches.size() && i < entries.size(); ++i)
        if (auto done = rebase_entry(entries[i], old_run_.report.patches[i]); !done)
            return done.error();
    return std::move(result_);
}

}  // namespace

const char* to_string(RebaseOutcome outcome) {
    switch (outcome) {
        case RebaseOutcome::applies:
            return "applies";
        case RebaseOutcome::offset:
            return "applies at an offset";
        case RebaseOutcome::fuzz:
            return "applies with fuzz";
        case RebaseOutcome::merged:
            return "merged";
        case RebaseOutcome::partly_upstream:
            return "partly upstream";
        case RebaseOutcome::already_upstream:
            return "already upstream";
        case RebaseOutcome::conflict:
            return "conflict";
        case RebaseOutcome::resolved:
            return "resolved";
        case RebaseOutcome::skipped:
            return "skipped";
        case RebaseOutcome::not_applying:
            return "does not apply";
        case RebaseOutcome::failed:
            return "failed";
    }
    return "?";
}

bool carried(RebaseOutcome outcome) {
    switch (outcome) {
        case RebaseOutcome::applies:
        case RebaseOutcome::offset:
        case RebaseOutcome::fuzz:
        case RebaseOutcome::merged:
        case RebaseOutcome::partly_upstream:
        case RebaseOutcome::resolved:
            return true;
        default:
            return false;
    }
}

bool needs_person(const PatchRebase& patch) {
    switch (patch.outcome) {
        case RebaseOutcome::conflict:
        case RebaseOutcome::not_applying:
            return true;
        case RebaseOutcome::skipped:
            return patch.skip_not_upstream;
        case RebaseOutcome::already_upstream:
        case RebaseOutcome::failed:
            return false;
        default:
            return !patch.duplicates.empty();
    }
}

Result<SeriesRebase> rebase_series(const SeriesPlan& plan, const PristineSource& old_upstream,
                                   const PristineSource& new_upstream,
                                   const RebaseOptions& options) {
    return Rebaser(plan, old_upstream, new_upstream, options).run();
}

}  // namespace patchbay
