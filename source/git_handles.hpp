#pragma once
// Owning handles for libgit2 objects, and the one-time library initialisation.

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

// An object id in hex: all 40 digits, or the first `length`.
std::string oid_hex(const git_oid& oid, std::size_t length = GIT_OID_HEXSZ);

// The tree a commit records.
Result<TreePtr> commit_tree(const git_commit* commit);

// Initialises libgit2 on first use; never shut down (the process ends first).
void ensure_libgit2();

// libgit2's message for the last failure, or `fallback` when it has none.
std::string last_git_error(const std::string& fallback);

}  // namespace patchbay
