#pragma once
// Which paths of a set of changes are symlinks, so that "is this path below a symlink" costs
// one probe per folder of the path and no copy of it. Walking a path's prefixes through the
// whole change map, a copy of each, made lookups quadratic in the depth of a path: a patch at
// 10,000 levels took 30 s (issue #27 item 13).

#include <set>
#include <string>
#include <string_view>

namespace patchbay {

class SymlinkPaths {
  public:
    // `path` now holds a symlink (remembered) or something else, or nothing (forgotten).
    void record(const std::string& path, bool symlink);
    // Whether a remembered symlink is a folder on the way to `path` (never `path` itself).
    bool above(std::string_view path) const;
    void clear() { paths_.clear(); }

  private:
    std::set<std::string, std::less<>> paths_;
};

}  // namespace patchbay
