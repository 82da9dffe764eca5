// The series applied in memory to a pristine tree: each entry's outcome, the integrity
// problems, the reversal check.
// Also tests series/finding_policy.cpp (which problems warn, strict, per-kind overrides).

#include "series/series_runner.hpp"

#include <gtest/gtest.h>

#include "tests/support/memory_source.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

using test_support::MemorySource;
using test_support::TempDir;
using test_support::write_file;

const char* kFirst = "--- a/f.py\n+++ b/f.py\n@@ -1,3 +1,4 @@\n a\n b\n+added\n c\n";
// Depends on the line the first patch adds.
const char* kSecond = "--- a/f.py\n+++ b/f.py\n@@ -2,3 +2,3 @@\n b\n-added\n+ADDED\n c\n";
const char* kBroken = "--- a/f.py\n+++ b/f.py\n@@ -1,3 +1,3 @@\n a\n-zzz\n+yyy\n c\n";

class SeriesRunnerTest : public ::testing::Test {
  protected:
    void SetUp() override { source.file("f.py", "a\nb\nc\n"); }

    SeriesPlan plan_for(const std::vector<std::pair<std::string, std::string>>& patches) {
        SeriesPlan plan;
        plan.patches_dir = dir.path();
        plan.patches_label = "patches";
        plan.series.path = "patches/series";
        std::int64_t line = 0;
        for (const auto& [name, text] : patches) {
            write_file(dir / name, text);
            plan.series.entries.push_back({name, std::nullopt, false, {}, ++line});
        }
        return plan;
    }

    SeriesReport run(const SeriesPlan& plan) {
        auto result = run_series(plan, source);
        EXPECT_TRUE(result.ok());
        return result.ok() ? result->report : SeriesReport{};
    }

    MemorySource source;
    TempDir dir;
};

TEST_F(SeriesRunnerTest, AppliesPatchesInOrderOnTheRunningState) {
    auto report = run(plan_for({{"1.patch", kFirst}, {"2.patch", kSecond}}));
    ASSERT_EQ(report.patches.size(), 2u);
    EXPECT_EQ(report.patches[0].status, PatchStatus::applied);
    EXPECT_EQ(report.patches[1].status, PatchStatus::applied) << report.patches[1].reason;
    EXPECT_FALSE(report.is_negative());
    EXPECT_EQ(report.totals().exact, 2);
}

TEST_F(SeriesRunnerTest, ARejectedPatchDoesNotStopTheReport) {
    auto report = run(plan_for({{"1.patch", kBroken}, {"2.patch", kFirst}}));
    EXPECT_EQ(report.patches[0].status, PatchStatus::rejected);
    EXPECT_EQ(report.patches[1].status, PatchStatus::applied);
    EXPECT_TRUE(report.is_negative());
    EXPECT_FALSE(report.has_failed_patch());
}

TEST_F(SeriesRunnerTest, LaterPatchesAreCheckedAgainstTheStateWithoutTheRejectedOne) {
    // The second patch needs the first; once the first is rejected, it is rejected too.
    auto plan = plan_for({{"1.patch", kFirst}, {"2.patch", kSecond}});
    write_file(dir / "1.patch", kBroken);
    auto report = run(plan);
    EXPECT_EQ(report.patches[0].status, PatchStatus::rejected);
    EXPECT_EQ(report.patches[1].status, PatchStatus::rejected);
}

TEST_F(SeriesRunnerTest, SkippedEntriesCarryTheirReason) {
    auto plan = plan_for({{"1.patch", kFirst}, {"old.patch", kBroken}});
    plan.skip.push_back({"old.patch", "native upstream since 0.28.0", 3});
    auto report = run(plan);
    EXPECT_EQ(report.patches[1].status, PatchStatus::skipped);
    EXPECT_EQ(report.patches[1].reason, "native upstream since 0.28.0");
    EXPECT_EQ(report.totals().skipped, 1);
    EXPECT_FALSE(report.is_negative());
}

TEST_F(SeriesRunnerTest, ASkipRuleForNoEntryIsReported) {
    auto plan = plan_for({{"1.patch", kFirst}});
    plan.skip.push_back({"retired.patch", "gone", 7});
    auto report = run(plan);
    ASSERT_EQ(report.series_problems.size(), 1u);
    EXPECT_EQ(report.series_problems[0].kind, ProblemKind::missing_patch);
    EXPECT_EQ(report.series_problems[0].line, 7);
}

TEST_F(SeriesRunnerTest, APatchFileNeverListedIsReported) {
    auto plan = plan_for({{"1.patch", kFirst}});
    write_file(dir / "sub/forgotten.diff", kSecond);
    auto report = run(plan);
    ASSERT_EQ(report.series_problems.size(), 1u);
    EXPECT_EQ(report.series_problems[0].kind, ProblemKind::unlisted);
    EXPECT_NE(report.series_problems[0].message.find("sub/forgotten.diff"), std::string::npos);
}

TEST_F(SeriesRunnerTest, AListedNameWithNoFileFailsThatEntry) {
    auto plan = plan_for({{"1.patch", kFirst}});
    plan.series.entries.push_back({"absent.patch", std::nullopt, false, {}, 2});
    auto report = run(plan);
    EXPECT_EQ(report.patches[1].status, PatchStatus::failed);
    EXPECT_TRUE(report.has_failed_patch());
}

TEST_F(SeriesRunnerTest, UptoStopsAfterTheNamedEntry) {
    auto plan = plan_for({{"1.patch", kFirst}, {"2.patch", kSecond}});
    plan.upto = "1.patch";
    auto report = run(plan);
    EXPECT_EQ(report.patches.size(), 1u);
    plan.upto = "nope.patch";
    EXPECT_FALSE(run_series(plan, source).ok());
}

TEST_F(SeriesRunnerTest, WhitespaceErrorsInAddedLinesAreReportedWithTheirLine) {
    auto report = run(plan_for(
        {{"1.patch", "--- a/f.py\n+++ b/f.py\n@@ -1,3 +1,4 @@\n a\n b\n+trailing \n c\n"}}));
    ASSERT_EQ(report.patches[0].problems.size(), 1u);
    EXPECT_EQ(report.patches[0].problems[0].kind, ProblemKind::whitespace);
    EXPECT_EQ(report.patches[0].problems[0].line, 6);
    EXPECT_EQ(report.patches[0].problems[0].severity, FindingSeverity::warning);
    EXPECT_FALSE(report.is_negative());  // it does not change the tree the build gets
}

TEST_F(SeriesRunnerTest, StrictMakesAWarningFail) {
    auto plan = plan_for(
        {{"1.patch", "--- a/f.py\n+++ b/f.py\n@@ -1,3 +1,4 @@\n a\n b\n+trailing \n c\n"}});
    plan.policy.strict = true;
    auto report = run(plan);
    EXPECT_EQ(report.patches[0].problems[0].severity, FindingSeverity::failure);
    EXPECT_TRUE(report.is_negative());
}

TEST_F(SeriesRunnerTest, APerKindPolicyOverridesTheDefault) {
    auto plan = plan_for(
        {{"1.patch", "--- a/f.py\n+++ b/f.py\n@@ -1,3 +1,4 @@\n a\n b\n+trailing \n c\n"}});
    plan.policy.overrides[ProblemKind::whitespace] = FindingSeverity::failure;
    EXPECT_TRUE(run(plan).is_negative());
}

// Issue #14: Debian's binutils series switches patches off by commenting them out.
TEST_F(SeriesRunnerTest, ACommentedOutEntryWhoseFileExistsIsDisabledNotUnlisted) {
    auto plan = plan_for({{"1.patch", kFirst}});
    write_file(dir / "014_hash_style-both.patch", kSecond);
    plan.series.commented.push_back({"014_hash_style-both.patch", "#014_hash_style-both.patch", 5});
    plan.series.commented.push_back({"only", "# only applied for GFDL builds", 6});
    auto report = run(plan);
    ASSERT_EQ(report.series_problems.size(), 1u);
    EXPECT_EQ(report.series_problems[0].kind, ProblemKind::disabled);
    EXPECT_EQ(report.series_problems[0].file, "patches/series");
    EXPECT_EQ(report.series_problems[0].line, 5);
    EXPECT_EQ(report.series_problems[0].severity, FindingSeverity::warning);
    EXPECT_EQ(report.disabled, 1);
    EXPECT_FALSE(report.is_negative());
}

TEST_F(SeriesRunnerTest, AnUnlistedPatchFileOnlyWarnsByDefault) {
    auto plan = plan_for({{"1.patch", kFirst}});
    write_file(dir / "other-arch.diff", kSecond);
    auto report = run(plan);
    ASSERT_EQ(report.series_problems.size(), 1u);
    EXPECT_EQ(report.series_problems[0].severity, FindingSeverity::warning);
    EXPECT_FALSE(report.is_negative());
}

// GNU patch 2.7.6 applies the counted lines of a hunk whose body runs on and ignores the rest
// (glibc's hurd-i386/tg-sysvshm.diff); patchbay applies it the same way and reports it.
TEST_F(SeriesRunnerTest, AHunkBodyLongerThanItsCountsAppliesAsGnuPatchDoesAndFails) {
    auto report =
        run(plan_for({{"1.patch", "--- a/f.py\n+++ b/f.py\n@@ -1,2 +1,3 @@\n a\n+x\n b\n c\n"}}));
    EXPECT_EQ(report.patches[0].status, PatchStatus::applied);
    ASSERT_EQ(report.patches[0].problems.size(), 1u);  // the ignored line is not also garbage
    EXPECT_EQ(report.patches[0].problems[0].kind, ProblemKind::header_counts);
    EXPECT_TRUE(report.is_negative());
    EXPECT_FALSE(report.has_failed_patch());
}

TEST_F(SeriesRunnerTest, TheAppliedStepsCarryEachPatchsChanges) {
    auto result = run_series(plan_for({{"1.patch", kFirst}, {"2.patch", kSecond}}), source);
    ASSERT_TRUE(result.ok());
    ASSERT_EQ(result->steps.size(), 2u);
    EXPECT_EQ(result->steps[1].changes.at("f.py")->content, "a\nb\nADDED\nc\n");
    EXPECT_TRUE(result->report.series_problems.empty());  // reverses cleanly
}

// Issue #14: GNU patch says "Perhaps you used the wrong -p"; patchbay names the level.
TEST_F(SeriesRunnerTest, AMissingFileNamesTheStripLevelUnderWhichItExists) {
    auto plan =
        plan_for({{"1.patch", "--- x/a/f.py\n+++ x/a/f.py\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"}});
    auto report = run(plan);  // -p1 names a/f.py, which does not exist
    ASSERT_EQ(report.patches[0].status, PatchStatus::rejected);
    const Problem& missing = report.patches[0].problems.at(0);
    EXPECT_EQ(missing.kind, ProblemKind::missing_file);
    ASSERT_EQ(missing.details.size(), 1u);
    EXPECT_EQ(missing.details[0],
              "with -p2 the path is 'f.py', which exists: is the strip level wrong?");
}

// A rejected hunk names where it almost matched, and the earlier rejected patch it needs.
TEST_F(SeriesRunnerTest, ARejectionSaysWhereItAlmostMatchedAndWhichRejectedPatchItNeeds) {
    auto report = run(
        plan_for({{"1.patch", kBroken},
                  {"2.patch", "--- a/f.py\n+++ b/f.py\n@@ -1,3 +1,3 @@\n a\n-yyy\n+www\n c\n"}}));
    ASSERT_EQ(report.patches[1].status, PatchStatus::rejected);
    const Problem& rejected = report.patches[1].problems.at(0);
    ASSERT_EQ(rejected.details.size(), 2u);
    EXPECT_EQ(rejected.details[0],
              "closest match at line 1 (2 of 3 lines equal); line 2 expected \"yyy\", found \"b\"");
    EXPECT_EQ(rejected.details[1],
              "'1.patch' (rejected above, so not applied) adds the line \"yyy\" that this hunk "
              "expects");
    EXPECT_EQ(report.patches[1].reason, "hunk #1 FAILED at 1: " + rejected.details[0]);
}

// Issue #14: the undo gives each hunk the fuzz it needed, as `patch -R --fuzz=1` does.
TEST_F(SeriesRunnerTest, APatchThatAppliedWithFuzzReversesWithThatFuzz) {
    source.file("g.py", "a\nb\nc\nd\ne\n");
    auto plan = plan_for(
        {{"1.patch", kFirst},
         {"fuzzy.patch", "--- a/g.py\n+++ b/g.py\n@@ -1,5 +1,5 @@\n a\n b\n-c\n+C\n d\n X\n"}});
    plan.fuzz = 1;
    auto report = run(plan);
    EXPECT_EQ(report.patches[1].status, PatchStatus::applied);
    EXPECT_EQ(report.patches[1].files[0].hunks[0].fuzz, 1);
    EXPECT_TRUE(report.series_problems.empty());
    EXPECT_FALSE(report.is_negative());
}

// Issue #14: a half-applied patch (one hunk already upstream) changed the tree only where it
// applied; the undo leaves the already-applied hunk alone.
TEST_F(SeriesRunnerTest, AHalfAppliedPatchReversesCleanly) {
    source.file("g.py", "a\nB\nc\nd\ne\nf\ng\nh\n");
    auto report = run(plan_for({{"1.patch",
                                 "--- a/g.py\n+++ b/g.py\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"
                                 "@@ -6,3 +6,3 @@\n f\n-g\n+G\n h\n"}}));
    EXPECT_EQ(report.patches[0].status, PatchStatus::applied);
    EXPECT_EQ(report.patches[0].problems[0].kind, ProblemKind::already_applied);
    for (const auto& problem : report.series_problems)
        EXPECT_NE(problem.kind, ProblemKind::reverse);
}

// GNU patch agrees: forward at offset 4 (line 5), `patch -R` then undoes the first copy of the
// block (offset 1), leaving Z A B C A Q C.
TEST_F(SeriesRunnerTest, AnUndoThatLandsElsewhereDoesNotRestoreTheFile) {
    source.file("f.py", "Z\nA\nQ\nC\nA\nB\nC\n");
    auto report =
        run(plan_for({{"1.patch", "--- a/f.py\n+++ b/f.py\n@@ -1,3 +1,3 @@\n A\n-B\n+Q\n C\n"}}));
    EXPECT_EQ(report.patches[0].status, PatchStatus::applied);
    ASSERT_EQ(report.series_problems.size(), 1u);
    EXPECT_EQ(report.series_problems[0].kind, ProblemKind::reverse);
    EXPECT_EQ(report.series_problems[0].message,
              "undoing the series does not restore 'f.py' to its pristine state");
}

TEST_F(SeriesRunnerTest, ASeriesOfCreationsCopiesAndDeletionsReversesCleanly) {
    source.file("gone.py", "bye\n");
    auto report = run(plan_for(
        {{"1.patch", kFirst},
         {"2.patch", "--- /dev/null\n+++ b/new.py\n@@ -0,0 +1 @@\n+new\n"},
         {"3.patch",
          "diff --git a/f.py b/copy.py\nsimilarity index 100%\ncopy from f.py\ncopy to copy.py\n"},
         {"4.patch", "--- a/gone.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-bye\n"},
         {"5.patch", kSecond}}));
    for (const auto& patch : report.patches)
        EXPECT_EQ(patch.status, PatchStatus::applied) << patch.name << ": " << patch.reason;
    EXPECT_TRUE(report.series_problems.empty())
        << to_string(report.series_problems[0].kind) << ": " << report.series_problems[0].message;
}

TEST_F(SeriesRunnerTest, PatchesLoadedEarlierAreNotReadAgain) {
    auto plan = plan_for({{"1.patch", kFirst}, {"2.patch", kSecond}});
    auto loaded = load_patches(plan);
    EXPECT_EQ(loaded.paths, std::vector<std::string>{"f.py"});
    std::filesystem::remove(dir / "1.patch");
    std::filesystem::remove(dir / "2.patch");
    auto result = run_series(plan, source, {}, std::move(loaded));
    ASSERT_TRUE(result.ok());
    EXPECT_EQ(result->report.patches[1].status, PatchStatus::applied);
    EXPECT_EQ(result->steps[1].changes.at("f.py")->content, "a\nb\nADDED\nc\n");
}

TEST_F(SeriesRunnerTest, PatchesLoadedForAnotherPlanAreIgnored) {
    auto plan = plan_for({{"1.patch", kFirst}, {"2.patch", kSecond}});
    auto loaded = load_patches(plan);
    plan.upto = "1.patch";  // one entry now, two loaded
    auto result = run_series(plan, source, {}, std::move(loaded));
    ASSERT_TRUE(result.ok());
    EXPECT_EQ(result->report.patches.size(), 1u);
    EXPECT_EQ(result->report.patches[0].status, PatchStatus::applied);
}

TEST_F(SeriesRunnerTest, AMissingPatchFileIsStillReportedByName) {
    auto plan = plan_for({{"1.patch", kFirst}});
    plan.series.entries.push_back({"absent.patch", std::nullopt, false, {}, 2});
    auto report = run(plan);
    ASSERT_EQ(report.patches.size(), 2u);
    EXPECT_EQ(report.patches[1].status, PatchStatus::failed);
    ASSERT_FALSE(report.patches[1].problems.empty());
    EXPECT_EQ(report.patches[1].problems[0].kind, ProblemKind::missing_patch);
}

// Issue #25: a listed name without a file and an unlisted patch file a few edits from it.
TEST_F(SeriesRunnerTest, AMissingPatchNamesTheUnlistedFileItMostLikelyMeans) {
    auto plan = plan_for({{"1.patch", kFirst}});
    plan.series.entries.push_back({"0002-fix-gather.patch", std::nullopt, false, {}, 2});
    write_file(dir / "0002-fix-gahter.patch", kSecond);
    write_file(dir / "unrelated.diff", kSecond);
    auto report = run(plan);
    const PatchReport& missing = report.patches.at(1);
    ASSERT_EQ(missing.status, PatchStatus::failed);
    EXPECT_EQ(missing.problems.at(0).message,
              "'0002-fix-gather.patch' is named by the series but cannot be read "
              "(patches/0002-fix-gather.patch: cannot read: No such file or directory); did you "
              "mean '0002-fix-gahter.patch'?");
    EXPECT_EQ(missing.reason, missing.problems[0].message);
    EXPECT_EQ(report.series_problems.size(), 2u);  // both files are still unlisted
}

TEST_F(SeriesRunnerTest, AMissingPatchWithNoCloseFileGetsNoSuggestion) {
    auto plan = plan_for({{"1.patch", kFirst}});
    plan.series.entries.push_back({"absent.patch", std::nullopt, false, {}, 2});
    write_file(dir / "something-else-entirely.patch", kSecond);
    auto report = run(plan);
    EXPECT_EQ(report.patches.at(1).problems.at(0).message.find("did you mean"), std::string::npos)
        << report.patches[1].problems[0].message;
}

// Issue #25: the rejection that follows a missing patch names it, first, and so in its reason.
TEST_F(SeriesRunnerTest, ARejectionAfterAMissingPatchNamesIt) {
    auto plan = plan_for({{"2.patch", kSecond}});
    plan.series.entries.insert(plan.series.entries.begin(),
                               {"1-gone.patch", std::nullopt, false, {}, 1});
    auto report = run(plan);
    const PatchReport& later = report.patches.at(1);
    ASSERT_EQ(later.status, PatchStatus::rejected);
    const Problem& rejected = later.problems.at(0);
    ASSERT_FALSE(rejected.details.empty());
    EXPECT_EQ(rejected.details[0],
              "'1-gone.patch' (listed above but missing, so not applied) may add the lines it "
              "expects");
    EXPECT_NE(later.reason.find("'1-gone.patch' (listed above but missing"), std::string::npos)
        << later.reason;
}

TEST_F(SeriesRunnerTest, AMissingFileAfterMissingPatchesNamesTheLastAndCountsTheOthers) {
    auto plan =
        plan_for({{"3.patch", "--- a/new.py\n+++ b/new.py\n@@ -1,2 +1,2 @@\n x\n-y\n+z\n"}});
    auto& entries = plan.series.entries;
    entries.insert(entries.begin(), {{"1-gone.patch", std::nullopt, false, {}, 1},
                                     {"2-gone.patch", std::nullopt, false, {}, 2}});
    auto report = run(plan);
    const Problem& missing = report.patches.at(2).problems.at(0);
    ASSERT_EQ(missing.kind, ProblemKind::missing_file);
    ASSERT_FALSE(missing.details.empty());
    EXPECT_EQ(missing.details[0],
              "'2-gone.patch' (listed above but missing, so not applied) may create it (and 1 "
              "more above)");
}

TEST_F(SeriesRunnerTest, ARejectionWithNoMissingPatchAboveIsExplainedAsBefore) {
    auto report = run(plan_for({{"1.patch", kBroken}}));
    for (const auto& detail : report.patches.at(0).problems.at(0).details)
        EXPECT_EQ(detail.find("missing"), std::string::npos) << detail;
}

// Issue #25: the message quotes a hostile name elided; the report keeps it whole.
TEST_F(SeriesRunnerTest, AMissingPatchWithAHugeNameIsQuotedElided) {
    auto plan = plan_for({});
    const std::string name(1000000, 'n');
    plan.series.entries.push_back({name, std::nullopt, false, {}, 1});
    auto report = run(plan);
    const PatchReport& missing = report.patches.at(0);
    EXPECT_EQ(missing.name, name);
    const std::string& message = missing.problems.at(0).message;
    EXPECT_LT(message.size(), 1000u);
    EXPECT_NE(message.find("'" + std::string(80, 'n') + "…(1,000,000 bytes)…" +
                           std::string(80, 'n') + "' is named by the series"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find("(patches/" + std::string(72, 'n') + "…(1,000,008 bytes)…"),
              std::string::npos)
        << message;
}

}  // namespace
}  // namespace patchbay
