#include "source/path_history.hpp"

#include "common/git_handles.hpp"

namespace patchbay {
namespace {

constexpr std::size_t kMaxSteps = 8;  // a file moved more often than this is not followed

bool tree_has_file(git_tree* tree, const std::string& path) {
    git_tree_entry* raw = nullptr;
    if (git_tree_entry_bypath(&raw, tree, path.c_str()) != 0) return false;
    TreeEntryPtr entry(raw);
    return git_tree_entry_type(entry.get()) == GIT_OBJECT_BLOB;
}

bool commit_has_file(const git_commit* commit, const std::string& path) {
    auto tree = commit_tree(commit);
    return tree && tree_has_file(tree->get(), path);
}

CommitPtr commit_removing(git_repository* repo, const git_oid& start, const std::string& path,
                          std::size_t& budget);

// `merge` brought the removal of `path` into the first-parent line: the commit that made it is
// on the side of a merged parent that lacks the file (git log --follow names that one too).
// The merge itself when no side shows it.
CommitPtr side_commit_removing(git_repository* repo, CommitPtr merge, const std::string& path,
                               std::size_t& budget) {
    for (unsigned i = 1; i < git_commit_parentcount(merge.get()); ++i) {
        git_commit* raw = nullptr;
        if (git_commit_parent(&raw, merge.get(), i) != 0) continue;
        CommitPtr side(raw);
        if (commit_has_file(side.get(), path)) continue;
        if (auto found = commit_removing(repo, *git_commit_id(side.get()), path, budget))
            return found;
    }
    return merge;
}

// The first-parent ancestor of `start` whose commit removed `path`: its parent has it, it
// does not. Null when none within `budget` commits (shared with merged sides) does.
CommitPtr commit_removing(git_repository* repo, const git_oid& start, const std::string& path,
                          std::size_t& budget) {
    git_commit* raw = nullptr;
    if (git_commit_lookup(&raw, repo, &start) != 0) return nullptr;
    CommitPtr commit(raw);
    for (; budget > 0; --budget) {
        git_commit* parent = nullptr;
        if (git_commit_parent(&parent, commit.get(), 0) != 0) return nullptr;
        CommitPtr older(parent);
        if (commit_has_file(older.get(), path)) {
            if (git_commit_parentcount(commit.get()) < 2) return commit;
            return side_commit_removing(repo, std::move(commit), path, budget);
        }
        commit = std::move(older);
    }
    return nullptr;
}

// Every rename `commit` made, by git's rename detection against its first parent.
std::map<std::string, std::string> renames_of(git_repository* repo, git_commit* commit) {
    std::map<std::string, std::string> renames;
    git_commit* raw_parent = nullptr;
    if (git_commit_parent(&raw_parent, commit, 0) != 0) return renames;
    CommitPtr parent(raw_parent);
    auto old_tree = commit_tree(parent.get());
    auto new_tree = commit_tree(commit);
    git_diff* raw = nullptr;
    if (!old_tree || !new_tree ||
        git_diff_tree_to_tree(&raw, repo, old_tree->get(), new_tree->get(), nullptr) != 0)
        return renames;
    DiffPtr diff(raw);
    git_diff_find_options find{};
    git_diff_find_options_init(&find, GIT_DIFF_FIND_OPTIONS_VERSION);
    find.flags = GIT_DIFF_FIND_RENAMES;
    if (git_diff_find_similar(diff.get(), &find) != 0) return renames;
    for (std::size_t i = 0; i < git_diff_num_deltas(diff.get()); ++i) {
        const git_diff_delta* delta = git_diff_get_delta(diff.get(), i);
        if (delta->status == GIT_DELTA_RENAMED)
            renames.emplace(delta->old_file.path, delta->new_file.path);
    }
    return renames;
}

// Where `commit` put `path`; empty when it deleted the file.
std::string renamed_to(git_repository* repo, git_commit* commit, const std::string& path,
                       RenameCache& cache) {
    auto id = oid_hex(*git_commit_id(commit));
    auto known = cache.find(id);
    if (known == cache.end()) known = cache.emplace(id, renames_of(repo, commit)).first;
    auto found = known->second.find(path);
    return found == known->second.end() ? std::string() : found->second;
}

PathMove::Step describe_step(git_repository* repo, git_commit* commit, const std::string& path,
                             RenameCache& renames) {
    const char* subject = git_commit_summary(commit);
    return {oid_hex(*git_commit_id(commit)), subject ? subject : "",
            renamed_to(repo, commit, path, renames)};
}

bool start_has(git_repository* repo, const git_oid& start, const std::string& path) {
    git_commit* raw = nullptr;
    if (git_commit_lookup(&raw, repo, &start) != 0) return false;
    CommitPtr commit(raw);
    return commit_has_file(commit.get(), path);
}

}  // namespace

std::optional<PathMove> find_path_move(git_repository* repo, const git_oid& start,
                                       const std::string& repo_path, std::size_t max_commits,
                                       RenameCache& renames) {
    if (start_has(repo, start, repo_path)) return std::nullopt;
    PathMove move;
    std::string path = repo_path;
    while (move.steps.size() < kMaxSteps) {
        std::size_t budget = max_commits;
        auto commit = commit_removing(repo, start, path, budget);
        if (!commit) break;
        move.steps.push_back(describe_step(repo, commit.get(), path, renames));
        path = move.steps.back().new_path;
        if (path.empty() || start_has(repo, start, path)) break;
    }
    if (move.steps.empty()) return std::nullopt;
    return move;
}

}  // namespace patchbay
