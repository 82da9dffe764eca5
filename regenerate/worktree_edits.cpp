#include "regenerate/worktree_edits.hpp"

#include "common/read_file.hpp"

#include <fmt/format.h>

#include "source/git_handles.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

using DiffPtr = std::unique_ptr<git_diff, GitFree<git_diff_free>>;

Error worktree_error(const fs::path& dir, const std::string& name, const std::string& why) {
    return make_error(dir.string(), 0,
                      fmt::format("{}; make a worktree for it with `patchbay apply --worktree "
                                  "NEW_DIR --upto {}` (into a new or empty folder)",
                                  why, name));
}

Result<CommitPtr> head_commit(git_repository* repo, const fs::path& dir, const std::string& name) {
    git_object* head = nullptr;
    if (git_revparse_single(&head, repo, "HEAD^{commit}") != 0)
        return worktree_error(dir, name, "has no HEAD commit");
    CommitPtr commit(reinterpret_cast<git_commit*>(head));
    const char* subject = git_commit_summary(commit.get());
    if (subject == nullptr || name != subject)
        return worktree_error(dir, name,
                              fmt::format("is not a worktree of {}: its HEAD commit is \"{}\"",
                                          name, subject ? subject : ""));
    if (git_commit_parentcount(commit.get()) == 0)
        return worktree_error(dir, name, "its HEAD commit has no parent");
    return commit;
}

Result<TreePtr> parent_tree(git_commit* commit) {
    git_commit* parent = nullptr;
    if (git_commit_parent(&parent, commit, 0) != 0)
        return make_error(last_git_error("cannot read the parent commit"));
    CommitPtr parent_handle(parent);
    git_tree* tree = nullptr;
    if (git_commit_tree(&tree, parent) != 0)
        return make_error(last_git_error("cannot read the parent tree"));
    return TreePtr(tree);
}

// Paths created or deleted since the commit before NAME: the tree of HEAD^ against the index
// and the files on disk, untracked files included, ignored files not.
Result<std::set<std::string>> created_or_deleted(git_repository* repo, git_tree* base) {
    git_diff_options options = GIT_DIFF_OPTIONS_INIT;
    options.flags = GIT_DIFF_INCLUDE_UNTRACKED | GIT_DIFF_RECURSE_UNTRACKED_DIRS |
                    GIT_DIFF_SKIP_BINARY_CHECK | GIT_DIFF_UPDATE_INDEX;
    git_diff* raw = nullptr;
    if (git_diff_tree_to_workdir_with_index(&raw, repo, base, &options) != 0)
        return make_error(last_git_error("cannot compare the worktree"));
    DiffPtr diff(raw);
    std::set<std::string> paths;
    for (std::size_t i = 0; i < git_diff_num_deltas(raw); ++i) {
        const git_diff_delta* delta = git_diff_get_delta(raw, i);
        if (delta->status == GIT_DELTA_ADDED || delta->status == GIT_DELTA_UNTRACKED)
            paths.insert(delta->new_file.path);
        if (delta->status == GIT_DELTA_DELETED) paths.insert(delta->old_file.path);
    }
    return paths;
}

}  // namespace

Result<std::optional<FileState>> read_disk_state(const fs::path& path) {
    std::error_code ec;
    auto status = fs::symlink_status(path, ec);
    if (fs::is_symlink(status))
        return std::optional<FileState>(
            FileState{fs::read_symlink(path, ec).string(), false, true});
    if (!fs::is_regular_file(status)) return std::optional<FileState>();
    auto bytes = read_file(path);
    if (!bytes) return bytes.error();
    bool executable = (status.permissions() & fs::perms::owner_exec) != fs::perms::none;
    return std::optional<FileState>(FileState{std::move(*bytes), executable, false});
}

Result<std::vector<PathChange>> worktree_edits(const fs::path& dir, const std::string& name,
                                               const std::set<std::string>& owned,
                                               const TreeState& before) {
    ensure_libgit2();
    git_repository* raw = nullptr;
    if (git_repository_open(&raw, dir.c_str()) != 0)
        return worktree_error(dir, name, "is not a git repository");
    RepositoryPtr repo(raw);
    auto head = head_commit(raw, dir, name);
    if (!head) return head.error();
    auto base = parent_tree(head->get());
    if (!base) return base.error();
    auto paths = created_or_deleted(raw, base->get());
    if (!paths) return paths.error();
    paths->insert(owned.begin(), owned.end());
    std::vector<PathChange> changes;
    for (const auto& path : *paths) {
        auto old_entry = before.lookup(path);
        if (!old_entry) return old_entry.error();
        auto now = read_disk_state(dir / path);
        if (!now) return now.error();
        changes.push_back({path, to_state(*old_entry), std::move(*now)});
    }
    return changes;
}

}  // namespace patchbay
