#pragma once
// The folder the series' own files must stay in (issue #27 items 7 and 15): the series file,
// the patches and the folders leading to them are read and written only where they resolve
// inside it, so a symlink in patches/ (patches/sub -> /elsewhere, patches/x.patch ->
// /etc/passwd) can neither show patchbay a file from elsewhere nor have regenerate or
// rebase --write replace one there. A symlink that stays inside is followed.

#include <filesystem>
#include <string>

#include "common/result.hpp"
#include "config/config.hpp"

namespace patchbay {

// The project folder, the one holding patchbay.toml (the current folder without one), or the
// series file's own folder when the configuration names a series file outside the project;
// free of symlinks. Empty when that folder does not exist (nor, then, does the series file).
std::filesystem::path project_folder(const Config& config,
                                     const std::filesystem::path& series_path);

// An Error naming `shown` when `name`, relative to the folder open as `folder` (AT_FDCWD: the
// current one), leads out of `project`. Ok when it stays inside, when nothing there opens (the
// read says so in its own words) and when `project` is empty (a plan built in code).
Status readable_in_project(const std::filesystem::path& project, int folder, const char* name,
                           const std::string& shown);

// Where a file about to be written is written, or an Error: its folder, where the temporary
// file goes, must lead into `project`. A symlinked patch (patches/debian.patch ->
// ../common/debian.patch) is written where it leads, as an editor writes it, so the link stays
// a link and the file it shares gets the new text; it too must lie inside `project`.
Result<std::filesystem::path> write_location_in_project(const std::filesystem::path& project,
                                                        const std::filesystem::path& path,
                                                        const std::string& shown);

}  // namespace patchbay
