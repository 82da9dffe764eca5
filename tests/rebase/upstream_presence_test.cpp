#include "rebase/upstream_presence.hpp"

#include <gtest/gtest.h>

#include "tests/support/memory_source.hpp"
#include "tests/support/parsed_patch.hpp"

namespace patchbay {
namespace {

using test_support::MemorySource;
using test_support::parse;

const std::string kPatch =
    "--- a/g.py\n+++ b/g.py\n@@ -2,2 +2,4 @@\n 2\n+def helper_for_the_cache(blocks):\n"
    "+    return sum(blocks)\n 3\n";

TEST(UpstreamPresence, LinesTheNewUpstreamGainedElsewhereAreDuplicates) {
    MemorySource old_upstream, new_upstream;
    old_upstream.file("g.py", "1\n2\n3\n4\n5\n");
    new_upstream.file("g.py",
                      "1\n2\n3\n4\n    def helper_for_the_cache(blocks):\n"
                      "        return sum(blocks)\n5\n");
    auto found = duplicated_lines(parse(kPatch), 1, old_upstream, new_upstream);
    ASSERT_TRUE(found.ok());
    ASSERT_EQ(found->size(), 1u);
    EXPECT_EQ((*found)[0].path, "g.py");
    EXPECT_EQ((*found)[0].hunk, 1);
    EXPECT_EQ((*found)[0].first, 5) << "indentation aside";
    EXPECT_EQ((*found)[0].last, 6);
}

TEST(UpstreamPresence, LinesTheOldUpstreamHadOrTooShortToTellAreNot) {
    MemorySource old_upstream, new_upstream;
    std::string both = "def helper_for_the_cache(blocks):\n    return sum(blocks)\n";
    old_upstream.file("g.py", "1\n2\n3\n" + both);
    new_upstream.file("g.py", "1\n2\n3\n" + both);
    auto found = duplicated_lines(parse(kPatch), 1, old_upstream, new_upstream);
    ASSERT_TRUE(found.ok());
    EXPECT_TRUE(found->empty());
    MemorySource short_old, short_new;
    short_old.file("g.py", "1\n2\n3\n");
    short_new.file("g.py", "1\n2\n}\n3\n");
    auto brace = duplicated_lines(parse("--- a/g.py\n+++ b/g.py\n@@ -1 +1,2 @@\n 1\n+}\n"), 1,
                                  short_old, short_new);
    ASSERT_TRUE(brace.ok());
    EXPECT_TRUE(brace->empty());
}

TEST(UpstreamPresence, PresenceReadsTheAlreadyAppliedHunks) {
    AppliedPatch all, part, none;
    all.report.problems = {{ProblemKind::already_applied, "", "", 0},
                           {ProblemKind::vacuous, "", "", 0}};
    part.report.problems = {{ProblemKind::already_applied, "", "", 0}};
    EXPECT_EQ(presence_of(all), Presence::all);
    EXPECT_EQ(presence_of(part), Presence::partial);
    EXPECT_EQ(presence_of(none), Presence::none);
}

}  // namespace
}  // namespace patchbay
