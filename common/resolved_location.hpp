#pragma once
// Where a path really leads once every symlink on the way, its own included, is followed: what
// keeps the series' files inside the project (issue #27 items 7 and 15). Asked of the kernel
// about the file once it is open (/proc/self/fd), so no second walk of the path can differ.

#include <filesystem>
#include <optional>

#include "common/result.hpp"

namespace patchbay {

// The absolute location of `name` relative to the folder open as `folder` (AT_FDCWD: the
// current folder); nullopt when nothing there can be opened (missing, a dangling link, a name
// too long), which reading it reports in its own words. An Error when it opened but the kernel
// would not say where it is.
Result<std::optional<std::filesystem::path>> resolved_location_at(int folder, const char* name);
Result<std::optional<std::filesystem::path>> resolved_location(const std::filesystem::path& path);

// Whether `path` is `folder` or lies below it; both absolute and free of symlinks, "." and "..".
bool lies_within(const std::filesystem::path& path, const std::filesystem::path& folder);

}  // namespace patchbay
