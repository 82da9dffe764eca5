#include "common/closest_name.hpp"

#include <gtest/gtest.h>

#include <string>

namespace patchbay {
namespace {

TEST(EditDistance, CountsInsertionsDeletionsAndChanges) {
    EXPECT_EQ(edit_distance("", ""), 0u);
    EXPECT_EQ(edit_distance("abc", "abc"), 0u);
    EXPECT_EQ(edit_distance("abc", ""), 3u);
    EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
    EXPECT_EQ(edit_distance("0002-fix.patch", "0002-fixx.patch"), 1u);
}

TEST(ClosestName, FindsTheNearestWithinAFewEdits) {
    std::vector<std::string_view> names = {"0001-base.patch", "0002-fix-gather.patch",
                                           "0003-fix-gatter.patch"};
    EXPECT_EQ(closest_name("0002-fix-gahter.patch", names), 1u);
    EXPECT_EQ(closest_name("0003-fix-gatter.pach", names), 2u);
    EXPECT_EQ(closest_name("something-else.diff", names), std::nullopt);
}

TEST(ClosestName, APrefixWinsAndTheFirstOfEqualsIsKept) {
    std::vector<std::string_view> names = {"0001-a.patch", "0001-b.patch", "0004-utils.patch"};
    EXPECT_EQ(closest_name("0004", names), 2u);
    EXPECT_EQ(closest_name("0001-c.patch", names), 0u);
}

TEST(ClosestName, NoSuggestionForAnEmptyOrAHugeName) {
    std::vector<std::string_view> names = {"0001.patch"};
    EXPECT_EQ(closest_name("", names), std::nullopt);
    EXPECT_EQ(closest_name(std::string(100000, '0'), names), std::nullopt);
}

}  // namespace
}  // namespace patchbay
