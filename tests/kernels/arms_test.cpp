#include "kernels/arms.hpp"

#include <gtest/gtest.h>

#include "tests/support/memory_source.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

using test_support::MemorySource;
using test_support::TempDir;
using test_support::write_file;

ReproOutcome outcome(ReproStatus status) {
    ReproOutcome o;
    o.status = status;
    return o;
}

TEST(Arms, OnlyFailThenOkDiscriminates) {
    using S = ReproStatus;
    EXPECT_EQ(judge_arms(outcome(S::fail), outcome(S::ok)), ArmsVerdict::discriminates);
    EXPECT_EQ(judge_arms(outcome(S::ok), outcome(S::ok)), ArmsVerdict::no_flip);
    EXPECT_EQ(judge_arms(outcome(S::fail), outcome(S::fail)), ArmsVerdict::no_flip);
    EXPECT_EQ(judge_arms(outcome(S::ok), outcome(S::fail)), ArmsVerdict::no_flip);
    EXPECT_EQ(judge_arms(outcome(S::skip), outcome(S::ok)), ArmsVerdict::undetermined);
    EXPECT_EQ(judge_arms(outcome(S::fail), outcome(S::skip)), ArmsVerdict::undetermined);
}

class ArmChangesTest : public ::testing::Test {
  protected:
    SeriesRun run_upto(const std::string& upto) {
        source.file("f.txt", "one\n");
        write_file(dir / "p1.patch", "--- a/f.txt\n+++ b/f.txt\n@@ -1 +1 @@\n-one\n+two\n");
        write_file(dir / "p2.patch", "--- a/f.txt\n+++ b/f.txt\n@@ -1 +1 @@\n-two\n+three\n");
        write_file(dir / "p3.patch", "--- a/f.txt\n+++ b/f.txt\n@@ -1 +1 @@\n-three\n+four\n");
        SeriesPlan plan;
        plan.patches_dir = dir.path();
        plan.patches_label = "patches";
        std::int64_t line = 0;
        for (auto name : {"p1.patch", "p2.patch", "p3.patch"})
            plan.series.entries.push_back({name, std::nullopt, false, {}, ++line});
        plan.upto = upto;
        return run_series(plan, source).value();
    }
    MemorySource source;
    TempDir dir;
};

TEST_F(ArmChangesTest, ArmAStopsBeforeThePatchAndArmBAtIt) {
    auto arms = arm_changes(run_upto("p2.patch"), "p2.patch");
    ASSERT_TRUE(arms.ok()) << arms.error().message;
    EXPECT_EQ(arms->a.at("f.txt")->content, "two\n");
    EXPECT_EQ(arms->b.at("f.txt")->content, "three\n");
}

TEST_F(ArmChangesTest, TheFirstPatchHasThePristineTreeAsArmA) {
    auto arms = arm_changes(run_upto("p1.patch"), "p1.patch");
    ASSERT_TRUE(arms.ok());
    EXPECT_TRUE(arms->a.empty());
    EXPECT_EQ(arms->b.at("f.txt")->content, "two\n");
}

TEST_F(ArmChangesTest, APatchThatDidNotApplyIsAnError) {
    auto arms = arm_changes(run_upto("p3.patch"), "p9.patch");
    ASSERT_FALSE(arms.ok());
    EXPECT_EQ(arms.error().message, "p9.patch: no applied patch of that name in the series");
}

}  // namespace
}  // namespace patchbay
