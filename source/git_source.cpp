#include "source/git_source.hpp"

#include <algorithm>
#include <map>
#include <system_error>

#include "common/git_handles.hpp"
#include "common/read_file.hpp"
#include "common/tree_path.hpp"
#include "source/git_tree_reader.hpp"
#include "source/path_history.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using Kind = TreeEntry::Kind;
using Components = std::vector<std::string>;

constexpr std::size_t kMaxDirtyListed = 10;
// How far back a missing file's history is searched (first parents): a few seconds at worst.
constexpr std::size_t kMaxHistoryWalked = 10000;

Result<RepositoryPtr> open_repository(const fs::path& path, bool search_parents) {
    ensure_libgit2();
    git_repository* raw = nullptr;
    const unsigned flags = search_parents ? 0u : unsigned{GIT_REPOSITORY_OPEN_NO_SEARCH};
    if (git_repository_open_ext(&raw, path.c_str(), flags, nullptr) != 0) {
        return make_error(path.string(), 0,
                          last_git_error("not a git repository") + " (no git repository here)");
    }
    return RepositoryPtr(raw);
}

Result<CommitPtr> peel_to_commit(git_object* object, const std::string& rev) {
    git_object* peeled = nullptr;
    if (git_object_peel(&peeled, object, GIT_OBJECT_COMMIT) != 0) {
        return make_error("revision '" + rev + "' does not name a commit");
    }
    return CommitPtr(reinterpret_cast<git_commit*>(peeled));
}

// `rev`'s commit; HEAD's when `rev` is empty.
Result<CommitPtr> resolve_commit(git_repository* repo, const std::string& rev,
                                 const std::string& where) {
    const std::string spec = rev.empty() ? "HEAD" : rev;
    git_object* raw = nullptr;
    if (git_revparse_single(&raw, repo, spec.c_str()) != 0) {
        if (rev.empty()) return make_error(where, 0, "repository has no commit at HEAD");
        return make_error(where, 0, "unknown revision '" + rev + "'");
    }
    ObjectPtr object(raw);
    auto commit = peel_to_commit(object.get(), spec);
    if (!commit) return make_error(where, 0, commit.error().message);
    return commit;
}

std::string delta_path(const git_status_entry& entry) {
    const git_diff_delta* delta =
        entry.index_to_workdir ? entry.index_to_workdir : entry.head_to_index;
    if (delta == nullptr) return "?";
    return delta->new_file.path ? delta->new_file.path : delta->old_file.path;
}

Result<std::vector<std::string>> modified_tracked_paths(git_repository* repo) {
    git_status_options options;
    git_status_options_init(&options, GIT_STATUS_OPTIONS_VERSION);
    options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR;
    options.flags = GIT_STATUS_OPT_EXCLUDE_SUBMODULES;  // untracked and ignored files left out
    git_status_list* raw = nullptr;
    if (git_status_list_new(&raw, repo, &options) != 0) {
        return make_error(last_git_error("cannot read the work tree status"));
    }
    StatusListPtr list(raw);
    std::vector<std::string> paths;
    for (std::size_t i = 0; i < git_status_list_entrycount(list.get()); ++i) {
        paths.push_back(delta_path(*git_status_byindex(list.get(), i)));
    }
    return paths;
}

Status dirty_error(const std::vector<std::string>* paths, const std::string& where) {
    if (paths->empty()) return Ok{};
    std::string listed;
    for (std::size_t i = 0; i < paths->size() && i < kMaxDirtyListed; ++i) {
        listed += (i > 0 ? ", " : "") + (*paths)[i];
    }
    if (paths->size() > kMaxDirtyListed) {
        listed += " and " + std::to_string(paths->size() - kMaxDirtyListed) + " more";
    }
    return make_error(where, 0,
                      "the upstream checkout has local modifications to tracked files (" + listed +
                          "); commit or stash them, or pass --allow-dirty to read it anyway");
}

Status check_clean(git_repository* repo, const std::string& where) {
    auto paths = modified_tracked_paths(repo);
    if (!paths) return paths.error();
    return dirty_error(&*paths, where);
}

Result<TreePtr> head_tree(git_repository* repo) {
    git_object* object = nullptr;
    if (git_revparse_single(&object, repo, "HEAD^{tree}") != 0)
        return make_error(last_git_error("cannot read HEAD's tree"));
    return TreePtr(reinterpret_cast<git_tree*>(object));
}

// What HEAD has at a path, as the dirty check needs it.
struct HeadBlob {
    bool present = false;
    bool symlink = false;
    git_oid id{};
};

HeadBlob head_blob(git_tree* head, const std::string& repo_path) {
    git_tree_entry* raw = nullptr;
    if (git_tree_entry_bypath(&raw, head, repo_path.c_str()) != 0) return {};
    TreeEntryPtr entry(raw);
    return {true, git_tree_entry_filemode(entry.get()) == GIT_FILEMODE_LINK,
            *git_tree_entry_id(entry.get())};
}

// A path HEAD does not have is a local modification only when the index has it (a staged
// addition): with --rev, the tree read may hold files that HEAD has since moved or deleted, and
// an untracked file is no change to a tracked one.
bool staged_addition(git_repository* repo, const std::string& repo_path) {
    git_index* index = nullptr;
    if (git_repository_index(&index, repo) != 0) return false;
    const bool staged = git_index_get_bypath(index, repo_path.c_str(), 0) != nullptr;
    git_index_free(index);
    return staged;
}

// Whether the work tree's file differs from HEAD's blob, as git status decides it: hashed
// through the repository's filters (line endings, .gitattributes). When the blob read is
// HEAD's and the work tree holds exactly its bytes, nothing needs hashing.
bool differs_from_head(git_repository* repo, const HeadBlob& head, const git_oid& read_id,
                       const std::string& repo_path, std::string_view read_content) {
    if (!head.present) return staged_addition(repo, repo_path);
    if (head.symlink) return false;
    fs::path file = fs::path(git_repository_workdir(repo)) / repo_path;
    std::error_code ec;
    if (!fs::is_regular_file(fs::symlink_status(file, ec))) return true;
    if (git_oid_equal(&read_id, &head.id) && file_holds(file, read_content)) return false;
    git_oid hashed{};
    if (git_repository_hashfile(&hashed, repo, file.c_str(), GIT_OBJECT_BLOB, repo_path.c_str()) !=
        0)
        return true;
    return !git_oid_equal(&hashed, &head.id);
}

std::optional<std::string> not_at_rev_note(git_repository* repo, const SourceOptions& options,
                                           const git_oid& target) {
    if (options.rev.empty() || git_repository_is_bare(repo)) return std::nullopt;
    git_oid head{};
    if (git_reference_name_to_id(&head, repo, "HEAD") != 0) return std::nullopt;
    if (git_oid_equal(&head, &target)) return std::nullopt;
    return "checkout HEAD is at " + oid_hex(head, 7) + ", reading " + options.rev + " (" +
           oid_hex(target, 7) + ") from the object store";
}

// Where `path` sits inside the work tree of the repository found above it.
Result<Components> path_inside_workdir(git_repository* repo, const fs::path& path) {
    const char* workdir = git_repository_workdir(repo);
    if (workdir == nullptr) return Components{};
    std::error_code ec;
    const fs::path relative =
        fs::canonical(path, ec).lexically_relative(fs::canonical(workdir, ec));
    if (ec) return make_error(path.string(), 0, "cannot locate it in its git work tree");
    if (relative.empty() || relative == ".") return Components{};
    return tree_path_components(relative.generic_string());
}

class GitSource : public PristineSource {
  public:
    GitSource(GitTreeReader reader, SourceDescription description, bool check_files_read)
        : reader_(std::move(reader)),
          description_(std::move(description)),
          check_files_read_(check_files_read) {}

    // With SourceOptions::defer_checks, the dirty check looks only at the files that were read:
    // an edit anywhere else cannot change what was computed from the object store, and
    // checking the whole checkout costs more than applying a whole series.
    Status finish_checks() const override {
        if (!check_files_read_) return Ok{};
        git_repository* repo = reader_.repository();
        auto head = head_tree(repo);
        if (!head) return head.error();
        std::vector<std::string> dirty;
        for (const auto& [path, known] : looked_up_) {
            if (known.entry.kind != Kind::file) continue;
            const auto repo_path = path_in_repository(path);
            const HeadBlob at_head = head_blob(head->get(), repo_path);
            if (known.from_checkout && at_head.present && git_oid_equal(&known.id, &at_head.id))
                continue;  // the checkout's bytes were read, and they hash to HEAD's blob
            if (differs_from_head(repo, at_head, known.id, repo_path, known.entry.content))
                dirty.push_back(repo_path);
        }
        return dirty_error(&dirty, description_.path);
    }

    // Remembered per path: a series reads the same pristine file for every patch that touches
    // it and again for the reverse check, and each read inflates the blob anew.
    Result<TreeEntry> lookup(const std::string& path) const override {
        if (auto known = looked_up_.find(path); known != looked_up_.end())
            return known->second.entry;
        auto read = reader_.read(path);
        if (read.entry) looked_up_.emplace(path, Known{*read.entry, read.id, read.from_checkout});
        return std::move(read.entry);
    }

    Result<TreeEntry> lookup_components(const Components& full) const {
        return reader_.read_components(full);
    }

    const SourceDescription& description() const override { return description_; }

    std::optional<PathMove> find_move(const std::string& path) const override {
        git_oid start{};
        if (git_oid_fromstr(&start, description_.commit.c_str()) != 0) return std::nullopt;
        auto move = find_path_move(reader_.repository(), start, path_in_repository(path),
                                   kMaxHistoryWalked, renames_);
        if (move) {
            for (auto& step : move->steps) step.new_path = path_below_prefix(step.new_path);
        }
        return move;
    }

    Result<std::vector<std::string>> list_files() const override {
        auto subtree = reader_.prefix_tree();
        if (!subtree) return subtree.error();
        std::vector<std::string> paths;
        auto collect = [](const char* root, const git_tree_entry* entry, void* payload) -> int {
            auto mode = git_tree_entry_filemode(entry);
            if (mode == GIT_FILEMODE_TREE || mode == GIT_FILEMODE_COMMIT) return 0;
            static_cast<std::vector<std::string>*>(payload)->push_back(std::string(root) +
                                                                       git_tree_entry_name(entry));
            return 0;
        };
        if (git_tree_walk(subtree->get(), GIT_TREEWALK_PRE, collect, &paths) != 0)
            return make_error(last_git_error("cannot list the tree"));
        std::sort(paths.begin(), paths.end());
        return paths;
    }

    std::optional<GitTreeRef> git_tree_ref() const override {
        auto subtree = reader_.prefix_tree();
        git_buf objects = GIT_BUF_INIT;
        if (!subtree || git_repository_item_path(&objects, reader_.repository(),
                                                 GIT_REPOSITORY_ITEM_OBJECTS) != 0)
            return std::nullopt;
        GitTreeRef ref{objects.ptr, oid_hex(*git_tree_id(subtree->get()))};
        git_buf_dispose(&objects);
        return ref;
    }

  private:
    // A path from the root of the repository, below the prefix when it is inside it.
    std::string path_below_prefix(const std::string& repo_path) const {
        if (reader_.prefix().empty() || repo_path.empty()) return repo_path;
        const auto prefix = join_components(reader_.prefix(), reader_.prefix().size()) + "/";
        return repo_path.starts_with(prefix) ? repo_path.substr(prefix.size()) : "/" + repo_path;
    }

    // `path` (below the prefix) from the root of the repository.
    std::string path_in_repository(const std::string& path) const {
        auto full = join_components(reader_.prefix(), reader_.prefix().size());
        return full + (full.empty() ? "" : "/") + path;
    }

    GitTreeReader reader_;
    SourceDescription description_;
    struct Known {
        TreeEntry entry;
        git_oid id{};  // the blob (or tree) id read
        bool from_checkout = false;
    };

    bool check_files_read_ = false;  // finish_checks() compares the files read with HEAD
    mutable std::map<std::string, Known> looked_up_;
    mutable RenameCache renames_;  // find_move's, shared by every path asked about
};

Result<Components> subtree_prefix(git_repository* repo, const SourceOptions& options,
                                  bool search_parents) {
    Components prefix;
    if (search_parents) {
        auto inside = path_inside_workdir(repo, options.path);
        if (!inside) return inside.error();
        prefix = std::move(inside).value();
    }
    if (options.directory.empty()) return prefix;
    auto directory = tree_path_components(options.directory);
    if (!directory) return directory.error();
    prefix.insert(prefix.end(), directory->begin(), directory->end());
    return prefix;
}

Status check_prefix_is_directory(const GitSource& source, const Components& prefix,
                                 const SourceOptions& options) {
    if (prefix.empty()) return Ok{};
    auto entry = source.lookup_components(prefix);
    if (!entry) return entry.error();
    if (entry->kind == Kind::directory) return Ok{};
    return make_error(
        options.path.string(), 0,
        "'" + join_components(prefix, prefix.size()) + "' is not a directory in the revision read");
}

SourceDescription describe_source(const SourceOptions& options, const git_oid& commit) {
    return SourceDescription{
        options.path.string(), options.rev, oid_hex(commit), options.directory, {}};
}

}  // namespace

bool may_be_git_repository(const fs::path& path) {
    std::error_code ec;
    return fs::exists(path / ".git", ec) ||
           (fs::exists(path / "HEAD", ec) && fs::is_directory(path / "objects", ec));
}

bool is_git_repository(const fs::path& path) {
    if (!may_be_git_repository(path)) return false;  // without starting libgit2
    ensure_libgit2();
    return git_repository_open_ext(nullptr, path.c_str(), GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr) ==
           0;
}

Result<std::unique_ptr<PristineSource>> open_git_source(const SourceOptions& options,
                                                        bool search_parents) {
    const std::string where = options.path.string();
    auto repo = open_repository(options.path, search_parents);
    if (!repo) return repo.error();
    auto commit = resolve_commit(repo->get(), options.rev, where);
    if (!commit) return commit.error();
    git_tree* raw_tree = nullptr;
    if (git_commit_tree(&raw_tree, commit->get()) != 0) {
        return make_error(where, 0, last_git_error("cannot read the commit's tree"));
    }
    TreePtr tree(raw_tree);
    auto prefix = subtree_prefix(repo->get(), options, search_parents);
    if (!prefix) return prefix.error();
    const bool bare = git_repository_is_bare(repo->get()) != 0;
    bool check_files_read = !bare && !options.allow_dirty && options.defer_checks;
    if (!bare && !options.allow_dirty && !options.defer_checks) {
        if (auto clean = check_clean(repo->get(), where); !clean) return clean.error();
    }
    const git_oid& commit_id = *git_commit_id(commit->get());
    SourceDescription description = describe_source(options, commit_id);
    if (auto note = not_at_rev_note(repo->get(), options, commit_id)) {
        description.notes.push_back(*note);
    }
    // Issue #28 item 6: with --allow-dirty (or an explicit --rev) a dirty checkout is read, but
    // from the commit: say so, or the user believes their uncommitted edits were used.
    if (!bare && options.allow_dirty)
        description.notes.push_back("the bytes read are commit " + oid_hex(commit_id, 7) +
                                    "'s: edits in the checkout that are not committed are not "
                                    "used");
    GitTreeReader reader(std::move(repo).value(), std::move(tree), *prefix);
    reader.prefer_checkout_files();
    auto source =
        std::make_unique<GitSource>(std::move(reader), std::move(description), check_files_read);
    if (auto status = check_prefix_is_directory(*source, *prefix, options); !status)
        return status.error();
    return std::unique_ptr<PristineSource>(std::move(source));
}

}  // namespace patchbay
