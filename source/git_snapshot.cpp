#include "source/git_snapshot.hpp"

#include <fstream>

#include "common/git_handles.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

Error git_failure(const std::string& what) {
    return make_error(last_git_error(what));
}

Result<RepositoryPtr> open_containing(const fs::path& folder) {
    ensure_libgit2();
    git_repository* raw = nullptr;
    if (git_repository_open_ext(&raw, folder.c_str(), 0, nullptr) != 0)
        return make_error(folder.string(), 0, "is not inside a git repository (needed for --base)");
    return RepositoryPtr(raw);
}

Result<TreePtr> tree_at(git_repository* repo, const std::string& rev) {
    git_object* object = nullptr;
    if (git_revparse_single(&object, repo, rev.c_str()) != 0)
        return make_error("unknown revision '" + rev + "' in the series repository");
    ObjectPtr owned(object);
    git_object* peeled = nullptr;
    if (git_object_peel(&peeled, object, GIT_OBJECT_TREE) != 0)
        return git_failure("cannot read the tree of " + rev);
    return TreePtr(reinterpret_cast<git_tree*>(peeled));
}

struct WalkTarget {
    git_repository* repo;
    fs::path dest;
    bool failed = false;
};

int write_entry(const char* root, const git_tree_entry* entry, void* payload) {
    auto* target = static_cast<WalkTarget*>(payload);
    if (git_tree_entry_type(entry) != GIT_OBJECT_BLOB) return 0;
    git_blob* blob = nullptr;
    if (git_blob_lookup(&blob, target->repo, git_tree_entry_id(entry)) != 0) {
        target->failed = true;
        return -1;
    }
    BlobPtr owned(blob);
    fs::path path = target->dest / root / git_tree_entry_name(entry);
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    std::ofstream out(path, std::ios::binary);
    out.write(static_cast<const char*>(git_blob_rawcontent(blob)),
              static_cast<std::streamsize>(git_blob_rawsize(blob)));
    return out ? 0 : -1;
}

}  // namespace

Status extract_folder_at(const fs::path& folder, const std::string& rev, const fs::path& dest) {
    auto repo = open_containing(folder);
    if (!repo) return repo.error();
    const char* workdir = git_repository_workdir(repo->get());
    if (!workdir) return make_error(folder.string(), 0, "is in a bare repository");
    auto rel = fs::weakly_canonical(folder).lexically_relative(fs::weakly_canonical(workdir));
    auto tree = tree_at(repo->get(), rev);
    if (!tree) return tree.error();
    TreePtr subtree = std::move(tree).value();
    if (!rel.empty() && rel != ".") {
        git_tree_entry* raw = nullptr;
        // Named, not a temporary: `"'" + temporary` sets off GCC 12's -Wrestrict false
        // positive at -O3 (GCC bug 105329), an error in the package build.
        const std::string inner = rel.generic_string();
        if (git_tree_entry_bypath(&raw, subtree.get(), inner.c_str()) != 0)
            return make_error("'" + inner + "' did not exist at " + rev);
        TreeEntryPtr entry(raw);
        git_tree* sub = nullptr;
        if (git_tree_lookup(&sub, repo->get(), git_tree_entry_id(entry.get())) != 0)
            return make_error("'" + inner + "' is not a folder at " + rev);
        subtree.reset(sub);
    }
    WalkTarget target{repo->get(), dest};
    if (git_tree_walk(subtree.get(), GIT_TREEWALK_PRE, write_entry, &target) != 0)
        return git_failure("cannot write the series as of " + rev);
    return Ok{};
}

std::optional<fs::path> work_tree_root(const fs::path& path) {
    ensure_libgit2();
    std::error_code ec;
    auto folder = fs::is_directory(path, ec) ? path : path.parent_path();
    git_repository* raw = nullptr;
    if (git_repository_open_ext(&raw, folder.empty() ? "." : folder.c_str(), 0, nullptr) != 0)
        return std::nullopt;
    RepositoryPtr repo(raw);
    const char* workdir = git_repository_workdir(repo.get());
    if (!workdir) return std::nullopt;
    return fs::path(workdir);
}

}  // namespace patchbay
