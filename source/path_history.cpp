#include "source/path_history.hpp"

#include <git2/sys/hashsig.h>

#include "common/git_handles.hpp"

namespace patchbay {
namespace {

constexpr std::size_t kMaxSteps = 8;  // a file moved more often than this is not followed
constexpr int kRenameThreshold = 50;  // git's default similarity for a rename

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

// What `commit` deleted and added against its first parent (a tree diff, no rename detection).
CommitFiles files_of(git_repository* repo, git_commit* commit) {
    CommitFiles files;
    git_commit* raw_parent = nullptr;
    if (git_commit_parent(&raw_parent, commit, 0) != 0) return files;
    CommitPtr parent(raw_parent);
    auto old_tree = commit_tree(parent.get());
    auto new_tree = commit_tree(commit);
    git_diff* raw = nullptr;
    if (!old_tree || !new_tree ||
        git_diff_tree_to_tree(&raw, repo, old_tree->get(), new_tree->get(), nullptr) != 0)
        return files;
    DiffPtr diff(raw);
    for (std::size_t i = 0; i < git_diff_num_deltas(diff.get()); ++i) {
        const git_diff_delta* delta = git_diff_get_delta(diff.get(), i);
        if (delta->status == GIT_DELTA_DELETED)
            files.deleted.emplace(delta->old_file.path, delta->old_file.id);
        else if (delta->status == GIT_DELTA_ADDED)
            files.added.emplace_back(delta->new_file.path, delta->new_file.id);
    }
    return files;
}

std::string base_name(const std::string& path) {
    auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// git's similarity score (0-100) of two blobs; -1 when either cannot be read or hashed.
int similarity(git_repository* repo, const git_oid& a, const git_oid& b) {
    git_blob *raw_a = nullptr, *raw_b = nullptr;
    if (git_blob_lookup(&raw_a, repo, &a) != 0) return -1;
    BlobPtr blob_a(raw_a);
    if (git_blob_lookup(&raw_b, repo, &b) != 0) return -1;
    BlobPtr blob_b(raw_b);
    auto signature = [](git_blob* blob) {
        git_hashsig* sig = nullptr;
        git_hashsig_create(&sig, static_cast<const char*>(git_blob_rawcontent(blob)),
                           static_cast<std::size_t>(git_blob_rawsize(blob)),
                           GIT_HASHSIG_SMART_WHITESPACE);
        return sig;
    };
    git_hashsig* sig_a = signature(blob_a.get());
    git_hashsig* sig_b = signature(blob_b.get());
    int score = sig_a && sig_b ? git_hashsig_compare(sig_a, sig_b) : -1;
    git_hashsig_free(sig_a);
    git_hashsig_free(sig_b);
    return score;
}

// Where a deleted file went: an added file with its exact content, else the most similar added
// file of the same name (git's basename heuristic; at least git's 50 % rename threshold). A
// move that also renamed the file is not looked for: comparing it with every added file is
// what made one rebase take minutes.
std::string find_moved(git_repository* repo, const CommitFiles& files, const std::string& path) {
    auto deleted = files.deleted.find(path);
    if (deleted == files.deleted.end()) return {};
    std::string best;
    int best_score = kRenameThreshold - 1;
    for (const auto& [added, id] : files.added) {
        if (git_oid_equal(&id, &deleted->second)) return added;
        if (base_name(added) != base_name(path)) continue;
        int score = similarity(repo, deleted->second, id);
        if (score > best_score) best = added, best_score = score;
    }
    return best;
}

// Where `commit` put `path`; empty when it deleted the file.
std::string renamed_to(git_repository* repo, git_commit* commit, const std::string& path,
                       RenameCache& cache) {
    auto id = oid_hex(*git_commit_id(commit));
    auto known = cache.find(id);
    if (known == cache.end()) known = cache.emplace(id, files_of(repo, commit)).first;
    auto& files = known->second;
    auto move = files.moves.find(path);
    if (move == files.moves.end())
        move = files.moves.emplace(path, find_moved(repo, files, path)).first;
    return move->second;
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
