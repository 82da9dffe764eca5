#pragma once
// The kinds of integrity finding a series run reports, each with the name users see in reports
// and write in [series] warn / fail.

#include <optional>
#include <string>
#include <string_view>

namespace patchbay {

enum class ProblemKind {
    vacuous,          // the patch changes nothing
    header_counts,    // a hunk header's counts do not match its body
    garbage,          // text between file sections that no tool reads
    spaced_name,      // a file name GNU patch reads only up to its first space
    whitespace,       // whitespace errors in added lines
    path,             // a path outside the tree, through a symlink, into .git
    missing_file,     // a file the patch modifies is absent
    binary,           // a binary change without its data
    parse,            // the patch cannot be read
    unlisted,         // a patch file no series line names
    disabled,         // a series entry commented out
    missing_patch,    // a series line names no file
    already_applied,  // a hunk is already applied
    exists,           // a file the patch creates is there already
    not_empty,        // a file the patch deletes still has content
    rejected,         // a hunk does not apply
    reverse,          // the series does not undo to the pristine tree
};

// The name in reports: "header-counts".
const char* to_string(ProblemKind kind);

// The kind a name names; nullopt for none.
std::optional<ProblemKind> problem_kind_named(std::string_view name);

// Every name, comma-separated, for messages.
std::string problem_kinds_list();

}  // namespace patchbay
