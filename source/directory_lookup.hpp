#pragma once
// What a folder holds at a tree path, answered as a pristine tree answers it: a symlink among
// the parents makes the path Kind::under_symlink, a file among them makes it absent. Shared by
// the plain directory source and by a checkout read before its repository has opened.

#include <filesystem>
#include <functional>
#include <string>
#include <unordered_map>

#include "common/result.hpp"
#include "source/pristine_source.hpp"

namespace patchbay {

// The bytes of the regular file at `file`, whose tree path is `path`.
using FileBytes =
    std::function<Result<SharedText>(const std::filesystem::path& file, const std::string& path)>;

// What the folders on the way were, by their path below the root: a series names thousands of
// files in far fewer folders, and one lstat per folder instead of one per folder per file kept
// a 1,000-patch series 10% faster (bench/RESULTS.md, round 5). Valid while the folder does not
// change.
class FolderMemo {
  public:
    enum class Kind { folder, symlink, other };
    const Kind* find(const std::string& path) const;
    void remember(std::string path, Kind kind) { kinds_.emplace(std::move(path), kind); }

  private:
    std::unordered_map<std::string, Kind> kinds_;
};

// What is at `path` below `root`; ".." or an absolute path is an Error, and so is a node that is
// neither a file, a folder nor a symlink. `memo`, when given, answers for the folders on the
// way and learns them.
Result<TreeEntry> lookup_in_directory(const std::filesystem::path& root, const std::string& path,
                                      const FileBytes& read, FolderMemo* memo = nullptr);

}  // namespace patchbay
