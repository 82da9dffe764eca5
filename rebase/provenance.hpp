#pragma once
// Where a patch says it came from, and whether the new upstream says the same
// (docs/ARCHITECTURE.md §6, rebase). Debian's DEP-3 headers (`Origin: upstream, <commit URL>`,
// `Applied-Upstream:`, `Bug:`, `Forwarded:`), git format-patch's `From <sha>` line, a subject
// ending in GitHub's `(#23182)` and names
// such as `CVE-2023-38545.patch` or `vllm-pr50021-…` make claims; the commits between the two
// upstream revisions (subjects, trailers, cherry-pick lines) or, without history, the lines
// the new upstream's NEWS, CHANGES or release notes gained, may confirm them. A confirmed
// claim is evidence shown beside the outcome; it never decides the outcome.

#include <string>
#include <string_view>
#include <vector>

namespace patchbay {

enum class ClaimKind { commit, pull_request, cve, bug };

struct ProvenanceClaim {
    ClaimKind kind = ClaimKind::commit;
    std::string value;  // a hex id (7 to 40 digits), a PR number, "CVE-2023-38545", a bug URL
    std::string where;  // what makes it: "Origin header", "From line", "file name"
};

// The claims of a patch: its preamble (the text above the first file section) and its name.
std::vector<ProvenanceClaim> provenance_claims(std::string_view preamble, std::string_view name);

// Whether `text` (commit messages, a NEWS file's new lines) names what the claim names.
bool text_confirms(std::string_view text, const ProvenanceClaim& claim);

// "Origin header names commit 1a2b3c4d5e6f" and the like, for the report.
std::string describe(const ProvenanceClaim& claim);

}  // namespace patchbay
