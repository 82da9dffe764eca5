#pragma once
// Path components that some file system opens as ".git": the names git's own verify_path
// refuses (read-cache.c, path.c: is_ntfs_dotgit, is_hfs_dotgit), whatever the platform. A patch
// that creates one would write into the repository of an `apply --worktree` tree (a hook, a
// config), on the machine of whoever checks the tree out there.

#include <optional>
#include <string>
#include <string_view>

namespace patchbay {

// Why `component` (one name between slashes) is a spelling of ".git" ("'.GIT' is .git where
// names ignore case (Windows, macOS)"); empty for ".git" itself, nullopt when it is none.
// Refused, as git refuses them: ".git" in any case, followed by any dots and spaces (Windows
// drops them), the 8.3 short name "git~1" (so followed too), any backslash-separated part of
// the name (a folder separator on Windows), and ".git" with the invisible code points HFS+
// ignores (U+200C-U+200F, U+202A-U+202E, U+206A-U+206F, U+FEFF). Stricter than git, on
// purpose: a ':' also ends the name (an NTFS stream such as ".git::$INDEX_ALLOCATION", which
// git refuses only on Windows), and the HFS+ and NTFS rules are applied together.
std::optional<std::string> dot_git_spelling(std::string_view component);

// Whether `component` is a spelling of ".gitmodules" (the same rules, and its short names
// "gitmod~N" and "gi7eba~N"): git refuses one that is a symlink, since a checkout would read
// the submodules' configuration from wherever it leads.
bool is_dot_gitmodules_spelling(std::string_view component);

}  // namespace patchbay
