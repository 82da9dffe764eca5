#include "regenerate/base_drift.hpp"

#include <gtest/gtest.h>

#include "tests/support/file_states.hpp"
#include "tests/support/memory_source.hpp"
#include "tests/support/numbered_lines.hpp"

namespace patchbay {
namespace {

using test_support::MemorySource;

using test_support::text;

using test_support::numbered_lines;

TEST(BaseDrift, APatchWhoseChangeDifferedIsNamed) {
    PathHistory then{text(numbered_lines(20)),
                     {{"0001", text(numbered_lines(20, {{3, "three"}}))}}};
    PathHistory now{text(numbered_lines(20)), {{"0001", text(numbered_lines(20, {{3, "THREE"}}))}}};
    auto changed = changed_patches(then, now);
    ASSERT_TRUE(changed.ok());
    EXPECT_EQ(*changed, std::vector<std::string>{"0001"});
}

// 0002 makes the same change in both, though 0001 moved the file under it: not named.
TEST(BaseDrift, TheSameChangeOnAMovedFileIsNotNamed) {
    PathHistory then{text(numbered_lines(20)),
                     {{"0001", text(numbered_lines(20, {{3, "three"}}))},
                      {"0002", text(numbered_lines(20, {{3, "three"}, {15, "fifteen"}}))}}};
    PathHistory now{text(numbered_lines(20)),
                    {{"0001", text(numbered_lines(20, {{3, "THREE"}}))},
                     {"0002", text(numbered_lines(20, {{3, "THREE"}, {15, "fifteen"}}))}}};
    auto changed = changed_patches(then, now);
    ASSERT_TRUE(changed.ok());
    EXPECT_EQ(*changed, std::vector<std::string>{"0001"});
}

TEST(BaseDrift, APatchInOneHistoryOnlyAndTheUpstreamAreNamed) {
    PathHistory then{text(numbered_lines(5)), {{"gone", text(numbered_lines(5, {{1, "x"}}))}}};
    PathHistory now{text(numbered_lines(6)), {{"added", text(numbered_lines(6, {{2, "y"}}))}}};
    auto changed = changed_patches(then, now);
    ASSERT_TRUE(changed.ok());
    EXPECT_EQ(*changed, (std::vector<std::string>{"the upstream", "added", "gone"}));
}

TEST(BaseDrift, SeriesHistoryListsTheStepsThatChangedThePath) {
    MemorySource source;
    source.file("f", "a\n");
    std::vector<AppliedStep> steps{{"0001", {{"f", text("b\n")}}},
                                   {"0002", {{"g", text("g\n")}}},
                                   {"0003", {{"f", std::nullopt}}}};
    auto history = series_history(source, steps, "f");
    ASSERT_TRUE(history.ok());
    EXPECT_EQ(history->pristine->content, "a\n");
    ASSERT_EQ(history->steps.size(), 2u);
    EXPECT_EQ(history->steps[0].patch, "0001");
    EXPECT_EQ(history->steps[1].patch, "0003");
    EXPECT_FALSE(history->steps[1].after.has_value());
}

}  // namespace
}  // namespace patchbay
