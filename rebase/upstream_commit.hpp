#pragma once
// Which upstream commit brought a patch's change (rebase's "already upstream"): the first commit
// on the first-parent line from the old upstream revision to the new one whose tree already
// holds the whole change. Found by bisection, since once upstream the change stays there.

#include <optional>
#include <string>

#include "common/result.hpp"
#include "patches/diff_model.hpp"
#include "source/pristine_source.hpp"

namespace patchbay {

struct UpstreamCommit {
    std::string id;       // full hex id
    std::string subject;  // its summary line
};

// `upstream` names the repository (path, directory); its rev is ignored. nullopt when no commit
// between `old_commit` (excluded) and `new_commit` holds the change.
Result<std::optional<UpstreamCommit>> commit_that_brought(const SourceOptions& upstream,
                                                          const std::string& old_commit,
                                                          const std::string& new_commit,
                                                          const PatchFile& patch, int strip);

}  // namespace patchbay
