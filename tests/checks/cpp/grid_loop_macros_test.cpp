// Grid-stride loops opened by macros: which definitions are taken, how a use is written out,
// and the columns its tokens keep.

#include "checks/cpp/grid_loop_macros.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace patchbay {
namespace {

std::string expanded(std::string_view text, const GridLoopMacros& own = {}) {
    auto tokens = tokenize_cpp(text);
    auto out = expand_grid_loop_macros(text, tokens, own);
    return out ? *out : std::string("(unchanged)");
}

TEST(GridLoopMacros, ADefinitionThatOpensAGridStrideLoop) {
    auto macro = parse_grid_loop_macro(
        "#define KERNEL_LOOP(i, n) \\\n  for (int i = blockIdx.x * blockDim.x + threadIdx.x; \\\n"
        "       i < (n); i += blockDim.x * gridDim.x)");
    ASSERT_TRUE(macro);
    EXPECT_EQ(macro->name, "KERNEL_LOOP");
    EXPECT_EQ(macro->parameters, (std::vector<std::string>{"i", "n"}));
    EXPECT_EQ(macro->body.find('\n'), std::string::npos);
}

TEST(GridLoopMacros, OtherDirectivesAreNone) {
    EXPECT_FALSE(parse_grid_loop_macro("#define MAX(a, b) ((a) > (b) ? (a) : (b))"));
    EXPECT_FALSE(parse_grid_loop_macro("#define N 4"));
    EXPECT_FALSE(parse_grid_loop_macro("#include <cuda.h>"));
    EXPECT_FALSE(parse_grid_loop_macro("#define LOOP(i, n) for (int i = 0; i < (n); ++i)"));
}

TEST(GridLoopMacros, TorchvisionsLoopIsWrittenOutOnItsLine) {
    EXPECT_EQ(expanded("__global__ void k(int n, float* y) {\n"
                       "  CUDA_1D_KERNEL_LOOP(index, n) {\n"
                       "    y[index] = 0;\n"
                       "  }\n"
                       "}\n"),
              "__global__ void k(int n, float* y) {\n"
              "  for (int index = (blockIdx.x * blockDim.x) + threadIdx.x; index < (n); index += "
              "(blockDim.x * gridDim.x)) {\n"
              "    y[index] = 0;\n"
              "  }\n"
              "}\n");
}

TEST(GridLoopMacros, ArgumentsOverSeveralLinesKeepTheLinesAfterThem) {
    auto out = expanded("CUDA_KERNEL_LOOP_TYPE(i,\n    rows * cols, int64_t) {}\nx;\n");
    EXPECT_EQ(out,
              "for (int64_t i = blockIdx.x * blockDim.x + threadIdx.x; i < (rows * cols); i = i "
              "+ blockDim.x * gridDim.x)\n {}\nx;\n");
}

TEST(GridLoopMacros, AFilesOwnDefinitionWins) {
    GridLoopMacros own;
    own.add(*parse_grid_loop_macro(
        "#define CUDA_1D_KERNEL_LOOP(i, n) for (size_t i = blockIdx.x * blockDim.x + "
        "threadIdx.x; i < (n); i += blockDim.x * gridDim.x)"));
    EXPECT_EQ(expanded("CUDA_1D_KERNEL_LOOP(j, m) {}", own),
              "for (size_t j = blockIdx.x * blockDim.x + threadIdx.x; j < (m); j += blockDim.x * "
              "gridDim.x) {}");
}

TEST(GridLoopMacros, ACommentInTheDefinitionDoesNotHideTheRestOfTheLine) {
    GridLoopMacros own;
    own.add(*parse_grid_loop_macro(
        "#define LOOP(i, n) /* grid-stride */ for (int i = blockIdx.x * blockDim.x + threadIdx.x; "
        "i < (n); i += blockDim.x * gridDim.x) // one element a thread"));
    EXPECT_EQ(expanded("LOOP(j, m) { y[j] = 0; }", own),
              " for (int j = blockIdx.x * blockDim.x + threadIdx.x; j < (m); j += blockDim.x * "
              "gridDim.x) { y[j] = 0; }");
}

TEST(GridLoopMacros, FilesWithoutSuchAMacroAreLeft) {
    EXPECT_EQ(expanded("__global__ void k() { LOOP(i, n) {} }"), "(unchanged)");
    EXPECT_EQ(expanded("// CUDA_KERNEL_LOOP is not used here\nint x;"), "(unchanged)");
}

TEST(GridLoopMacros, TokensOfAWrittenOutUseTakeTheColumnOfItsName) {
    const std::string text = "  CUDA_KERNEL_LOOP(index, n) { y[index] = 0; }\n";
    auto tokens = tokenize_cpp(text);
    auto out = expand_grid_loop_macros(text, tokens, {});
    ASSERT_TRUE(out);
    auto written = tokenize_cpp(*out);
    restore_columns(text, *out, written);
    EXPECT_EQ(written[0].text, "for");
    EXPECT_EQ(written[0].column, 3);
    const auto brace = std::ranges::find(written, std::string_view("{"), &Token::text);
    ASSERT_NE(brace, written.end());
    EXPECT_EQ(brace->column, 30);  // where it is in the file
}

TEST(GridLoopMacros, TheFixNamesTheSixtyFourBitVariant) {
    EXPECT_EQ(loop_macro_fix_hint("CUDA_KERNEL_LOOP(index, numel) {", {}),
              "use CUDA_KERNEL_LOOP_TYPE(index, numel, int64_t): its index is then 64-bit");
    EXPECT_EQ(loop_macro_fix_hint("CUDA_1D_KERNEL_LOOP(i, n) {", {}),
              "use CUDA_1D_KERNEL_LOOP_T(i, n, int64_t): its index is then 64-bit");
    EXPECT_EQ(loop_macro_fix_hint("CUDA_KERNEL_LOOP_TYPE(i, n, int) {", {}),
              "give CUDA_KERNEL_LOOP_TYPE int64_t as its index type");
    GridLoopMacros own;
    own.add(
        *parse_grid_loop_macro("#define LOOP(i, n) for (int i = blockIdx.x * blockDim.x + "
                               "threadIdx.x; i < (n); i += blockDim.x * gridDim.x)"));
    EXPECT_EQ(loop_macro_fix_hint("LOOP(i, n) {", own),
              "declare the loop's index int64_t in LOOP's #define");
    EXPECT_FALSE(loop_macro_fix_hint("int i = blockIdx.x;", own));
}

}  // namespace
}  // namespace patchbay
