#include "common/git_handles.hpp"

#include <filesystem>

namespace patchbay {

namespace {

// git itself does not re-hash objects on ordinary reads; libgit2 does by default, with the
// collision-detecting SHA-1, and that was 40% of check-series on a real series (bench/RESULTS.md).
// Packs stay protected by zlib's checksum and the pack index.
int init_libgit2() {
    const int users = git_libgit2_init();
    git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
    return users;
}

}  // namespace

void ensure_libgit2() {
    [[maybe_unused]] static const int users = init_libgit2();
}

std::string oid_hex(const git_oid& oid, std::size_t length) {
    char buffer[GIT_OID_HEXSZ + 1] = {};
    git_oid_nfmt(buffer, length, &oid);
    return buffer;
}

Result<TreePtr> commit_tree(const git_commit* commit) {
    git_tree* tree = nullptr;
    if (git_commit_tree(&tree, commit) != 0)
        return make_error(last_git_error("cannot read a commit's tree"));
    return TreePtr(tree);
}

std::string last_git_error(const std::string& fallback) {
    const git_error* error = git_error_last();
    if (error == nullptr || error->message == nullptr) return fallback;
    return error->message;
}

Error libgit2_error(const std::string& what) {
    return make_error(what + ": " + last_git_error("unknown libgit2 error"));
}

Error libgit2_error(const std::string& what, git_repository* repo) {
    const git_error* error = git_error_last();
    const bool locked = error != nullptr && error->message != nullptr &&
                        std::string_view(error->message).find("locked") != std::string_view::npos;
    const auto lock = std::filesystem::path(git_repository_path(repo)) / "index.lock";
    std::error_code ec;
    if (!locked || !std::filesystem::exists(lock, ec)) return libgit2_error(what);
    return make_error(what + ": " + lock.string() +
                      " exists: a git command is running in this worktree, or one that was "
                      "killed left the file; if none is running, remove it and run again");
}

}  // namespace patchbay
