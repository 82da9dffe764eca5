// regenerate() end to end in the library: a series on disk, a pristine tree in memory, a
// worktree made with the git CLI as apply --worktree makes it. Expected patch lines are
// hand-written.

#include "regenerate/regenerate.hpp"

#include <gtest/gtest.h>

#include "series/series_file.hpp"
#include "tests/regenerate/worktree_fixture.hpp"
#include "tests/support/memory_source.hpp"
#include "tests/support/numbered_lines.hpp"
#include "tests/support/series_names.hpp"

namespace patchbay {
namespace {

using test_support::GitWorktree;
using test_support::MemorySource;
using test_support::TempTree;

using test_support::kOne;
using test_support::kTwo;

using test_support::numbered_lines;

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

class Library : public ::testing::Test {
  protected:
    void SetUp() override {
        source.file("f.txt", numbered_lines(20));
        write_series("0001-one.patch\n0002-two.patch\n");
        files.write("patches/" + kOne,
                    "one\n\n--- a/f.txt\n+++ b/f.txt\n@@ -2,3 +2,3 @@\n 2\n-3\n+three\n 4\n");
        files.write(
            "patches/" + kTwo,
            "two\n\n--- a/f.txt\n+++ b/f.txt\n@@ -14,3 +14,3 @@\n 14\n-15\n+fifteen\n 16\n");
    }
    void write_series(const std::string& text) {
        files.write("patches/series", text);
        plan.series = *parse_series(text, "patches/series");
        plan.patches_dir = files / "patches";
        plan.patches_label = "patches";
    }
    SeriesRun run() { return *run_series(plan, source); }
    // 0002's worktree as apply --worktree made it while 0001 still wrote "three".
    void old_worktree_of_two() {
        wt.commit("pristine upstream", {{"f.txt", numbered_lines(20)}});
        wt.commit(kOne, {{"f.txt", numbered_lines(20, {{3, "three"}})}});
        wt.commit(kTwo, {{"f.txt", numbered_lines(20, {{3, "three"}, {15, "fifteen"}})}});
    }
    MemorySource source;
    TempTree files;
    SeriesPlan plan;
    GitWorktree wt;
};

TEST_F(Library, AnUntouchedWorktreeGivesTheSameText) {
    old_worktree_of_two();
    auto regen = regenerate_from_worktree(plan, source, run(), kTwo, wt.tree.root());
    ASSERT_TRUE(regen.ok()) << regen.error().message;
    EXPECT_EQ(regen->label, "patches/" + kTwo);
    EXPECT_TRUE(regen->rebased.empty());
    EXPECT_TRUE(has(regen->new_text, "-15\n+fifteen\n")) << regen->new_text;
    EXPECT_TRUE(regen->new_text.starts_with("two\n\n--- a/f.txt\n")) << regen->new_text;
}

TEST_F(Library, AnEditOnAStaleBaseIsRebasedAndNamesThePatch) {
    old_worktree_of_two();
    files.write("patches/" + kOne,
                "one\n\n--- a/f.txt\n+++ b/f.txt\n@@ -2,3 +2,3 @@\n 2\n-3\n+THREE\n 4\n");
    wt.tree.write("f.txt", numbered_lines(20, {{3, "three"}, {15, "FIFTEEN"}}));
    auto regen = regenerate_from_worktree(plan, source, run(), kTwo, wt.tree.root());
    ASSERT_TRUE(regen.ok()) << regen.error().message;
    ASSERT_EQ(regen->rebased.size(), 1u);
    EXPECT_EQ(regen->rebased[0].changed_by, std::vector<std::string>{kOne});
    EXPECT_TRUE(has(regen->new_text, "-15\n+FIFTEEN\n")) << regen->new_text;
    EXPECT_FALSE(has(regen->new_text, "three")) << regen->new_text;
}

TEST_F(Library, AWorktreeThatUndoesThePatchIsAnError) {
    old_worktree_of_two();
    wt.tree.write("f.txt", numbered_lines(20, {{3, "three"}}));
    auto regen = regenerate_from_worktree(plan, source, run(), kTwo, wt.tree.root());
    ASSERT_FALSE(regen.ok());
    EXPECT_NE(regen.error().message.find("would change nothing"), std::string::npos);
}

TEST_F(Library, AnUnlistedOrReversedEntryIsAnError) {
    old_worktree_of_two();
    auto unlisted = regenerate_from_worktree(plan, source, run(), "nope.patch", wt.tree.root());
    ASSERT_FALSE(unlisted.ok());
    EXPECT_NE(unlisted.error().message.find("is not listed in the series"), std::string::npos);
    write_series("0001-one.patch\n0002-two.patch -R\n");
    auto reversed = regenerate_from_worktree(plan, source, run(), kTwo, wt.tree.root());
    ASSERT_FALSE(reversed.ok());
    EXPECT_NE(reversed.error().message.find("applied reversed"), std::string::npos);
}

// Issue #25: a typo in NAME gets the listed name it most likely means.
TEST_F(Library, AMistypedNameIsAnsweredWithTheNearestListedOne) {
    old_worktree_of_two();
    auto typo = regenerable_entry(plan, "0002-tow.patch");
    ASSERT_FALSE(typo.ok());
    EXPECT_EQ(typo.error().message,
              "'0002-tow.patch' is not listed in the series; did you mean '0002-two.patch' "
              "(series line 2)?");
    auto listed = regenerable_entry(plan, kTwo);
    ASSERT_TRUE(listed.ok());
    EXPECT_EQ((*listed)->name, kTwo);
}

TEST_F(Library, FromCommitAsksBeforeThePatchGrowsAFile) {
    GitWorktree fork;
    fork.commit("base", {{"f.txt", numbered_lines(20, {{3, "three"}})}});
    fork.commit("topic", {{"f.txt", numbered_lines(20, {{3, "three"}, {15, "FIFTEEN"}})},
                          {"extra.txt", "x\n"}});
    CommitSource commit{fork.tree.root(), "HEAD", "", false};
    auto refused = regenerate_from_commit(plan, kTwo, commit);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().message.find("also changes extra.txt, which patches/" + kTwo),
              std::string::npos)
        << refused.error().message;
    commit.add_files = true;
    auto added = regenerate_from_commit(plan, kTwo, commit);
    ASSERT_TRUE(added.ok()) << added.error().message;
    EXPECT_TRUE(has(added->new_text, "+++ b/extra.txt\n@@ -0,0 +1 @@\n+x\n")) << added->new_text;
}

}  // namespace
}  // namespace patchbay
