#pragma once
// The hunks of an edited file whose edit left some of the patch's old hunks alone. Those are
// kept as their author's tool wrote them (only the "+" start of their "@@" line moves, by the
// lines the edit added or removed above them) and only the stretches between them are diffed
// anew. A one-line edit then changes one hunk of the patch, not every hunk that today's line
// numbers or git's alignment would draw differently (issue #28: "touches only that hunk").

#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "common/shared_text.hpp"
#include "patches/diff_model.hpp"
#include "regenerate/buffer_diff.hpp"

namespace patchbay {

struct OldHunks {
    const std::vector<Hunk>& hunks;         // parsed
    const std::vector<std::string>& texts;  // each as written, its "@@" line included
};

// The hunks that turn `before` into `after`: the old ones the edit did not touch, in their old
// bytes, and fresh ones (laid out by `layout`, function context as libgit2 finds it) for the
// rest. nullopt when none can be kept: an old hunk does not land exactly or at an offset on
// `before`, one has an empty side, or the edit reached them all.
Result<std::optional<std::vector<Hunk>>> keep_untouched_hunks(const SharedText& before,
                                                              const SharedText& after,
                                                              const OldHunks& old,
                                                              const DiffLayout& layout);

}  // namespace patchbay
