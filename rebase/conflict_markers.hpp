#pragma once
// Conflict markers a person left in a file they were resolving (`rebase --continue`,
// docs/ARCHITECTURE.md §6). A marker line is what git writes and `git diff --check` flags: seven
// of `<`, `|`, `=` or `>` alone on the line or followed by a space. A line that the file's own
// text already had before the merge (an RST heading of seven `=`, say) is not one.

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace patchbay {

struct MarkerLine {
    int line = 0;  // 1-based
    std::string text;
};

// The marker lines of `text`, leaving out any line that one of `inputs` (the merge's sides)
// holds itself.
std::vector<MarkerLine> leftover_markers(std::string_view text,
                                         const std::vector<std::string_view>& inputs);

}  // namespace patchbay
