#pragma once
// The diffstat and summary `git format-patch` writes under the "---" line of a mail (git's
// diff.c: show_stats, pprint_rename, diff_summary), for the sections of a patch: one line per
// file with its changed-line count and a +/- graph scaled to the width, the "N files changed"
// line, then "create mode", "delete mode", "rename", "copy" and "mode change" lines.

#include <string>

#include "patches/diff_model.hpp"

namespace patchbay {

// format-patch's width (git's MAIL_DEFAULT_WRAP).
inline constexpr int kMailStatWidth = 72;

// The lines, each ending in "\n"; empty for a patch without sections.
std::string git_diffstat(const PatchFile& patch, int strip, int width = kMailStatWidth);

// A path as git prints it: in double quotes with C escapes when it holds a control character,
// a quote, a backslash or a byte above 0x7f (core.quotePath's default), else as is.
std::string git_quoted_path(const std::string& path);

// "a/{b => c}/d": git's short form of a rename from `from` to `to`.
std::string git_rename_name(const std::string& from, const std::string& to);

}  // namespace patchbay
