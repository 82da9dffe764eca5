#include "checks/cpp/int32_guard.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(Int32Guard, NamedChecksAreGuards) {
    EXPECT_TRUE(has_32bit_guard("if (canUse32BitIndexMath(t)) launch<int>();"));
    EXPECT_TRUE(has_32bit_guard("if (iter.can_use_32bit_indexing()) {"));
    EXPECT_TRUE(has_32bit_guard("#ifdef LONG_INDEXING\n"));
    EXPECT_TRUE(has_32bit_guard("TORCH_CHECK(x.numel() < INT_MAX);"));
}

// PyTorch's spellings (UpSampleNearest1d.cu, SoftMax.cu, RangeFactories.cu, SortStable.cu).
TEST(Int32Guard, ALimitComparedOrClampedIsAGuard) {
    EXPECT_TRUE(has_32bit_guard(
        "TORCH_CHECK(output.numel() <= std::numeric_limits<int32_t>::max(), \"too big\");"));
    EXPECT_TRUE(has_32bit_guard(
        "return value < static_cast<int64_t>(std::numeric_limits<int32_t>::max());"));
    EXPECT_TRUE(has_32bit_guard("if (N <= std::numeric_limits<int>::max()) {\n  small();\n}"));
    EXPECT_TRUE(has_32bit_guard(
        "auto n = std::min(numel, static_cast<int64_t>(std::numeric_limits<int>::max()));"));
}

// CrossKernel.cu: the limit is kept in a constant, and the constant is compared.
TEST(Int32Guard, AConstantHoldingTheLimitComparedLaterIsAGuard) {
    EXPECT_TRUE(
        has_32bit_guard("constexpr int64_t int_max = std::numeric_limits<int>::max();\n"
                        "if (ostride * 2 > int_max || n > int_max) {"));
}

// xformers' memory-efficient attention: a template parameter's default, "no maximum head
// dimension", compared later with sizes of its own (`kMaxK > 64`), never with a tensor's.
TEST(Int32Guard, ALimitAsATemplateDefaultIsNoGuard) {
    EXPECT_FALSE(has_32bit_guard(
        "template <typename scalar_t, int kMaxK = std::numeric_limits<int>::max()>\n"
        "struct AttentionBackwardKernel {\n"
        "  static constexpr bool kOutputInRF = kMaxK <= kBlockSizeI;\n"));
}

// vLLM's int8 quantisation kernels (PR 9391's file): float saturation bounds, never compared
// with a size. They once silenced every block-id finding of the file.
TEST(Int32Guard, ALimitOnlyNamedIsNoGuard) {
    const char* saturation =
        "static constexpr auto i32_max = std::numeric_limits<int32_t>::max();\n"
        "static constexpr auto i32_max_f = static_cast<float>(i32_max);\n"
        "if (dst >= i32_max_f) {\n  return i32_max;\n}\n";
    EXPECT_FALSE(has_32bit_guard(saturation));
    EXPECT_FALSE(has_32bit_guard("int z = std::numeric_limits<int>::max();"));
    EXPECT_FALSE(has_32bit_guard("out[i] = fminf(x, std::numeric_limits<int>::max());"));
}

TEST(Int32Guard, AFileWithoutAnyIsNotGuarded) {
    EXPECT_FALSE(has_32bit_guard("__global__ void k(float* p, int n) { p[blockIdx.x * n] = 0; }"));
    EXPECT_FALSE(has_32bit_guard(""));
}

}  // namespace
}  // namespace patchbay
