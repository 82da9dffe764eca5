#include "common/group_thousands.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(GroupThousands, GroupsTheDigitsByThree) {
    EXPECT_EQ(group_thousands(0), "0");
    EXPECT_EQ(group_thousands(999), "999");
    EXPECT_EQ(group_thousands(2383), "2,383");
    EXPECT_EQ(group_thousands(901120), "901,120");
    EXPECT_EQ(group_thousands(1234567), "1,234,567");
    EXPECT_EQ(group_thousands(-1000), "-1,000");
    EXPECT_EQ(group_thousands(104857600), "104,857,600");
}

}  // namespace
}  // namespace patchbay
