#pragma once
// A git revision as the pristine tree, read from the object store through libgit2: only the
// blobs asked for are read, nothing is checked out.

#include <filesystem>
#include <memory>

#include "source/pristine_source.hpp"

namespace patchbay {

// Whether `path` itself is a git work tree or a bare repository (no search of its parents).
bool is_git_repository(const std::filesystem::path& path);

// False when `path` cannot be a git work tree or bare repository: it has neither a ".git" nor
// a "HEAD" beside an "objects" folder. Answered from the file system, without starting
// libgit2 (4.6 ms here): a plain-directory upstream never needs it.
bool may_be_git_repository(const std::filesystem::path& path);

// Opens the repository at `options.path` (or, with `search_parents`, the one that contains it;
// then patch paths are relative to `options.path` inside it). Refuses a dirty checkout unless
// `options.allow_dirty`; notes a checkout whose HEAD is not at `options.rev`.
Result<std::unique_ptr<PristineSource>> open_git_source(const SourceOptions& options,
                                                        bool search_parents);

}  // namespace patchbay
