#include "series/step_changes.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

FileState text(const char* bytes) {
    return FileState{SharedText(std::string(bytes)), false, false};
}

std::vector<AppliedStep> two_steps() {
    return {AppliedStep{"one.patch", {{"a", text("1\n")}, {"b", text("b\n")}}},
            AppliedStep{"two.patch", {{"a", text("2\n")}, {"b", std::nullopt}}}};
}

TEST(StepChanges, LaterStepsWin) {
    auto all = combined_changes(two_steps());
    ASSERT_EQ(all.size(), 2u);
    EXPECT_EQ(all["a"], text("2\n"));
    EXPECT_FALSE(all["b"].has_value());  // deleted by the second step
}

TEST(StepChanges, TouchedPathsOfTheNamedStepsOnly) {
    auto steps = two_steps();
    steps.push_back(AppliedStep{"three.patch", {{"c", text("c\n")}}});
    EXPECT_EQ(touched_paths(steps, {"three.patch"}), (std::set<std::string>{"c"}));
    EXPECT_EQ(touched_paths(steps, {"one.patch", "two.patch"}), (std::set<std::string>{"a", "b"}));
    EXPECT_TRUE(touched_paths(steps, {}).empty());
}

}  // namespace
}  // namespace patchbay
