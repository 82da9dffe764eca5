#pragma once
// A three-way merge of one file's text with libgit2's git_merge_file (git's own xdiff merge):
// the change from `base` to `theirs` carried onto `ours`. Used where a change was made against
// one state of a file and must land on another: a worktree whose series moved on, a patch whose
// upstream moved on.

#include <string>
#include <string_view>

#include "common/result.hpp"

namespace patchbay {

struct TextMerge {
    bool clean = false;
    std::string text;  // the merged text; with conflict markers when not clean
};

struct MergeLabels {
    std::string ours = "ours";
    std::string theirs = "theirs";
    std::string base = "base";
};

// An Error only when libgit2 fails. A binary input never merges cleanly.
Result<TextMerge> merge_texts(std::string_view base, std::string_view ours, std::string_view theirs,
                              const MergeLabels& labels = {});

}  // namespace patchbay
