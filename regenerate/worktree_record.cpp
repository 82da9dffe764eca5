#include "regenerate/worktree_record.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "worktree/interrupted_worktree.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

Error worktree_error(const fs::path& dir, const std::string& name, const std::string& why) {
    return make_error(dir.string(), 0,
                      fmt::format("{}; make a worktree for it with `patchbay apply --worktree "
                                  "NEW_DIR --upto {}` (into a new or empty folder)",
                                  why, name));
}

std::string subject_of(git_commit* commit) {
    const char* subject = git_commit_summary(commit);
    return subject ? subject : "";
}

Result<CommitPtr> parent_of(git_commit* commit) {
    git_commit* parent = nullptr;
    if (git_commit_parent(&parent, commit, 0) != 0)
        return make_error(last_git_error("cannot read a parent commit"));
    return CommitPtr(parent);
}

// A HEAD that stops before NAME: an earlier entry's commit or the pristine one.
bool stops_before(const std::string& subject, const WorktreeRequirement& requirement) {
    if (requirement.name_applies) return false;
    const auto& earlier = requirement.earlier;
    return subject == kPristineSubject ||
           std::find(earlier.begin(), earlier.end(), subject) != earlier.end();
}

std::string unaccepted_head(const std::string& subject, const WorktreeRequirement& requirement) {
    std::string why = fmt::format("is not a worktree of {}: its HEAD commit is \"{}\"",
                                  requirement.name, subject);
    if (!requirement.name_applies)
        why += fmt::format(
            " ({} does not apply to the series now: a worktree made with --upto "
            "{} stops before it, and its change is applied there by hand)",
            requirement.name, requirement.name);
    return why;
}

bool is_series_subject(const std::string& subject, const WorktreeRequirement& requirement) {
    auto named = [&](const std::vector<std::string>& names) {
        return std::find(names.begin(), names.end(), subject) != names.end();
    };
    return subject == kPristineSubject || named(requirement.earlier) || named(requirement.later);
}

// NAME's commit below the user's own commits on top of it (edits committed after apply
// --worktree: squashed into the patch, as `git rebase --autosquash` users expect); null when
// the first-parent line from HEAD reaches another series entry's commit, the pristine one or
// the root first.
Result<CommitPtr> name_below_own_commits(git_commit* head, const WorktreeRequirement& requirement) {
    git_commit* copy = nullptr;
    if (git_commit_dup(&copy, head) != 0) return make_error(last_git_error("cannot read HEAD"));
    CommitPtr current(copy);
    while (subject_of(current.get()) != requirement.name) {
        if (is_series_subject(subject_of(current.get()), requirement) ||
            git_commit_parentcount(current.get()) == 0)
            return CommitPtr();
        auto parent = parent_of(current.get());
        if (!parent) return parent.error();
        current = std::move(*parent);
    }
    return current;
}

Result<std::optional<FileState>> state_in(git_repository* repo, git_tree* tree,
                                          const std::string& path) {
    git_tree_entry* raw = nullptr;
    if (git_tree_entry_bypath(&raw, tree, path.c_str()) != 0) return std::optional<FileState>();
    TreeEntryPtr entry(raw);
    if (git_tree_entry_type(raw) != GIT_OBJECT_BLOB) return std::optional<FileState>();
    git_blob* blob = nullptr;
    if (git_blob_lookup(&blob, repo, git_tree_entry_id(raw)) != 0)
        return make_error(path, 0, last_git_error("cannot read the blob"));
    BlobPtr handle(blob);
    std::string content(static_cast<const char*>(git_blob_rawcontent(blob)),
                        static_cast<std::size_t>(git_blob_rawsize(blob)));
    auto mode = git_tree_entry_filemode(raw);
    return std::optional<FileState>(FileState{
        std::move(content), mode == GIT_FILEMODE_BLOB_EXECUTABLE, mode == GIT_FILEMODE_LINK});
}

// The base commit's first-parent chain, pristine commit first.
Result<std::vector<CommitPtr>> chain_from(git_commit* base) {
    std::vector<CommitPtr> chain;
    git_commit* copy = nullptr;
    if (git_commit_dup(&copy, base) != 0) return make_error(last_git_error("cannot read a commit"));
    chain.emplace_back(copy);
    while (git_commit_parentcount(chain.back().get()) > 0) {
        auto parent = parent_of(chain.back().get());
        if (!parent) return parent.error();
        chain.push_back(std::move(*parent));
    }
    std::reverse(chain.begin(), chain.end());
    return chain;
}

}  // namespace

Result<WorktreeRecord> WorktreeRecord::open(const fs::path& dir,
                                            const WorktreeRequirement& requirement) {
    ensure_libgit2();
    if (is_interrupted_worktree(dir)) return interrupted_worktree_error(dir);
    WorktreeRecord record;
    git_repository* repo = nullptr;
    if (git_repository_open(&repo, dir.c_str()) != 0)
        return worktree_error(dir, requirement.name, "is not a git repository");
    record.repo_.reset(repo);
    git_object* head = nullptr;
    if (git_revparse_single(&head, repo, "HEAD^{commit}") != 0)
        return worktree_error(dir, requirement.name, "has no HEAD commit");
    CommitPtr head_commit(reinterpret_cast<git_commit*>(head));
    auto subject = subject_of(head_commit.get());
    if (subject != requirement.name && !stops_before(subject, requirement)) {
        auto below = name_below_own_commits(head_commit.get(), requirement);
        if (!below) return below.error();
        if (!*below)
            return worktree_error(dir, requirement.name, unaccepted_head(subject, requirement));
        head_commit = std::move(*below);
        subject = requirement.name;
    }
    record.holds_name_ = subject == requirement.name;
    if (record.holds_name_) {
        if (git_commit_parentcount(head_commit.get()) == 0)
            return worktree_error(dir, requirement.name, "its HEAD commit has no parent");
        auto parent = parent_of(head_commit.get());
        if (!parent) return parent.error();
        record.base_ = std::move(*parent);
    } else {
        record.base_ = std::move(head_commit);
    }
    auto tree = commit_tree(record.base_.get());
    if (!tree) return tree.error();
    record.base_tree_ = std::move(*tree);
    return record;
}

Result<WorktreeRecord> WorktreeRecord::at_commit(const fs::path& dir, const std::string& id) {
    ensure_libgit2();
    WorktreeRecord record;
    git_repository* repo = nullptr;
    if (git_repository_open(&repo, dir.c_str()) != 0)
        return make_error(dir.string(), 0, "is not a git repository");
    record.repo_.reset(repo);
    git_oid oid;
    git_commit* commit = nullptr;
    if (git_oid_fromstr(&oid, id.c_str()) != 0 || git_commit_lookup(&commit, repo, &oid) != 0)
        return make_error(dir.string(), 0, "has no commit " + id + ": " + last_git_error("?"));
    record.base_.reset(commit);
    auto tree = commit_tree(commit);
    if (!tree) return tree.error();
    record.base_tree_ = std::move(*tree);
    return record;
}

Result<std::optional<FileState>> WorktreeRecord::base_state(const std::string& path) const {
    return state_in(repo_.get(), base_tree_.get(), path);
}

Result<PathHistory> WorktreeRecord::history(const std::string& path) const {
    auto chain = chain_from(base_.get());
    if (!chain) return chain.error();
    PathHistory history;
    for (std::size_t i = 0; i < chain->size(); ++i) {
        auto tree = commit_tree((*chain)[i].get());
        if (!tree) return tree.error();
        auto state = state_in(repo_.get(), tree->get(), path);
        if (!state) return state.error();
        if (i == 0)
            history.pristine = std::move(*state);
        else if (*state != (history.steps.empty() ? history.pristine : history.steps.back().after))
            history.steps.push_back({subject_of((*chain)[i].get()), std::move(*state)});
    }
    return history;
}

}  // namespace patchbay
