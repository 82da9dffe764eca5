#include "rebase/provenance.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

bool has_claim(const std::vector<ProvenanceClaim>& claims, ClaimKind kind,
               const std::string& value) {
    for (const auto& claim : claims)
        if (claim.kind == kind && claim.value == value) return true;
    return false;
}

TEST(Provenance, Dep3HeadersNameCommitsAndPullRequests) {
    auto claims = provenance_claims(
        "Description: fix the overflow\n"
        "Origin: upstream, https://github.com/curl/curl/commit/"
        "FB4415D8AEE6C1045BE932A34FE6107C2F5ED147\n"
        "Applied-Upstream: 8.4.0, https://github.com/curl/curl/pull/12345\n"
        "Last-Update: 20231011123456\n",
        "fix-overflow.patch");
    EXPECT_TRUE(has_claim(claims, ClaimKind::commit, "fb4415d8aee6c1045be932a34fe6107c2f5ed147"));
    EXPECT_TRUE(has_claim(claims, ClaimKind::pull_request, "12345"));
    EXPECT_EQ(claims.size(), 2u) << "a date of decimal digits is no commit id";
}

TEST(Provenance, FormatPatchFromLinesAndNamesMakeClaims) {
    auto claims = provenance_claims(
        "From 0123456789abcdef0123456789abcdef01234567 Mon Sep 17 00:00:00 2001\n",
        "vllm-pr50021-fix-cache.patch");
    EXPECT_TRUE(has_claim(claims, ClaimKind::commit, "0123456789abcdef0123456789abcdef01234567"));
    EXPECT_TRUE(has_claim(claims, ClaimKind::pull_request, "50021"));
    EXPECT_TRUE(
        has_claim(provenance_claims("", "CVE-2023-38545.patch"), ClaimKind::cve, "CVE-2023-38545"));
    EXPECT_TRUE(provenance_claims("Description: nothing said\n", "fix-build.patch").empty());
    EXPECT_TRUE(has_claim(
        provenance_claims("Subject: [PATCH] [Bugfix] Fix the scale (#23182)\n", "0006-fix.patch"),
        ClaimKind::pull_request, "23182"));
    EXPECT_TRUE(has_claim(provenance_claims("Subject: [PATCH] [Bugfix] Mamba2 SSD varlen fix,\n"
                                            " improve test (#21783)\n\nBody (#5)\n",
                                            "0001-fix.patch"),
                          ClaimKind::pull_request, "21783"))
        << "a long subject folds onto the next line";
    EXPECT_TRUE(provenance_claims("Subject: [PATCH] Fix (#1) of the scale\n", "x.patch").empty())
        << "only a number the subject ends with is GitHub's";
}

TEST(Provenance, ATextConfirmsWhatItNames) {
    ProvenanceClaim commit{ClaimKind::commit, "fb4415d8aee6", "Origin header"};
    EXPECT_TRUE(text_confirms("(cherry picked from commit FB4415D8AEE6C1045BE9)", commit));
    EXPECT_FALSE(text_confirms("commit 0b4415d8aee6", commit));
    ProvenanceClaim pr{ClaimKind::pull_request, "123", "file name"};
    EXPECT_TRUE(text_confirms("Merge pull request #123 from a/b", pr));
    EXPECT_FALSE(text_confirms("Merge pull request #1234 from a/b", pr));
    ProvenanceClaim cve{ClaimKind::cve, "CVE-2023-38545", "file name"};
    EXPECT_TRUE(text_confirms(" o SOCKS5 heap overflow (CVE-2023-38545)\n", cve));
}

}  // namespace
}  // namespace patchbay
