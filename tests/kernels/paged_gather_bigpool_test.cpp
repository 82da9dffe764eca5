// The bundled bigpool reproducer on the demo: it compiles with nvcc against the kernel as
// upstream ships it, after 0002 (32-bit block ids) and after 0006 (widened), whenever nvcc is
// present (CI); on a machine with a GPU, 0006 must flip it FAIL -> OK. Nothing is faked: without
// nvcc or a GPU the tests skip and say why.

#include <gtest/gtest.h>

#include <filesystem>

#include "kernels/gpu_probe.hpp"
#include "kernels/nvcc_locator.hpp"
#include "tests/support/process.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::ProcessResult;
using test_support::run_process;
using test_support::TempDir;

const fs::path kDemo = fs::path(PATCHBAY_SOURCE_DIR) / "examples/demo";

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

class BigpoolOnTheDemo : public ::testing::Test {
  protected:
    ProcessResult patchbay(std::vector<std::string> args) {
        args.insert(args.begin(), {PATCHBAY_BINARY});
        args.insert(args.end(), {"--cache-dir", cache.path().string()});
        return run_process(args, kDemo);
    }
    void require_nvcc() {
        auto search = nvcc_search_from_environment();
        if (!find_nvcc(search)) GTEST_SKIP() << "no nvcc: " << describe_search(search);
    }
    TempDir cache;
};

TEST_F(BigpoolOnTheDemo, CompilesAgainstPristineInt32AndWidenedKernels) {
    require_nvcc();
    if (IsSkipped()) return;
    // --arms 0002: A = pristine paged_gather.cuh, B = 32-bit; --arms 0006: B = widened.
    for (const char* patch : {"0002-kv-int32-block-ids.patch", "0006-widen-block-ids.patch"}) {
        auto result = patchbay({"repro", "--compile-only", "--arch", "sm_90", "--arms", patch});
        EXPECT_EQ(result.status, 0) << result.out << result.err;
        EXPECT_TRUE(contains(result.out, "  A SKIP: built for sm_90; not run (--compile-only)"))
            << result.out;
        EXPECT_TRUE(contains(result.out, "  B SKIP: built for sm_90; not run (--compile-only)"))
            << result.out;
    }
}

TEST_F(BigpoolOnTheDemo, TheWideningPatchFlipsItOnTheGpu) {
    require_nvcc();
    if (IsSkipped()) return;
    auto gpu = probe_gpus();
    if (!gpu.present) GTEST_SKIP() << "no CUDA device: " << gpu.absent_reason;
    auto result = patchbay({"repro", "--arms", "0006-widen-block-ids.patch"});
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "  -> discriminates (FAIL -> OK)")) << result.out;
    EXPECT_TRUE(contains(result.out, "top == bottom bit for bit; max error top 0, bottom 0"))
        << result.out;
}

}  // namespace
}  // namespace patchbay
