#include "regenerate/worktree_edits.hpp"

#include <map>

#include "common/git_handles.hpp"
#include "common/read_file.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

// The base's tree against the index and the files on disk, untracked files included, ignored
// files not. The index's stat cache is refreshed when the index is free; with its lock taken
// (a git running there, or a killed one's index.lock) the index is only read, as `git status`
// does.
Result<DiffPtr> worktree_diff(git_repository* repo, git_tree* base) {
    git_diff_options options{};
    git_diff_options_init(&options, GIT_DIFF_OPTIONS_VERSION);
    options.flags = GIT_DIFF_INCLUDE_UNTRACKED | GIT_DIFF_RECURSE_UNTRACKED_DIRS |
                    GIT_DIFF_SKIP_BINARY_CHECK | GIT_DIFF_UPDATE_INDEX;
    git_diff* raw = nullptr;
    int made = git_diff_tree_to_workdir_with_index(&raw, repo, base, &options);
    if (made == GIT_ELOCKED) {
        options.flags &= ~static_cast<std::uint32_t>(GIT_DIFF_UPDATE_INDEX);
        made = git_diff_tree_to_workdir_with_index(&raw, repo, base, &options);
    }
    if (made != 0) return libgit2_error("cannot compare the worktree", repo);
    return DiffPtr(raw);
}

bool creates_or_deletes(git_delta_t status) {
    return status == GIT_DELTA_ADDED || status == GIT_DELTA_UNTRACKED ||
           status == GIT_DELTA_DELETED;
}

// Every path changed since the base, with how.
Result<std::map<std::string, git_delta_t>> changed_paths(git_repository* repo, git_tree* base) {
    auto diff = worktree_diff(repo, base);
    if (!diff) return std::move(diff).error();
    git_diff* raw = diff->get();
    std::map<std::string, git_delta_t> paths;
    for (std::size_t i = 0; i < git_diff_num_deltas(raw); ++i) {
        const git_diff_delta* delta = git_diff_get_delta(raw, i);
        const char* path =
            delta->status == GIT_DELTA_DELETED ? delta->old_file.path : delta->new_file.path;
        paths.emplace(path, delta->status);
    }
    return paths;
}

bool joins(git_delta_t status, OutsidePaths outside) {
    if (outside == OutsidePaths::all) return true;
    return outside == OutsidePaths::created_and_deleted && creates_or_deletes(status);
}

// A folder on the way to `path` that the worktree holds as a symlink: the file below it would be
// read from wherever the link leads (issue #27 item 8). The file itself may be one: it is
// recorded as a symlink.
std::optional<std::string> linked_folder(const fs::path& dir, const std::string& path) {
    for (auto slash = path.find('/'); slash != std::string::npos;
         slash = path.find('/', slash + 1)) {
        std::error_code ec;
        if (fs::is_symlink(fs::symlink_status(dir / path.substr(0, slash), ec)))
            return path.substr(0, slash);
    }
    return std::nullopt;
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

namespace {

Result<WorktreeEdit> edit_at(const WorktreeRecord& record, const fs::path& dir,
                             const std::string& path) {
    if (auto link = linked_folder(dir, path))
        return make_error(path, 0,
                          "refusing to read it through '" + *link +
                              "', which the worktree holds as a symlink; a folder turned "
                              "into a symlink is not recorded");
    auto base = record.base_state(path);
    if (!base) return base.error();
    auto now = read_disk_state(dir / path);
    if (!now) return now.error();
    return WorktreeEdit{path, std::move(*base), std::move(*now)};
}

}  // namespace

Result<WorktreeEdits> worktree_edits(const WorktreeRecord& record, const fs::path& dir,
                                     const std::set<std::string>& owned, OutsidePaths outside) {
    auto changed = changed_paths(record.repository(), record.base_tree());
    if (!changed) return changed.error();
    std::set<std::string> paths = owned;
    WorktreeEdits result;
    for (const auto& [path, status] : *changed) {
        if (owned.count(path)) continue;
        if (joins(status, outside))
            paths.insert(path);
        else
            result.left_out.push_back(path);
    }
    for (const auto& path : paths) {
        auto edit = edit_at(record, dir, path);
        if (!edit) return edit.error();
        result.edits.push_back(std::move(*edit));
    }
    return result;
}

}  // namespace patchbay
