#include "checks/rules/reach.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(Reach, DesignExampleBlock880Heads4Dim256) {
    AuditConfig config;
    config.geometry = AuditGeometry{880, 4, 256, 2};
    auto reach = reach_for(config);
    ASSERT_TRUE(reach.has_value());
    EXPECT_EQ(reach->stride_elements, 901120);
    EXPECT_EQ(reach->first_block, 2383);  // 2383 * 901120 = 2,147,368,960; + 901,120 > 2^31
    EXPECT_NEAR(reach->pool_gib, 8.0, 0.01);
}

TEST(Reach, ExactPowerOfTwoStride) {
    AuditConfig config;
    config.geometry = AuditGeometry{16, 8, 128, 2};  // 16384 elements: 2^31 / 2^14 = 131072
    EXPECT_EQ(reach_for(config)->first_block, 131071);
}

TEST(Reach, NoneWithoutGeometry) {
    EXPECT_FALSE(reach_for(AuditConfig{}).has_value());
}

}  // namespace
}  // namespace patchbay
