#include "checks/cpp/block_id_scaling.hpp"

#include <gtest/gtest.h>

#include <string>

#include "checks/token.hpp"

namespace patchbay {
namespace {

// Whether the one function of `source` may scale its block id, as the analysis is asked.
bool may_scale(const std::string& source) {
    auto tokens = tokenize_cpp(source);
    auto brackets = match_brackets(tokens);
    TypeAliases aliases;
    add_type_aliases(tokens, aliases);
    auto functions = find_functions(tokens, brackets);
    EXPECT_EQ(functions.size(), 1u);
    return functions.empty() || may_scale_block_id(functions[0], tokens, brackets, aliases);
}

TEST(BlockIdScaling, ThreadNumbersAndFloatMathFormNoProduct) {
    EXPECT_FALSE(may_scale(R"(
__global__ void k(float* out, const float* in, const float scale, const int n) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= n) return;
  float acc = 0.f;
  float* tmp = out;
  acc += static_cast<float>(in[idx]) * scale;
  out[idx] = static_cast<float>(acc * 0.5f + 2 * acc) * acc;
})"));
}

TEST(BlockIdScaling, ARuntimeFactorIsAnalysed) {
    // `* *p`: a multiply by a dereference, not a declarator.
    EXPECT_TRUE(may_scale(R"(
__global__ void k(float* out, const int* p) {
  out[blockIdx.x * *p] = 0.f;
})"));
    EXPECT_TRUE(may_scale(R"(
__global__ void k(float* out, int stride) {
  out[blockIdx.x * stride] = 0.f;
})"));
    EXPECT_TRUE(may_scale(R"(
__global__ void k(float* out, int stride) {
  const int row = blockIdx.x;
  out[row * 4096] = 0.f;
})"));
    // `-4` is a unary minus of a small literal, not one: the analysis may form a product.
    EXPECT_TRUE(may_scale(R"(
__global__ void k(float* out, int n) {
  int b = blockIdx.x;
  out[-4 * b] = 0.f;
})"));
}

TEST(BlockIdScaling, AnIntegerShadowingAFloatIsAnalysed) {
    EXPECT_TRUE(may_scale(R"(
__global__ void k(float* out, float scale) {
  { int scale = 7; out[static_cast<float>(blockIdx.x) * scale] = 0.f; }
})"));
}

TEST(BlockIdScaling, LaunchBoundsTimesOtherValuesAreAnalysed) {
    // A launch bound times a value that may come from memory is a product there.
    EXPECT_TRUE(may_scale(R"(
__global__ void k(float* out, int b) {
  out[b * blockDim.x + blockIdx.x] = 0.f;
})"));
}

}  // namespace
}  // namespace patchbay
