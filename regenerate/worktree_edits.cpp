#include "regenerate/worktree_edits.hpp"

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

// Paths created or deleted since the base.
Result<std::set<std::string>> created_or_deleted(git_repository* repo, git_tree* base) {
    auto diff = worktree_diff(repo, base);
    if (!diff) return std::move(diff).error();
    git_diff* raw = diff->get();
    std::set<std::string> paths;
    for (std::size_t i = 0; i < git_diff_num_deltas(raw); ++i) {
        const git_diff_delta* delta = git_diff_get_delta(raw, i);
        if (delta->status == GIT_DELTA_ADDED || delta->status == GIT_DELTA_UNTRACKED)
            paths.insert(delta->new_file.path);
        if (delta->status == GIT_DELTA_DELETED) paths.insert(delta->old_file.path);
    }
    return paths;
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

Result<std::vector<WorktreeEdit>> worktree_edits(const WorktreeRecord& record, const fs::path& dir,
                                                 const std::set<std::string>& owned) {
    auto paths = created_or_deleted(record.repository(), record.base_tree());
    if (!paths) return paths.error();
    paths->insert(owned.begin(), owned.end());
    std::vector<WorktreeEdit> edits;
    for (const auto& path : *paths) {
        if (auto link = linked_folder(dir, path))
            return make_error(path, 0,
                              "refusing to read it through '" + *link +
                                  "', which the worktree holds as a symlink; a folder turned "
                                  "into a symlink is not recorded");
        auto base = record.base_state(path);
        if (!base) return base.error();
        auto now = read_disk_state(dir / path);
        if (!now) return now.error();
        edits.push_back({path, std::move(*base), std::move(*now)});
    }
    return edits;
}

}  // namespace patchbay
