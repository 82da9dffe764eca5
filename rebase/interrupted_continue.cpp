#include "rebase/interrupted_continue.hpp"

#include <algorithm>
#include <set>
#include <string_view>
#include <vector>

#include "common/git_handles.hpp"
#include "regenerate/worktree_record.hpp"
#include "worktree/interrupted_worktree.hpp"
#include "worktree/worktree_writer.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

// The name a commit of the rebase's own carries: its message is the patch name and a newline,
// its author patchbay (worktree/worktree_writer.cpp). A person's commits are never taken for one.
std::string_view patch_of(const git_commit* commit) {
    const git_signature* author = git_commit_author(commit);
    if (!author || std::string_view(author->name) != "patchbay") return {};
    std::string_view message = git_commit_message(commit);
    if (message.ends_with('\n')) message.remove_suffix(1);
    return message;
}

bool records(const RebaseState& state, std::string_view name) {
    return std::find(state.committed.begin(), state.committed.end(), name) != state.committed.end();
}

// A commit the killed run made of a patch the state does not record (the pending patch's
// resolution excepted: that one is kept). The first commit, the pristine tree, never is.
bool unrecorded(const git_commit* commit, const RebaseState& state) {
    const auto name = patch_of(commit);
    if (name.empty() || git_commit_parentcount(commit) == 0) return false;
    if (state.pending && name == state.pending->name) return false;
    return !records(state, name);
}

Result<CommitPtr> head_of(git_repository* repo, const fs::path& dir) {
    git_object* head = nullptr;
    if (git_revparse_single(&head, repo, "HEAD^{commit}") != 0)
        return make_error(dir.string(), 0, last_git_error("has no HEAD commit"));
    return CommitPtr(reinterpret_cast<git_commit*>(head));
}

// HEAD, less the commits the killed run made that the state does not record.
Result<CommitPtr> last_recorded(CommitPtr commit, const RebaseState& state) {
    while (unrecorded(commit.get(), state)) {
        git_commit* parent = nullptr;
        if (git_commit_parent(&parent, commit.get(), 0) != 0)
            return make_error(last_git_error("cannot read a commit's parent"));
        commit.reset(parent);
    }
    return commit;
}

// The paths whose files differ between two commits.
Result<std::set<std::string>> paths_between(git_repository* repo, const git_commit* from,
                                            const git_commit* to) {
    auto old_tree = commit_tree(from);
    if (!old_tree) return old_tree.error();
    auto new_tree = commit_tree(to);
    if (!new_tree) return new_tree.error();
    git_diff* raw = nullptr;
    if (git_diff_tree_to_tree(&raw, repo, old_tree->get(), new_tree->get(), nullptr) != 0)
        return make_error(last_git_error("cannot compare two commits of the worktree"));
    DiffPtr diff(raw);
    std::set<std::string> paths;
    for (std::size_t i = 0; i < git_diff_num_deltas(diff.get()); ++i) {
        const git_diff_delta* delta = git_diff_get_delta(diff.get(), i);
        paths.insert(delta->old_file.path);
        paths.insert(delta->new_file.path);
    }
    return paths;
}

// The worktree's files at `paths` as `target` holds them (a path it lacks is removed).
Status restore_files(const fs::path& dir, const git_commit* target,
                     const std::set<std::string>& paths) {
    auto record = WorktreeRecord::at_commit(dir, oid_hex(*git_commit_id(target)));
    if (!record) return record.error();
    TreeChanges changes;
    for (const auto& path : paths) {
        auto state = record->base_state(path);
        if (!state) return state.error();
        changes.emplace(path, std::move(*state));
    }
    return write_unstaged(dir, "the interrupted rebase --continue", changes);
}

// Branch and index to `target`; the files are the caller's (restore_files, first: were this
// killed in between, the next run would find nothing left to restore).
Status move_back(git_repository* repo, const git_commit* target) {
    if (git_reset(repo, reinterpret_cast<const git_object*>(target), GIT_RESET_MIXED, nullptr) != 0)
        return libgit2_error("cannot move the worktree's branch back", repo);
    return Ok{};
}

// The pending patch's resolution, committed by the killed run: recorded as resolved, with the
// paths the commit changed besides those the conflict left.
Status record_resolution(git_repository* repo, const git_commit* resolution, RebaseState& state) {
    git_commit* parent = nullptr;
    if (git_commit_parent(&parent, resolution, 0) != 0)
        return make_error(last_git_error("cannot read a commit's parent"));
    CommitPtr below(parent);
    auto changed = paths_between(repo, below.get(), resolution);
    if (!changed) return changed.error();
    PendingPatch pending = std::move(*state.pending);
    changed->insert(pending.paths.begin(), pending.paths.end());
    state.resolved.push_back(
        {pending.name, oid_hex(*git_commit_id(resolution)), {changed->begin(), changed->end()}});
    state.committed.push_back(pending.name);
    state.pending.reset();
    return Ok{};
}

// The lock files git takes while it writes the index, HEAD or a branch: the killed run may have
// left one, and each would stop every later write. Only those made since the run's marker.
bool left_by_the_killed_run(const fs::path& path, fs::file_time_type marked) {
    std::error_code ec;
    if (path.extension() != ".lock" || !fs::is_regular_file(path, ec)) return false;
    const auto made = fs::last_write_time(path, ec);
    return !ec && made >= marked;
}

Status remove_stale_locks(const fs::path& dir) {
    const fs::path git = dir / ".git";
    std::error_code ec;
    const auto marked = fs::last_write_time(git / kWritingMarker, ec);
    if (ec) return Ok{};
    std::vector<fs::path> locks = {git / "index.lock", git / "HEAD.lock"};
    for (auto it = fs::recursive_directory_iterator(git / "refs", ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
        locks.push_back(it->path());
    for (const auto& lock : locks)
        if (left_by_the_killed_run(lock, marked) && !fs::remove(lock, ec) && ec)
            return make_error(lock.string(), 0, "cannot remove: " + ec.message());
    return Ok{};
}

}  // namespace

Result<RebaseState> undo_interrupted_continue(const fs::path& dir, RebaseState state) {
    if (auto unlocked = remove_stale_locks(dir); !unlocked) return unlocked.error();
    ensure_libgit2();
    git_repository* raw = nullptr;
    if (git_repository_open(&raw, dir.c_str()) != 0)
        return make_error(dir.string(), 0, "is not a git repository");
    RepositoryPtr repo(raw);
    auto head = head_of(repo.get(), dir);
    if (!head) return head.error();
    auto start = head_of(repo.get(), dir);
    if (!start) return start.error();
    auto target = last_recorded(std::move(*start), state);
    if (!target) return target.error();
    if (!git_oid_equal(git_commit_id(head->get()), git_commit_id(target->get()))) {
        auto paths = paths_between(repo.get(), head->get(), target->get());
        if (!paths) return paths.error();
        if (auto restored = restore_files(dir, target->get(), *paths); !restored)
            return restored.error();
        if (auto moved = move_back(repo.get(), target->get()); !moved) return moved.error();
    }
    if (state.pending && patch_of(target->get()) == state.pending->name)
        if (auto recorded = record_resolution(repo.get(), target->get(), state); !recorded)
            return recorded.error();
    return state;
}

}  // namespace patchbay
