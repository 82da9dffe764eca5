#include "rebase/upstream_notes.hpp"

#include <set>

#include "common/git_handles.hpp"
#include "common/text_lines.hpp"
#include "rebase/provenance.hpp"

namespace patchbay {

namespace {

// Enough for any release of a large project; a longer walk only costs time.
constexpr std::size_t kMaxCommits = 50000;

const char* const kNewsFiles[] = {
    "NEWS",      "NEWS.md",       "CHANGES",          "CHANGES.md", "CHANGELOG", "CHANGELOG.md",
    "ChangeLog", "RELEASE-NOTES", "RELEASE-NOTES.md", "RELNOTES",   "Changes",   "HISTORY.md"};

Status walk_from(git_revwalk* walk, git_repository* repo, const std::string& id, bool hide) {
    git_oid oid;
    if (git_oid_fromstr(&oid, id.c_str()) != 0) return make_error(id + ": not a commit id");
    int failed = hide ? git_revwalk_hide(walk, &oid) : git_revwalk_push(walk, &oid);
    (void)repo;
    if (failed != 0) return make_error(last_git_error("cannot walk the history"));
    return Ok{};
}

Result<std::string> history_between(const SourceOptions& repository, const std::string& old_commit,
                                    const std::string& new_commit) {
    ensure_libgit2();
    git_repository* raw_repo = nullptr;
    if (git_repository_open_ext(&raw_repo, repository.path.c_str(), 0, nullptr) != 0)
        return make_error(repository.path.string(), 0, "is not inside a git repository");
    RepositoryPtr repo(raw_repo);
    git_revwalk* raw = nullptr;
    if (git_revwalk_new(&raw, raw_repo) != 0) return make_error(last_git_error("cannot walk"));
    RevwalkPtr walk(raw);
    git_revwalk_simplify_first_parent(raw);
    if (auto pushed = walk_from(raw, raw_repo, new_commit, false); !pushed) return pushed.error();
    if (auto hidden = walk_from(raw, raw_repo, old_commit, true); !hidden) return hidden.error();
    std::string messages;
    git_oid id;
    for (std::size_t n = 0; n < kMaxCommits && git_revwalk_next(&id, raw) == 0; ++n) {
        git_commit* commit = nullptr;
        if (git_commit_lookup(&commit, raw_repo, &id) != 0) continue;
        CommitPtr owned(commit);
        // The id too: a format-patch's `From <sha>` names the commit itself.
        messages.append("commit ").append(git_oid_tostr_s(&id)) += '\n';
        if (const char* message = git_commit_message(commit)) messages.append(message) += '\n';
    }
    return messages;
}

std::string file_text(const PristineSource& source, const std::string& path) {
    auto entry = source.lookup(path);
    return entry && entry->kind == TreeEntry::Kind::file ? entry->content.str() : std::string();
}

// The lines the new upstream's release notes have and the old one's lack.
std::string news_between(const PristineSource& old_upstream, const PristineSource& new_upstream) {
    std::string news;
    for (const char* name : kNewsFiles) {
        const auto now = file_text(new_upstream, name);
        if (now.empty()) continue;
        const auto before = file_text(old_upstream, name);
        const auto old_lines = split_lines(before);
        const std::set<std::string_view> known(old_lines.begin(), old_lines.end());
        for (auto line : split_lines(now))
            if (!known.count(line)) news += line;
    }
    return news;
}

}  // namespace

Result<UpstreamNotes> upstream_notes(const SourceOptions& repository, const std::string& old_commit,
                                     const std::string& new_commit,
                                     const PristineSource& old_upstream,
                                     const PristineSource& new_upstream) {
    auto history = history_between(repository, old_commit, new_commit);
    if (!history) return history.error();
    return UpstreamNotes{std::move(*history), news_between(old_upstream, new_upstream)};
}

std::vector<std::string> provenance_evidence(const PatchFile& patch, const std::string& name,
                                             const UpstreamNotes& notes) {
    std::vector<std::string> evidence;
    for (const auto& claim : provenance_claims(patch.preamble, name)) {
        if (text_confirms(notes.history, claim))
            evidence.push_back(describe(claim) + ": in the history since the old upstream");
        else if (text_confirms(notes.news, claim))
            evidence.push_back(describe(claim) + ": in the new upstream's release notes");
    }
    return evidence;
}

}  // namespace patchbay
