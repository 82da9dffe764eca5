// The rebase session (docs/ARCHITECTURE.md §6): the new upstream opened, the series carried onto
// it in memory, the worktree a conflict leaves for a person and its state file, --continue's
// resolutions, and what --write rewrites.

#include "rebase/rebase_session.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "common/atomic_write.hpp"
#include "common/read_file.hpp"
#include "common/sha256.hpp"
#include "rebase/interrupted_continue.hpp"
#include "rebase/rebase_resume.hpp"
#include "rebase/rebase_state.hpp"
#include "rebase/series_rebase.hpp"
#include "rebase/target_rev.hpp"
#include "rebase/upstream_commit.hpp"
#include "rebase/upstream_notes.hpp"
#include "series/project_folder.hpp"
#include "worktree/interrupted_worktree.hpp"
#include "worktree/worktree_location.hpp"
#include "worktree/worktree_writer.hpp"

namespace patchbay {

namespace {

namespace fs = std::filesystem;

struct Upstreams {
    std::unique_ptr<PristineSource> source;  // the new one
    SourceOptions options;                   // how it was opened
};

// The new upstream: the same repository and directory, at --onto.
Result<Upstreams> open_new_upstream(const RebaseSeries& series, const std::string& onto) {
    SourceOptions options;
    options.path = series.config.resolve(series.config.upstream_path);
    options.rev = onto;
    options.directory = series.config.directory;
    options.allow_dirty = true;  // read from the object store at --onto, never the checkout
    if (series.source.description().commit.empty())
        return make_error("rebase --onto needs a git upstream: " + options.path.string() +
                          " is a plain folder");
    auto source = open_pristine(options);
    if (!source) return source.error();
    return Upstreams{std::move(*source), options};
}

std::string describe(const SourceDescription& upstream) {
    if (upstream.rev.empty()) return upstream.commit.substr(0, 12);
    return fmt::format("{} ({})", upstream.rev, upstream.commit.substr(0, 12));
}

// The conflict markers' name of an upstream: its revision as the user wrote it.
std::string label_of(const SourceDescription& upstream) {
    return upstream.rev.empty() ? upstream.commit.substr(0, 12) : upstream.rev;
}

// Everything one run needs, opened once.
struct Session {
    const RebaseSeries& series;
    const RebaseRequest& request;
    Upstreams upstreams;
    fs::path dir;  // --worktree; empty when none
    RebaseReport report;
    RebaseState state;

    const std::string& old_commit() const { return series.source.description().commit; }
    const std::string& new_commit() const { return upstreams.source->description().commit; }
};

Result<std::vector<std::optional<UpstreamCommit>>> upstream_commits(const Session& session) {
    std::vector<std::optional<UpstreamCommit>> since;
    for (const auto& patch : session.report.rebase.patches) {
        since.emplace_back();
        if (patch.outcome != RebaseOutcome::already_upstream) continue;
        auto found = commit_that_brought(session.upstreams.options, session.old_commit(),
                                         session.new_commit(), *patch.parsed, patch.strip);
        if (!found) return found.error();
        since.back() = std::move(*found);
    }
    return since;
}

// What --write does to the series file, patchbay.toml and the patch files for the patches
// already upstream.
struct UpstreamedEdit {
    std::vector<std::int64_t> series_lines;  // to remove from the series file
    std::vector<SkipRule> skips;             // to add to patchbay.toml
    std::vector<fs::path> to_delete;         // --drop-upstreamed
};

UpstreamedEdit upstreamed_edit(Session& session) {
    UpstreamedEdit edit;
    const auto& patches = session.report.rebase.patches;
    const auto& entries = session.series.plan.series.entries;
    for (std::size_t i = 0; i < patches.size() && i < entries.size(); ++i) {
        if (patches[i].outcome != RebaseOutcome::already_upstream) continue;
        session.report.upstreamed.push_back(patches[i].name);
        if (session.request.upstreamed == UpstreamedPolicy::keep) {
            edit.skips.push_back(
                {patches[i].name, upstream_reason(patches[i], session.report.since[i]), 0});
            continue;
        }
        edit.series_lines.push_back(entries[i].line);
        if (session.request.upstreamed == UpstreamedPolicy::drop)
            edit.to_delete.push_back(patches[i].patch_path);
    }
    return edit;
}

// The series file and patchbay.toml as --write leaves them.
Status edit_series_files(const Session& session, const UpstreamedEdit& edit,
                         std::vector<NewText>& files) {
    const auto& config = session.series.config;
    if (!edit.series_lines.empty()) {
        auto series_path = config.resolve(config.series_file);
        auto series = read_file(series_path);
        if (!series) return series.error();
        files.push_back({series_path, without_lines(*series, edit.series_lines)});
    }
    auto toml = read_file(config.file);
    if (!toml) return toml.error();
    auto edited = with_upstream_rev(*toml, session.request.onto);
    if (edited && !edit.skips.empty()) edited = with_skip_rules(*edited, edit.skips);
    if (!edited) return make_error(config.file.string(), 0, edited.error().message);
    files.push_back({config.file, std::move(*edited)});
    return Ok{};
}

// The patches that changed, the series without the patches already upstream and the new
// revision in patchbay.toml, all or nothing; then, with --drop-upstreamed, their files go.
Result<std::vector<std::string>> write_all(Session& session) {
    std::vector<std::string> written;
    std::vector<NewText> files;
    const auto& plan = session.series.plan;
    for (const auto& patch : session.report.rebase.patches)
        if (patch.new_text && patch.outcome != RebaseOutcome::already_upstream) {
            auto location = write_location_in_project(plan.project, patch.patch_path,
                                                      patch_label(plan, patch.name));
            if (!location) return location.error();
            files.push_back({*location, *patch.new_text});
            written.push_back(patch.name);
        }
    auto edit = upstreamed_edit(session);
    if (auto edited = edit_series_files(session, edit, files); !edited) return edited.error();
    if (auto done = write_series(session.series.write_back, files); !done) return done.error();
    for (const auto& path : edit.to_delete) {
        std::error_code ec;
        if (!fs::remove(path, ec) && ec) return make_error(path.string(), 0, ec.message());
    }
    return written;
}

fs::path state_file(const fs::path& dir) {
    return dir / ".git" / kRebaseStateFile;
}

bool has_state(const fs::path& dir) {
    std::error_code ec;
    return fs::is_regular_file(state_file(dir), ec);
}

// A new worktree goes into a new or empty folder; a rebase's own is only ever continued.
Status check_new_worktree(const fs::path& dir) {
    std::error_code ec;
    if (!fs::exists(dir, ec) || (fs::is_directory(dir, ec) && fs::is_empty(dir, ec))) return Ok{};
    if (is_interrupted_worktree(dir)) return interrupted_worktree_error(dir);
    if (has_state(dir))
        return make_error(dir.string(), 0,
                          "a rebase stopped here: add --continue once its conflicts are "
                          "resolved, or remove the folder to start over");
    return make_error(dir.string(), 0,
                      "exists and is not empty; it is not a rebase's worktree and is left "
                      "alone: name a new folder");
}

// A --continue that was killed while it wrote the worktree: back to where the state file says,
// the person's resolution kept (rebase/interrupted_continue.hpp). A run still writing it is
// left alone.
Result<RebaseState> recover_interrupted(const fs::path& dir, RebaseState state) {
    if (live_writer(dir)) return interrupted_worktree_error(dir);
    auto recovered = undo_interrupted_continue(dir, std::move(state));
    if (!recovered) return recovered.error();
    if (auto saved = write_atomically(state_file(dir), format_rebase_state(*recovered)); !saved)
        return saved.error();
    if (auto unmarked = mark_written(dir); !unmarked) return unmarked.error();
    return recovered;
}

// The worktree a rebase made for this very rebase, and where it stopped.
Result<RebaseState> open_own_worktree(const Session& session) {
    const auto& dir = session.dir;
    if (!has_state(dir) && is_interrupted_worktree(dir)) return interrupted_worktree_error(dir);
    if (!has_state(dir))
        return make_error(dir.string(), 0,
                          "is not a worktree of patchbay rebase (it has no .git/" +
                              std::string(kRebaseStateFile) +
                              "); start one with `patchbay rebase --onto " + session.request.onto +
                              " --worktree NEW_DIR`");
    auto text = read_file(state_file(dir));
    if (!text) return text.error();
    auto state = parse_rebase_state(*text, state_file(dir).string());
    if (!state) return state.error();
    if (state->onto_commit != session.new_commit() || state->from_commit != session.old_commit())
        return make_error(
            dir.string(), 0,
            fmt::format("is the worktree of a rebase from {} onto {}, not of this "
                        "one (from {} onto {})",
                        state->from_commit.substr(0, 12), state->onto_commit.substr(0, 12),
                        session.old_commit().substr(0, 12), session.new_commit().substr(0, 12)));
    if (is_interrupted_worktree(dir)) return recover_interrupted(dir, std::move(*state));
    return state;
}

std::vector<PatchPrint> prints_of(const SeriesRebase& rebase) {
    std::vector<PatchPrint> prints;
    for (const auto& patch : rebase.patches)
        prints.push_back({patch.name, sha256_hex(patch.old_text)});
    return prints;
}

// The resolutions were made on the series as it was when the rebase stopped: a patch edited,
// added or removed since makes them meaningless.
Status check_same_series(const Session& session) {
    auto now = prints_of(session.report.rebase);
    const auto& then = session.state.series;
    for (std::size_t i = 0; i < std::max(now.size(), then.size()); ++i) {
        if (i < now.size() && i < then.size() && now[i].name == then[i].name &&
            now[i].sha256 == then[i].sha256)
            continue;
        const std::string& name = i < now.size() ? now[i].name : then[i].name;
        return make_error(session.dir.string(), 0,
                          fmt::format("the series changed since the rebase stopped here ({} "
                                      "differs); remove the folder and start over",
                                      name));
    }
    return Ok{};
}

std::vector<std::string> keys_of(const TreeChanges& changes) {
    std::vector<std::string> keys;
    for (const auto& [path, state] : changes) keys.push_back(path);
    return keys;
}

// The person's resolution becomes the pending patch's commit in the worktree.
Status commit_resolution(Session& session, const TreeChanges& changes) {
    const std::string name = session.state.pending->name;
    if (auto done = append_to_worktree(session.dir, {{name, changes}}); !done) return done;
    auto head = head_commit_id(session.dir);
    if (!head) return head.error();
    session.state.resolved.push_back({name, *head, keys_of(changes)});
    session.state.committed.push_back(name);
    session.state.pending.reset();
    return Ok{};
}

// The carried steps the worktree has no commit for yet, up to the first conflict.
std::vector<AppliedStep> steps_to_commit(const Session& session) {
    const auto& rebase = session.report.rebase;
    std::size_t end = rebase.first_conflict ? rebase.steps_before_conflict : rebase.steps.size();
    const auto& committed = session.state.committed;
    std::vector<AppliedStep> steps;
    for (std::size_t i = 0; i < end; ++i)
        if (std::find(committed.begin(), committed.end(), rebase.steps[i].name) == committed.end())
            steps.push_back(rebase.steps[i]);
    return steps;
}

Status write_new_worktree(const Session& session, const std::vector<AppliedStep>& steps) {
    const auto& source = *session.upstreams.source;
    std::vector<std::string> files;
    if (!source.git_tree_ref()) {
        auto listed = source.list_files();
        if (!listed) return listed.error();
        files = std::move(*listed);
    }
    return write_worktree(WorktreeRequest{session.dir, &source, files, &steps, true});
}

// The worktree brought up to the first conflict: the carried patches committed, the
// conflicting one's files written for a person, and the state that --continue reads.
Status update_worktree(Session& session) {
    auto steps = steps_to_commit(session);
    auto committed = session.request.continue_rebase ? append_to_worktree(session.dir, steps)
                                                     : write_new_worktree(session, steps);
    if (!committed) return committed;
    for (const auto& step : steps) session.state.committed.push_back(step.name);
    auto& report = session.report;
    report.worktree = RebaseWorktree{session.request.worktree, {}, {}, {}};
    if (report.rebase.first_conflict) {
        const auto& patch = report.rebase.patches[*report.rebase.first_conflict];
        if (auto written = write_unstaged(session.dir, patch.name, patch.attempt); !written)
            return written;
        auto head = head_commit_id(session.dir);
        if (!head) return head.error();
        session.state.pending = PendingPatch{patch.name, *head, keys_of(patch.attempt)};
        report.worktree->pending = patch.name;
        report.worktree->files = patch.conflicts;
        report.worktree->unmarked = patch.unmarked;
    }
    if (auto saved = write_atomically(state_file(session.dir), format_rebase_state(session.state));
        !saved)
        return saved;
    // A new worktree stays marked as being written until its state file is there.
    return session.request.continue_rebase ? Status(Ok{}) : mark_written(session.dir);
}

std::string continue_command(const Session& session) {
    std::string worktree = session.dir.empty() ? "NEW_DIR" : session.request.worktree;
    if (session.dir.empty())
        return fmt::format("patchbay rebase --onto {} --worktree {}", session.request.onto,
                           worktree);
    return fmt::format("patchbay rebase --onto {} --continue --worktree {}{}", session.request.onto,
                       worktree, session.request.write ? " --write" : "");
}

// --continue: the resolutions so far, or the markers that stop it again.
Result<Resolutions> resolutions_of(Session& session) {
    auto state = open_own_worktree(session);
    if (!state) return state.error();
    session.state = std::move(*state);
    auto resolutions = recorded_resolutions(session.dir, session.state);
    if (!resolutions) return resolutions.error();
    if (!session.state.pending) return resolutions;
    auto pending = read_pending(session.dir, *session.state.pending);
    if (!pending) return pending.error();
    auto& report = session.report;
    report.markers = std::move(pending->markers);
    report.pending_name = session.state.pending->name;
    report.worktree->pending = report.pending_name;
    for (const auto& marker : report.markers)
        if (std::find(report.worktree->files.begin(), report.worktree->files.end(), marker.path) ==
            report.worktree->files.end())
            report.worktree->files.push_back(marker.path);
    (*resolutions)[report.pending_name] = std::move(pending->changes);
    return resolutions;
}

Result<Session> open_session(const RebaseSeries& series, const RebaseRequest& options) {
    auto upstreams = open_new_upstream(series, options.onto);
    if (!upstreams) return upstreams.error();
    Session session{series, options, std::move(*upstreams), options.worktree, {}, {}};
    auto& report = session.report;
    report.from = describe(session.series.source.description());
    report.onto = describe(session.upstreams.source->description());
    report.onto_rev = options.onto;
    report.continued = options.continue_rebase;
    report.write_asked = options.write;
    report.upstreamed_policy = options.upstreamed;
    report.config_name = session.series.config.file.filename().string();
    report.resolve_with = continue_command(session);
    if (!options.worktree.empty()) report.worktree = RebaseWorktree{options.worktree, {}, {}, {}};
    session.state.onto = options.onto;
    session.state.onto_commit = session.new_commit();
    session.state.from_commit = session.old_commit();
    return session;
}

Status check_worktree_flags(const Session& session) {
    if (session.dir.empty()) return Ok{};
    if (auto outside = check_worktree_outside(session.series.config, session.request.worktree);
        !outside)
        return outside;
    return session.request.continue_rebase ? Status(Ok{}) : check_new_worktree(session.dir);
}

// Each patch's provenance claims that the new upstream's history or release notes confirm.
Status add_evidence(Session& session) {
    auto notes =
        upstream_notes(session.upstreams.options, session.old_commit(), session.new_commit(),
                       session.series.source, *session.upstreams.source);
    if (!notes) return notes.error();
    for (auto& patch : session.report.rebase.patches)
        if (patch.parsed) patch.evidence = provenance_evidence(*patch.parsed, patch.name, *notes);
    return Ok{};
}

// The whole series carried in memory, with the resolutions so far, and what brought each
// patch that is already upstream.
Status carry_series(Session& session, const Resolutions& resolutions) {
    RebaseOptions options{label_of(session.series.source.description()),
                          label_of(session.upstreams.source->description()), &resolutions};
    auto rebase = rebase_series(session.series.plan, session.series.source,
                                *session.upstreams.source, options);
    if (!rebase) return rebase.error();
    session.report.rebase = std::move(*rebase);
    if (!session.request.continue_rebase)
        session.state.series = prints_of(session.report.rebase);
    else if (auto same = check_same_series(session); !same)
        return same;
    auto since = upstream_commits(session);
    if (!since) return since.error();
    session.report.since = std::move(*since);
    return add_evidence(session);
}

// The worktree after the run: the pending resolution committed, then the steps to the next
// conflict (or the end).
Status record_progress(Session& session, const Resolutions& resolutions) {
    if (session.state.pending)
        if (auto done = commit_resolution(session, resolutions.at(session.state.pending->name));
            !done)
            return done;
    return session.dir.empty() ? Status(Ok{}) : update_worktree(session);
}

}  // namespace

Result<RebaseReport> run_rebase_session(const RebaseSeries& series, const RebaseRequest& request) {
    auto session = open_session(series, request);
    if (!session) return session.error();
    if (auto checked = check_worktree_flags(*session); !checked) return checked.error();
    Resolutions resolutions;
    if (request.continue_rebase) {
        auto resolved = resolutions_of(*session);
        if (!resolved) return resolved.error();
        if (!session->report.markers.empty()) return std::move(session->report);
        resolutions = std::move(*resolved);
    }
    if (auto carried = carry_series(*session, resolutions); !carried) return carried.error();
    if (auto recorded = record_progress(*session, resolutions); !recorded) return recorded.error();
    if (request.write && !session->report.rebase.first_conflict) {
        auto written = write_all(*session);
        if (!written) return written.error();
        session->report.written = std::move(*written);
    }
    return std::move(session->report);
}

}  // namespace patchbay
