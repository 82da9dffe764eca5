#pragma once
// One file of a patch carried hunk by hunk onto the new upstream, where the file as a whole
// does not merge (docs/ARCHITECTURE.md §6, rebase). Each hunk of the patch's change is, in
// order: already upstream (rebase/hunk_presence.hpp), merged three ways on its own, made beside
// upstream's edits when upstream left the lines it replaces alone (git's merge refuses changes
// on adjacent lines), placed by GNU patch's matching with fuzz up to 2 (a block upstream moved
// and edited at its edge), or left to a person. So one hunk that upstream rewrote no longer
// makes a person redo the whole file.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "rebase/hunk_presence.hpp"

namespace patchbay {

enum class HunkFate {
    merged,    // git's three-way merge, on its own
    fuzz,      // its context differs upstream: made beside upstream's edits, or with fuzz
    upstream,  // already there
    conflict,
};

struct CarriedHunk {
    HunkFate fate = HunkFate::merged;
    HunkVerdict verdict;   // for an upstream hunk: how it is there
    std::size_t line = 0;  // 1-based line of the new file where it is (or would be)
};

struct FileCarry {
    std::string text;  // the new file with every hunk carried (merged or placed with fuzz)
    // The old file with only the conflicting hunks: their side of the merge a person resolves
    // (the carried hunks are in `text` already, the upstream ones need nothing).
    std::string left;
    std::vector<CarriedHunk> hunks;
    bool conflicts() const;
};

// `base` is the old upstream's file before the patch, `theirs` after it, `ours` the new
// upstream's file. An Error only when libgit2 fails.
Result<FileCarry> carry_hunks(std::string_view base, std::string_view theirs,
                              std::string_view ours);

}  // namespace patchbay
