#pragma once
// Owning handles for libgit2 objects, and libgit2's last error as an Error value.

#include <git2.h>

#include <memory>
#include <string>

#include "common/error.hpp"

namespace patchbay {

template <class T, void (*Free)(T*)>
struct GitDeleter {
    void operator()(T* object) const { Free(object); }
};

template <class T, void (*Free)(T*)>
using GitHandle = std::unique_ptr<T, GitDeleter<T, Free>>;

using GitRepository = GitHandle<git_repository, git_repository_free>;
using GitIndex = GitHandle<git_index, git_index_free>;
using GitTree = GitHandle<git_tree, git_tree_free>;
using GitCommit = GitHandle<git_commit, git_commit_free>;
using GitSignature = GitHandle<git_signature, git_signature_free>;

// Initialises libgit2 once per process.
void ensure_libgit2();

// "what: libgit2's message".
Error libgit2_error(const std::string& what);

}  // namespace patchbay
