#include "regenerate/commit_edits.hpp"

#include <fmt/format.h>

#include "common/git_handles.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

Result<CommitPtr> resolve_commit(git_repository* repo, const std::string& rev) {
    git_object* object = nullptr;
    if (git_revparse_single(&object, repo, (rev + "^{commit}").c_str()) != 0)
        return make_error(
            fmt::format("--from-commit {}: {}", rev, last_git_error("no such commit")));
    return CommitPtr(reinterpret_cast<git_commit*>(object));
}

Result<TreePtr> parent_tree_of(git_commit* commit, const std::string& rev) {
    git_commit* parent = nullptr;
    if (git_commit_parent(&parent, commit, 0) != 0)
        return make_error(fmt::format("--from-commit {}: the commit has no parent", rev));
    CommitPtr handle(parent);
    return commit_tree(parent);
}

// The path below `directory`, or nullopt for a path outside it.
std::optional<std::string> below(const std::string& path, const std::string& directory) {
    if (directory.empty()) return path;
    std::string prefix = directory.ends_with('/') ? directory : directory + "/";
    if (!path.starts_with(prefix)) return std::nullopt;
    return path.substr(prefix.size());
}

Result<std::optional<FileState>> blob_state(git_repository* repo, const git_diff_file& file,
                                            bool present) {
    if (!present) return std::optional<FileState>();
    git_blob* raw = nullptr;
    if (git_blob_lookup(&raw, repo, &file.id) != 0)
        return make_error(file.path, 0, last_git_error("cannot read the blob"));
    BlobPtr blob(raw);
    const char* data = static_cast<const char*>(git_blob_rawcontent(raw));
    std::string content(data, static_cast<std::size_t>(git_blob_rawsize(raw)));
    bool symlink = file.mode == GIT_FILEMODE_LINK;
    return std::optional<FileState>(
        FileState{std::move(content), file.mode == GIT_FILEMODE_BLOB_EXECUTABLE, symlink});
}

Result<PathChange> change_of(git_repository* repo, const git_diff_delta& delta,
                             const std::string& path) {
    auto before = blob_state(repo, delta.old_file, delta.status != GIT_DELTA_ADDED);
    if (!before) return before.error();
    auto after = blob_state(repo, delta.new_file, delta.status != GIT_DELTA_DELETED);
    if (!after) return after.error();
    return PathChange{path, std::move(*before), std::move(*after)};
}

Result<std::vector<PathChange>> changes_between(git_repository* repo, git_tree* old_tree,
                                                git_tree* new_tree, const std::string& directory) {
    git_diff_options options{};
    git_diff_options_init(&options, GIT_DIFF_OPTIONS_VERSION);
    git_diff* raw = nullptr;
    if (git_diff_tree_to_tree(&raw, repo, old_tree, new_tree, &options) != 0)
        return make_error(last_git_error("cannot diff the commit"));
    DiffPtr diff(raw);
    std::vector<PathChange> changes;
    for (std::size_t i = 0; i < git_diff_num_deltas(raw); ++i) {
        const git_diff_delta* delta = git_diff_get_delta(raw, i);
        if (delta->old_file.mode == GIT_FILEMODE_COMMIT ||
            delta->new_file.mode == GIT_FILEMODE_COMMIT)
            continue;  // a submodule is no file of the tree
        auto path = below(delta->new_file.path, directory);
        if (!path) continue;
        auto change = change_of(repo, *delta, *path);
        if (!change) return change.error();
        changes.push_back(std::move(*change));
    }
    return changes;
}

}  // namespace

Result<std::vector<PathChange>> commit_edits(const fs::path& repo_dir, const std::string& rev,
                                             const std::string& directory) {
    ensure_libgit2();
    git_repository* raw = nullptr;
    if (git_repository_open_ext(&raw, repo_dir.c_str(), 0, nullptr) != 0)
        return make_error(repo_dir.string(), 0, "is not inside a git repository");
    RepositoryPtr repo(raw);
    auto commit = resolve_commit(raw, rev);
    if (!commit) return commit.error();
    auto new_tree = commit_tree(commit->get());
    if (!new_tree) return new_tree.error();
    auto old_tree = parent_tree_of(commit->get(), rev);
    if (!old_tree) return old_tree.error();
    return changes_between(raw, old_tree->get(), new_tree->get(), directory);
}

}  // namespace patchbay
