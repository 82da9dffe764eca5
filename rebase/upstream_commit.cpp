#include "rebase/upstream_commit.hpp"

#include <vector>

#include "common/git_handles.hpp"
#include "rebase/upstream_presence.hpp"
#include "series/patch_applier.hpp"
#include "series/tree_state.hpp"

namespace patchbay {

namespace {

Status push_rev(git_revwalk* walk, git_repository* repo, const std::string& rev, bool hide) {
    git_oid id;
    git_object* object = nullptr;
    if (git_revparse_single(&object, repo, (rev + "^{commit}").c_str()) != 0)
        return make_error(rev + ": " + last_git_error("no such commit"));
    git_oid_cpy(&id, git_object_id(object));
    git_object_free(object);
    if ((hide ? git_revwalk_hide(walk, &id) : git_revwalk_push(walk, &id)) != 0)
        return make_error(last_git_error("cannot walk the history"));
    return Ok{};
}

// The first-parent line after `old_commit` up to `new_commit`, oldest first.
Result<std::vector<std::string>> line_between(git_repository* repo, const std::string& old_commit,
                                              const std::string& new_commit) {
    git_revwalk* raw = nullptr;
    if (git_revwalk_new(&raw, repo) != 0) return make_error(last_git_error("cannot walk"));
    RevwalkPtr walk(raw);
    git_revwalk_sorting(raw, GIT_SORT_TOPOLOGICAL | GIT_SORT_REVERSE);
    git_revwalk_simplify_first_parent(raw);
    if (auto pushed = push_rev(raw, repo, new_commit, false); !pushed) return pushed.error();
    if (auto hidden = push_rev(raw, repo, old_commit, true); !hidden) return hidden.error();
    std::vector<std::string> ids;
    git_oid id;
    while (git_revwalk_next(&id, raw) == 0) ids.push_back(oid_hex(id));
    return ids;
}

Result<bool> holds_change(const SourceOptions& upstream, const std::string& commit,
                          const PatchFile& patch, int strip) {
    SourceOptions options = upstream;
    options.rev = commit;
    options.allow_dirty = true;
    auto source = open_pristine(options);
    if (!source) return source.error();
    TreeState state(**source);
    return presence_of(apply_patch(state, patch, strip, PatchOptions{0, true}, "")) ==
           Presence::all;
}

Result<UpstreamCommit> describe(git_repository* repo, const std::string& id) {
    git_oid oid;
    git_commit* raw = nullptr;
    if (git_oid_fromstr(&oid, id.c_str()) != 0 || git_commit_lookup(&raw, repo, &oid) != 0)
        return make_error(id + ": " + last_git_error("cannot read the commit"));
    CommitPtr commit(raw);
    const char* subject = git_commit_summary(raw);
    return UpstreamCommit{id, subject ? subject : ""};
}

// The first index of `line` whose commit holds the change, knowing the last one does.
Result<std::size_t> first_holding(const SourceOptions& upstream,
                                  const std::vector<std::string>& line, const PatchFile& patch,
                                  int strip) {
    std::size_t low = 0, high = line.size() - 1;
    while (low < high) {
        std::size_t mid = low + (high - low) / 2;
        auto holds = holds_change(upstream, line[mid], patch, strip);
        if (!holds) return holds.error();
        if (*holds)
            high = mid;
        else
            low = mid + 1;
    }
    return low;
}

}  // namespace

Result<std::optional<UpstreamCommit>> commit_that_brought(const SourceOptions& upstream,
                                                          const std::string& old_commit,
                                                          const std::string& new_commit,
                                                          const PatchFile& patch, int strip) {
    ensure_libgit2();
    git_repository* raw = nullptr;
    if (git_repository_open_ext(&raw, upstream.path.c_str(), 0, nullptr) != 0)
        return make_error(upstream.path.string(), 0, "is not inside a git repository");
    RepositoryPtr repo(raw);
    auto line = line_between(raw, old_commit, new_commit);
    if (!line) return line.error();
    if (line->empty()) return std::optional<UpstreamCommit>();
    auto last = holds_change(upstream, line->back(), patch, strip);
    if (!last) return last.error();
    if (!*last) return std::optional<UpstreamCommit>();
    auto first = first_holding(upstream, *line, patch, strip);
    if (!first) return first.error();
    auto commit = describe(raw, (*line)[*first]);
    if (!commit) return commit.error();
    return std::optional<UpstreamCommit>(std::move(*commit));
}

}  // namespace patchbay
