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

TEST(Reach, AnElementCountWrapsWithItsTensor) {
    AuditConfig config;
    EXPECT_EQ(tensor_count_text("out_ptr", "m * n", config),
              "it wraps once out has more than 2^31 elements: m * n");
    config.max_elements = std::int64_t{1} << 32;
    EXPECT_EQ(tensor_count_text("out", "m * n", config),
              "it wraps once out has more than 2^31 elements: m * n ([audit] max_elements = "
              "4294967296)");
    config.max_elements = 1000;
    EXPECT_EQ(tensor_count_text("", "rows * cols", config),
              "it wraps once the tensor it addresses has more than 2^31 elements: rows * cols "
              "(not with [audit] max_elements = 1000)");
}

}  // namespace
}  // namespace patchbay
