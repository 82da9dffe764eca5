// upstream_notes() itself (the history between two revisions, the lines release notes gained)
// runs in tests/cli/rebase_upgrade_cli_test.cpp, on a git upstream whose history names a CVE.
#include "rebase/upstream_notes.hpp"

#include <gtest/gtest.h>

#include "tests/support/parsed_patch.hpp"

namespace patchbay {
namespace {

TEST(UpstreamNotes, EvidenceSaysWhereTheClaimWasFound) {
    auto patch = test_support::parse(
        "Origin: upstream, https://example.org/commit/0123456789abcdef\n"
        "--- a/f.c\n+++ b/f.c\n@@ -1 +1 @@\n-a\n+b\n");
    UpstreamNotes notes{"Fix the parser\n\n(cherry picked from commit 0123456789abcdef00)\n",
                        " o fixed CVE-2023-1111\n"};
    auto evidence = provenance_evidence(patch, "CVE-2023-1111.patch", notes);
    ASSERT_EQ(evidence.size(), 2u);
    EXPECT_EQ(evidence[0],
              "Origin header names commit 0123456789ab: in the history since the old upstream");
    EXPECT_EQ(evidence[1], "file name names CVE-2023-1111: in the new upstream's release notes");
    EXPECT_TRUE(provenance_evidence(patch, "x.patch", UpstreamNotes{}).empty());
}

}  // namespace
}  // namespace patchbay
