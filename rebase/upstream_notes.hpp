#pragma once
// What the new upstream says about itself since the old one (docs/ARCHITECTURE.md §6, rebase):
// the ids and messages of the commits between the two revisions (first-parent line: subjects,
// trailers, cherry-pick lines, merges' PR numbers) and the lines its NEWS, CHANGES, ChangeLog or
// release notes gained. A patch's provenance claims (rebase/provenance.hpp) are checked against
// them.

#include <string>
#include <vector>

#include "common/result.hpp"
#include "patches/diff_model.hpp"
#include "source/pristine_source.hpp"

namespace patchbay {

struct UpstreamNotes {
    std::string history;  // the commit messages, one after another
    std::string news;     // the lines the release-notes files gained
};

// `repository` names the upstream's repository; `old_commit`..`new_commit` its history.
Result<UpstreamNotes> upstream_notes(const SourceOptions& repository, const std::string& old_commit,
                                     const std::string& new_commit,
                                     const PristineSource& old_upstream,
                                     const PristineSource& new_upstream);

// The confirmed claims of a patch, described ("Origin header names commit 1a2b3c4d5e6f: in
// the history since the old upstream").
std::vector<std::string> provenance_evidence(const PatchFile& patch, const std::string& name,
                                             const UpstreamNotes& notes);

}  // namespace patchbay
