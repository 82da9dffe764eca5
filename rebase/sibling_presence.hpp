#pragma once
// Whether upstream took a patch's change to a file it then deleted, into another file of the
// same folder (curl's tests/data/Makefile.inc became Makefile.am: a patch adding `test486` to
// the old list is upstream once the new list has it). Neither a merge nor hunk_presence can
// see it: the file the hunk was made for is gone.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace patchbay {

// A file's text in one upstream, empty where it has none.
using TextOf = std::function<std::string(const std::string& path)>;

struct SiblingPresence {
    std::string path;  // the file of the new upstream that has the change
    int hunks = 0;     // the hunks found there
};

// The first file among `candidates` (the new upstream's files in the deleted file's folder) that
// has every hunk of the change from `base` to `theirs`: each hunk adds at least one
// distinctive word (5 or more letters, digits or `_`) that the old upstream had neither in the
// deleted file nor in that file, and the new upstream's file has all of them, one at least a
// name (a digit, `_` or a capital inside it). Conservative: a hunk without such a name, or
// one word missing, and the change is not found.
std::optional<SiblingPresence> sibling_presence(std::string_view base, std::string_view theirs,
                                                const std::vector<std::string>& candidates,
                                                const TextOf& old_text, const TextOf& new_text);

}  // namespace patchbay
