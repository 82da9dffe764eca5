#pragma once
// Where a file section begins: free text (a description, mail headers, "--- exported from …"
// markers) is anything that none of these recognise.

#include <cstddef>

#include "patches/patch_lines.hpp"

namespace patchbay {

// "--- " directly followed by "+++ ": a traditional file header.
bool is_header_pair(const PatchLines& lines, std::size_t index);
// "*** " then "--- " then "***************": a context diff's file header (`diff -c`).
bool is_context_header_pair(const PatchLines& lines, std::size_t index);
// "Binary files A and B differ" (diff -r, git without --binary).
bool is_binary_notice(const PatchLines& lines, std::size_t index);
// Quilt's "Index: path" followed by a "====…" line.
bool is_quilt_index(const PatchLines& lines, std::size_t index);
// A "diff -u …" command line (not "diff --git") right before a file header or binary notice.
bool is_diff_command(const PatchLines& lines, std::size_t index);
// The exact "-- " line that ends a format-patch mail (before the git version).
bool is_mail_signature(const PatchLines& lines, std::size_t index);

bool starts_file_section(const PatchLines& lines, std::size_t index);

}  // namespace patchbay
