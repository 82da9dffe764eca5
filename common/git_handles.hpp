#pragma once
// The one kit for libgit2: owning handles, the one-time library initialisation and libgit2's
// error text. Every layer that calls libgit2 (patches/ for binary patches, source/ and above for
// repositories and diffs) uses these.

#include <git2.h>

#include <memory>
#include <string>

#include "common/result.hpp"

namespace patchbay {

template <auto Free>
struct GitFree {
    template <class T>
    void operator()(T* handle) const {
        Free(handle);
    }
};

using RepositoryPtr = std::unique_ptr<git_repository, GitFree<git_repository_free>>;
using ObjectPtr = std::unique_ptr<git_object, GitFree<git_object_free>>;
using CommitPtr = std::unique_ptr<git_commit, GitFree<git_commit_free>>;
using TreePtr = std::unique_ptr<git_tree, GitFree<git_tree_free>>;
using TreeEntryPtr = std::unique_ptr<git_tree_entry, GitFree<git_tree_entry_free>>;
using BlobPtr = std::unique_ptr<git_blob, GitFree<git_blob_free>>;
using IndexPtr = std::unique_ptr<git_index, GitFree<git_index_free>>;
using SignaturePtr = std::unique_ptr<git_signature, GitFree<git_signature_free>>;
using StatusListPtr = std::unique_ptr<git_status_list, GitFree<git_status_list_free>>;
using DiffPtr = std::unique_ptr<git_diff, GitFree<git_diff_free>>;
using PatchPtr = std::unique_ptr<git_patch, GitFree<git_patch_free>>;
using OdbPtr = std::unique_ptr<git_odb, GitFree<git_odb_free>>;
using TreeBuilderPtr = std::unique_ptr<git_treebuilder, GitFree<git_treebuilder_free>>;
using ReferencePtr = std::unique_ptr<git_reference, GitFree<git_reference_free>>;
using RevwalkPtr = std::unique_ptr<git_revwalk, GitFree<git_revwalk_free>>;

// An object id in hex: all 40 digits, or the first `length`.
std::string oid_hex(const git_oid& oid, std::size_t length = GIT_OID_HEXSZ);

// The tree a commit records.
Result<TreePtr> commit_tree(const git_commit* commit);

// Initialises libgit2 on first use, with the settings every caller relies on (strict hash
// verification off); never shut down (the process ends first). Call it before any other
// libgit2 function.
void ensure_libgit2();

// libgit2's message for the last failure, or `fallback` when it has none.
std::string last_git_error(const std::string& fallback);

// "WHAT: libgit2's message for the last failure", as an Error.
Error libgit2_error(const std::string& what);

// The same for a call on `repo` that may take its index lock: when the lock file is there
// (a git or patchbay running in the worktree, or one that was killed), the message names that
// file and the way out, where libgit2 only says "the index is locked".
Error libgit2_error(const std::string& what, git_repository* repo);

}  // namespace patchbay
