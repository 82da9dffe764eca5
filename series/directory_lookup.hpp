#pragma once
// What a folder holds at a tree path, answered as a pristine tree answers it: a symlink among
// the parents makes the path Kind::under_symlink, a file among them makes it absent. Shared by
// the plain directory source and by a checkout read before its repository has opened.

#include <filesystem>
#include <functional>
#include <string>

#include "common/result.hpp"
#include "series/pristine_source.hpp"

namespace patchbay {

// The bytes of the regular file at `file`, whose tree path is `path`.
using FileBytes =
    std::function<Result<SharedText>(const std::filesystem::path& file, const std::string& path)>;

// What is at `path` below `root`; ".." or an absolute path is an Error, and so is a node that is
// neither a file, a folder nor a symlink.
Result<TreeEntry> lookup_in_directory(const std::filesystem::path& root, const std::string& path,
                                      const FileBytes& read);

}  // namespace patchbay
