#pragma once
// The header of a git file section: the "diff --git" line and the extended lines after it
// ("new file mode", "rename from", "index" …).

#include <optional>
#include <string>
#include <string_view>

#include "common/result.hpp"
#include "patches/diff_model.hpp"

namespace patchbay {

struct GitNames {
    std::string old_name;
    std::string new_name;
};

// The two names after "diff --git ". Quoted names are unquoted; unquoted names with spaces are
// split where both agree after their first component ("a/x y b/x y"), else at the first space.
std::optional<GitNames> split_git_names(std::string_view names);

// The split of "diff --git" names whose sides end in the "rename/copy from/to" values, for names
// with spaces that do not agree (a rename): "a/old x.py b/new x.py".
std::optional<GitNames> split_git_names_by(std::string_view names, std::string_view source,
                                           std::string_view target);

// What the extended lines say beyond the fields of FileDiff.
struct GitExtendedHeader {
    bool new_file = false;
    bool deleted_file = false;
    std::optional<FileOp> rename_or_copy;
    std::string source;  // "rename from" / "copy from", as written (no a/ prefix)
    std::string target;  // "rename to" / "copy to"
};

// Reads one extended header line into `file` (modes, similarity, index) and `extended`; false when
// `content` is no extended header line. A bad mode is an Error at `line`.
Result<bool> read_git_extended_line(std::string_view content, FileDiff& file,
                                    GitExtendedHeader& extended, const std::string& path,
                                    std::int64_t line);

// `value` ("rename from x/y.c") prefixed like `git_name` ("a/x/y.c" → "a/"), so that strip_path
// treats renamed names like any other.
std::string prefixed_like(const std::string& git_name, const std::string& value);

}  // namespace patchbay
