// The mails are written by `git format-patch` in a scratch repository; the expected ranges are
// the lines git wrote between "---" and the first "diff --git".

#include "regenerate/mail_parts.hpp"

#include <gtest/gtest.h>

#include "tests/support/parsed_patch.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/temp_tree.hpp"

namespace patchbay {
namespace {

using test_support::parse;
using test_support::TempTree;

// A mail format-patch writes for one commit that changes f.txt and creates g.txt.
std::string format_patch_mail(TempTree& tree) {
    tree.run("git init -q && git config user.name T && git config user.email t@t");
    tree.write("f.txt", "1\n2\n3\n");
    tree.run("git add -A && git commit -qm base");
    tree.write("f.txt", "1\ntwo\n3\n");
    tree.write("g.txt", "new\n");
    tree.run("git add -A && git commit -qm 'Change f' -m 'Why: a test.'");
    return test_support::read_file(tree / tree.run("git format-patch -1 -o out"));
}

TEST(MailParts, TheDiffstatIsTheLinesGitWroteUnderTheDashes) {
    TempTree tree;
    auto mail = format_patch_mail(tree);
    auto patch = parse(mail);
    auto range = find_diffstat(patch.preamble);
    ASSERT_TRUE(range.has_value()) << patch.preamble;
    auto stat = patch.preamble.substr(range->begin, range->end - range->begin);
    EXPECT_EQ(stat, tree.run("git diff --stat=72 --summary HEAD~1 HEAD") + "\n");
    EXPECT_EQ(patch.preamble.substr(range->begin - 4, 4), "---\n");
}

TEST(MailParts, MarkerLinesAndProseAreNoDiffstat) {
    EXPECT_FALSE(find_diffstat("Subject: x\n\n--- exported from abc (topic) ---\n").has_value());
    EXPECT_FALSE(find_diffstat("Subject: x\n\n---\nA note after the dashes.\n\n").has_value());
    EXPECT_FALSE(find_diffstat("---\n f | 2 +-\nno totals line\n").has_value());
}

TEST(MailParts, TheSignatureIsTheTextFromTheDashLineAfterTheLastSection) {
    TempTree tree;
    auto mail = format_patch_mail(tree);
    auto version = tree.run("git --version").substr(12);  // "git version 2.39.5"
    EXPECT_EQ(signature_of(mail, parse(mail)), "-- \n" + version + "\n\n");
}

// A removed line "- item" is written "-- item"; a removed "- " is "-- ", exactly the
// signature's line: inside the last hunk it is body, not a signature.
TEST(MailParts, ADashDashSpaceLineInsideTheLastHunkIsNoSignature) {
    std::string text = "--- a/list.md\n+++ b/list.md\n@@ -1,2 +1 @@\n a\n-- \n";
    EXPECT_EQ(signature_of(text, parse(text)), "");
    EXPECT_EQ(signature_of(text + "-- \nsig\n", parse(text + "-- \nsig\n")), "-- \nsig\n");
}

TEST(MailParts, AStatWhoseNumbersDidNotChangeIsKeptAsWritten) {
    // Written at another width than format-patch's: kept, since the numbers are the same.
    std::string head =
        "Subject: x\n\n---\n f.txt |    2 +-\n 1 file changed, 1 insertion(+), 1 "
        "deletion(-)\n\n";
    std::string body =
        "diff --git a/f.txt b/f.txt\n--- a/f.txt\n+++ b/f.txt\n@@ -1 +1 @@\n-a\n+b\n";
    auto old = parse(head + body);
    EXPECT_EQ(refreshed_preamble(old, old, 1), head);
    auto grown = parse(head + body + "diff --git a/g b/g\n--- a/g\n+++ b/g\n@@ -1 +1 @@\n-c\n+d\n");
    EXPECT_EQ(
        refreshed_preamble(old, grown, 1),
        "Subject: x\n\n---\n f.txt | 2 +-\n g     | 2 +-\n 2 files changed, 2 insertions(+), 2 "
        "deletions(-)\n\n");
}

}  // namespace
}  // namespace patchbay
