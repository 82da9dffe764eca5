#include "worktree/worktree_writer.hpp"

#include <fmt/format.h>
#include <set>

#include "common/git_handles.hpp"
#include "common/tree_path.hpp"
#include "series/tree_state.hpp"
#include "source/object_seeding.hpp"
#include "worktree/file_state_writer.hpp"
#include "worktree/interrupted_worktree.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

Status check_target(const fs::path& dir) {
    std::error_code ec;
    if (!fs::exists(dir, ec)) return Ok{};
    if (!fs::is_directory(dir, ec))
        return make_error(dir.string(), 0, "exists and is not a folder");
    if (is_interrupted_worktree(dir)) return interrupted_worktree_error(dir);
    if (!fs::is_empty(dir, ec)) return make_error(dir.string(), 0, "exists and is not empty");
    return Ok{};
}

class WorktreeWriter {
  public:
    explicit WorktreeWriter(const WorktreeRequest& request) : request_(request) {}
    Status write();
    Status append();

  private:
    Status init();
    Status open_existing();
    Status write_pristine();
    Status check_out_pristine(const GitTreeRef& pristine);
    Status commit_tree(const git_oid& tree_id, const std::string& message);
    Status store_commit(const std::string& text, const std::string& message);
    Status move_branch(const std::string& reflog);
    Status check_out_head(const git_oid& tree_id);
    bool already_stored(git_index_entry& entry, const FileState& state);
    Status apply_step(const AppliedStep& step);
    Status stage(const std::string& path, const std::optional<FileState>& state);
    Status commit(const std::string& message);

    const WorktreeRequest& request_;
    RepositoryPtr repo_;
    IndexPtr index_;
    git_oid head_{};
    bool has_head_ = false;
    bool seeded_ = false;  // the pristine objects are hard links shared with the pristine store
};

Status WorktreeWriter::init() {
    ensure_libgit2();
    std::error_code ec;
    fs::create_directories(request_.dir, ec);
    git_repository* repo = nullptr;
    if (git_repository_init(&repo, request_.dir.c_str(), 0) != 0)
        return libgit2_error("cannot create a git repository in " + request_.dir.string());
    repo_.reset(repo);
    git_index* index = nullptr;
    if (git_repository_index(&index, repo_.get()) != 0)
        return libgit2_error("cannot open the index");
    index_.reset(index);
    return Ok{};
}

// A repository write_worktree made: its index and HEAD are where the next commit goes.
Status WorktreeWriter::open_existing() {
    ensure_libgit2();
    git_repository* repo = nullptr;
    if (git_repository_open(&repo, request_.dir.c_str()) != 0)
        return libgit2_error("cannot open the git repository in " + request_.dir.string());
    repo_.reset(repo);
    git_index* index = nullptr;
    if (git_repository_index(&index, repo_.get()) != 0)
        return libgit2_error("cannot open the index");
    index_.reset(index);
    if (git_reference_name_to_id(&head_, repo_.get(), "HEAD") != 0)
        return libgit2_error("cannot read HEAD");
    has_head_ = true;
    seeded_ = true;  // perhaps: the blobs it has are never written again
    return Ok{};
}

git_filemode_t mode_of(const FileState& state) {
    if (state.symlink) return GIT_FILEMODE_LINK;
    return state.executable ? GIT_FILEMODE_BLOB_EXECUTABLE : GIT_FILEMODE_BLOB;
}

// Writing a blob the store has "freshens" it: libgit2 touches its file, which may be a link to
// the pristine repository's. Sets entry.id when the blob is there.
bool WorktreeWriter::already_stored(git_index_entry& entry, const FileState& state) {
    git_odb* odb = nullptr;
    if (!seeded_ || git_repository_odb(&odb, repo_.get()) != 0) return false;
    OdbPtr odb_handle(odb);
    return git_odb_hash(&entry.id, state.content.data(), state.content.size(), GIT_OBJECT_BLOB) ==
               0 &&
           git_odb_exists(odb, &entry.id) != 0;
}

// Staged from memory, byte for byte: adding by path would run the repository's filters
// (.gitattributes, autocrlf) over the content.
Status WorktreeWriter::stage(const std::string& path, const std::optional<FileState>& state) {
    if (!state) {
        if (git_index_remove_bypath(index_.get(), path.c_str()) != 0)
            return libgit2_error("cannot unstage " + path);
        return Ok{};
    }
    git_index_entry entry{};
    entry.path = path.c_str();
    entry.mode = static_cast<std::uint32_t>(mode_of(*state));
    if (already_stored(entry, *state)) {
        if (git_index_add(index_.get(), &entry) != 0) return libgit2_error("cannot stage " + path);
        return Ok{};
    }
    if (git_index_add_from_buffer(index_.get(), &entry, state->content.data(),
                                  state->content.size()) != 0)
        return libgit2_error("cannot stage " + path);
    return Ok{};
}

Status WorktreeWriter::write_pristine() {
    for (const auto& path : request_.pristine_files) {
        auto entry = request_.source->lookup(path);
        if (!entry) return entry.error();
        auto state = to_state(*entry);
        if (!state) continue;
        if (auto written = write_file_state(request_.dir, path, *state); !written) return written;
        if (auto staged = stage(path, state); !staged) return staged;
    }
    return commit("pristine upstream\n");
}

// The pristine objects already exist: the first commit points at the pristine tree itself, and
// nothing is hashed or compressed again.
Status WorktreeWriter::check_out_pristine(const GitTreeRef& pristine) {
    const fs::path objects = fs::path(git_repository_path(repo_.get())) / "objects";
    if (auto seeded = seed_objects(pristine.objects_dir, objects); !seeded) return seeded;
    git_oid tree_id;
    if (git_oid_fromstr(&tree_id, pristine.tree_id.c_str()) != 0)
        return libgit2_error("bad pristine tree id " + pristine.tree_id);
    if (auto committed = commit_tree(tree_id, "pristine upstream\n"); !committed) return committed;
    seeded_ = true;
    return check_out_head(tree_id);
}

// Filters off: the files on disk are the blobs' bytes, whatever .gitattributes or the user's
// core.autocrlf say, as the patches were applied to those bytes. Reading the tree into the
// index afterwards keeps the stat data the checkout recorded and adds the tree cache, so each
// patch commit writes only the trees it changed: rewriting an unchanged one would "freshen"
// the pristine pack it shares an inode with.
Status WorktreeWriter::check_out_head(const git_oid& tree_id) {
    git_checkout_options options;
    git_checkout_options_init(&options, GIT_CHECKOUT_OPTIONS_VERSION);
    options.checkout_strategy = GIT_CHECKOUT_FORCE;
    options.disable_filters = 1;
    if (git_checkout_head(repo_.get(), &options) != 0)
        return libgit2_error("cannot check out the pristine tree");
    git_tree* tree = nullptr;
    if (git_tree_lookup(&tree, repo_.get(), &tree_id) != 0)
        return libgit2_error("cannot read the pristine tree");
    TreePtr tree_handle(tree);
    if (git_index_read_tree(index_.get(), tree) != 0)
        return libgit2_error("cannot read the pristine tree into the index");
    return Ok{};
}

Status WorktreeWriter::apply_step(const AppliedStep& step) {
    for (const auto& [path, state] : step.changes) {
        auto written = state ? write_file_state(request_.dir, path, *state)
                             : remove_file_state(request_.dir, path);
        if (!written) return written;
        if (auto staged = stage(path, state); !staged) return staged;
    }
    return commit(step.name + "\n");
}

Status WorktreeWriter::commit(const std::string& message) {
    git_oid tree_id;
    if (git_index_write_tree(&tree_id, index_.get()) != 0)
        return libgit2_error("cannot write the tree");
    return commit_tree(tree_id, message);
}

Status WorktreeWriter::commit_tree(const git_oid& tree_id, const std::string& message) {
    git_tree* tree = nullptr;
    if (git_tree_lookup(&tree, repo_.get(), &tree_id) != 0)
        return libgit2_error("cannot read the tree");
    TreePtr tree_handle(tree);
    git_signature* sig = nullptr;
    if (git_signature_now(&sig, "patchbay", "patchbay@localhost") != 0)
        return libgit2_error("cannot make a signature");
    SignaturePtr signature(sig);
    git_commit* parent = nullptr;
    if (has_head_ && git_commit_lookup(&parent, repo_.get(), &head_) != 0)
        return libgit2_error("cannot read the previous commit");
    CommitPtr parent_handle(parent);
    const git_commit* parents[] = {parent};
    git_buf buffer = GIT_BUF_INIT;
    const int made = git_commit_create_buffer(&buffer, repo_.get(), sig, sig, nullptr,
                                              message.c_str(), tree, has_head_ ? 1 : 0, parents);
    std::string text = made == 0 ? std::string(buffer.ptr, buffer.size) : std::string();
    git_buf_dispose(&buffer);
    if (made != 0) return libgit2_error("cannot commit");
    return store_commit(text, message);
}

// Not git_commit_create: it "freshens" the commit's tree, and the pristine tree's file is the
// pristine repository's pack, shared through a hard link.
Status WorktreeWriter::store_commit(const std::string& text, const std::string& message) {
    git_odb* odb = nullptr;
    if (git_repository_odb(&odb, repo_.get()) != 0) return libgit2_error("cannot open the store");
    OdbPtr odb_handle(odb);
    if (git_odb_write(&head_, odb, text.data(), text.size(), GIT_OBJECT_COMMIT) != 0)
        return libgit2_error("cannot write the commit");
    const std::string reflog =
        (has_head_ ? "commit: " : "commit (initial): ") + message.substr(0, message.find('\n'));
    has_head_ = true;
    return move_branch(reflog);
}

// HEAD names the branch (unborn until the first commit) that git init chose.
Status WorktreeWriter::move_branch(const std::string& reflog) {
    git_reference* raw = nullptr;
    if (git_reference_lookup(&raw, repo_.get(), "HEAD") != 0)
        return libgit2_error("cannot read HEAD");
    ReferencePtr head(raw);
    const char* branch = git_reference_symbolic_target(head.get());
    if (branch == nullptr) return libgit2_error("HEAD does not name a branch");
    git_reference* moved = nullptr;
    if (git_reference_create(&moved, repo_.get(), branch, &head_, 1, reflog.c_str()) != 0)
        return libgit2_error("cannot move " + std::string(branch));
    git_reference_free(moved);
    return Ok{};
}

// The marker stays unless the whole worktree was written: a failure or a kill half-way leaves
// a folder that later commands name as interrupted.
Status WorktreeWriter::write() {
    if (auto marked = mark_writing(request_.dir); !marked) return marked;
    if (auto ready = init(); !ready) return ready;
    auto git_pristine = request_.source->git_tree_ref();
    auto pristine = git_pristine ? check_out_pristine(*git_pristine) : write_pristine();
    if (!pristine) return pristine;
    for (const auto& step : *request_.steps)
        if (auto applied = apply_step(step); !applied) return applied;
    // Once: the index of a large tree is megabytes, and the commits need only its trees.
    if (git_index_write(index_.get()) != 0)
        return libgit2_error("cannot write the index", repo_.get());
    return request_.keep_marked ? Status(Ok{}) : mark_written(request_.dir);
}

Status WorktreeWriter::append() {
    if (is_interrupted_worktree(request_.dir)) return interrupted_worktree_error(request_.dir);
    if (auto opened = open_existing(); !opened) return opened;
    if (auto marked = mark_writing(request_.dir); !marked) return marked;
    for (const auto& step : *request_.steps)
        if (auto applied = apply_step(step); !applied) return applied;
    if (git_index_write(index_.get()) != 0)
        return libgit2_error("cannot write the index", repo_.get());
    return mark_written(request_.dir);
}

// Before anything is written: every path the steps write is safe, also against the symlinks
// the steps themselves create (those of the pristine tree are checked again while writing).
bool under_link(const std::set<std::string>& links, const std::string& path) {
    for (auto slash = path.find('/'); slash != std::string::npos; slash = path.find('/', slash + 1))
        if (links.count(path.substr(0, slash))) return true;
    return false;
}

Status check_step_paths(const std::vector<AppliedStep>& steps) {
    std::set<std::string> links;
    for (const auto& step : steps)
        for (const auto& [path, state] : step.changes) {
            if (auto reason = unsafe_path_reason(path))
                return make_error(step.name + ": refusing to write: " + *reason);
            if (under_link(links, path))
                return make_error(step.name + ": refusing to write '" + path +
                                  "' through a symlink the series created");
            if (state && state->symlink)
                links.insert(path);
            else
                links.erase(path);
        }
    return Ok{};
}

}  // namespace

Status write_worktree(const WorktreeRequest& request) {
    if (auto free = check_target(request.dir); !free) return free;
    if (auto safe = check_step_paths(*request.steps); !safe) return safe;
    return WorktreeWriter(request).write();
}

Status append_to_worktree(const fs::path& dir, const std::vector<AppliedStep>& steps) {
    if (auto safe = check_step_paths(steps); !safe) return safe;
    WorktreeRequest request{dir, nullptr, {}, &steps};
    return WorktreeWriter(request).append();
}

Status write_unstaged(const fs::path& dir, const std::string& name, const TreeChanges& changes) {
    if (auto safe = check_step_paths({{name, changes}}); !safe) return safe;
    for (const auto& [path, state] : changes) {
        auto written = state ? write_file_state(dir, path, *state) : remove_file_state(dir, path);
        if (!written) return written;
    }
    return Ok{};
}

Result<std::string> head_commit_id(const fs::path& dir) {
    ensure_libgit2();
    git_repository* raw = nullptr;
    if (git_repository_open(&raw, dir.c_str()) != 0)
        return libgit2_error("cannot open the git repository in " + dir.string());
    RepositoryPtr repo(raw);
    git_oid head;
    if (git_reference_name_to_id(&head, repo.get(), "HEAD") != 0)
        return libgit2_error("cannot read HEAD of " + dir.string());
    return oid_hex(head);
}

}  // namespace patchbay
