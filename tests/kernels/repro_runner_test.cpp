#include "kernels/repro_runner.hpp"

#include <gtest/gtest.h>

#include "tests/kernels/fake_nvcc.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

using test_support::compile_count;
using test_support::TempDir;
using test_support::write_fake_nvcc;
using test_support::write_file;

class ReproRunnerTest : public ::testing::Test {
  protected:
    void SetUp() override {
        write_file(dir / "tree/csrc/k.cuh", "int k;\n");
        write_file(dir / "repro.cu", "int main() {}\n");
        env.config_file = dir / "patchbay.toml";
        env.config_dir = dir.path();
        env.cache_root = dir / "cache";
        env.arch = "sm_90";
        env.gpu.absent_reason = "nvidia-smi not found";
        cuda.name = "bigpool";
        cuda.sources = {"repro.cu"};
        cuda.include = {"csrc"};
        cuda.line = 12;
    }
    ReproConfig command(std::vector<std::string> argv, std::int64_t timeout = 10) {
        ReproConfig repro;
        repro.name = "cmd";
        repro.command = std::move(argv);
        repro.timeout = timeout;
        return repro;
    }
    ReproOutcome run(const ReproConfig& repro) {
        auto outcome = run_repro(repro, dir / "tree", env);
        EXPECT_TRUE(outcome.ok()) << (outcome.ok() ? "" : outcome.error().located());
        return outcome.ok() ? *outcome : ReproOutcome{};
    }
    TempDir dir;
    ReproEnvironment env;
    ReproConfig cuda;
};

// Killed at its 1 s limit, well before the 30 s it would sleep (a hang guard, not a speed limit).
TEST_F(ReproRunnerTest, ACommandThatHangsFailsAtItsTimeout) {
    auto outcome = run(command({"sleep", "30"}, 1));
    EXPECT_EQ(outcome.status, ReproStatus::fail);
    EXPECT_EQ(outcome.detail, "timed out after 1s");
    EXPECT_LT(outcome.seconds, 30.0);
}

TEST_F(ReproRunnerTest, ACommandSeesTheResultTreeAndItsEnvironment) {
    auto repro =
        command({"sh", "-c", "test -f \"$PATCHBAY_RESULT/csrc/k.cuh\" && test \"$MODE\" = strict"});
    repro.env = {{"MODE", "strict"}};
    EXPECT_EQ(run(repro).status, ReproStatus::ok);
    repro.env = {{"MODE", "lax"}};
    auto outcome = run(repro);
    EXPECT_EQ(outcome.status, ReproStatus::fail);
    EXPECT_EQ(outcome.detail, "exit status 1");
}

TEST_F(ReproRunnerTest, ACommandExiting77IsSkippedWithItsReason) {
    auto outcome = run(command({"sh", "-c", "echo '{\"skip\":\"no triton\"}'; exit 77"}));
    EXPECT_EQ(outcome.status, ReproStatus::skip);
    EXPECT_EQ(outcome.detail, "no triton");
}

TEST_F(ReproRunnerTest, ACommandPathIsRelativeToTheConfigFolder) {
    write_file(dir / "tests/check.sh", "#!/bin/sh\nexit 0\n");
    std::filesystem::permissions(dir / "tests/check.sh", std::filesystem::perms::owner_all);
    EXPECT_EQ(run(command({"tests/check.sh"})).status, ReproStatus::ok);
}

TEST_F(ReproRunnerTest, ACommandThatDeclaresGpuMemoryIsSkippedWithoutAGpu) {
    auto repro = command({"true"});
    repro.gpu_memory = "10GiB";
    auto outcome = run(repro);
    EXPECT_EQ(outcome.status, ReproStatus::skip);
    EXPECT_EQ(outcome.detail, "no GPU: nvidia-smi not found");
}

TEST_F(ReproRunnerTest, NoNvccIsASkipThatSaysWhereItLooked) {
    env.nvcc_missing = "looked on PATH";
    auto outcome = run(cuda);
    EXPECT_EQ(outcome.status, ReproStatus::skip);
    EXPECT_EQ(outcome.detail, "no nvcc (looked on PATH)");
}

TEST_F(ReproRunnerTest, WithoutAGpuTheReproducerIsBuiltThenSkipped) {
    env.nvcc = write_fake_nvcc(dir / "cuda");
    auto outcome = run(cuda);
    EXPECT_EQ(outcome.status, ReproStatus::skip);
    EXPECT_EQ(outcome.detail, "no GPU: nvidia-smi not found");
    EXPECT_EQ(outcome.build, "compiled");
    EXPECT_EQ(run(cuda).build, "cached");
    EXPECT_EQ(compile_count(dir / "cuda"), 1);
}

TEST_F(ReproRunnerTest, NotEnoughGpuMemoryIsASkipWithTheNumbers) {
    env.nvcc = write_fake_nvcc(dir / "cuda");
    env.gpu.present = true;
    env.gpu.free_bytes = 8LL << 30;
    cuda.gpu_memory = "10GiB";
    auto outcome = run(cuda);
    EXPECT_EQ(outcome.status, ReproStatus::skip);
    EXPECT_EQ(outcome.detail, "not enough GPU memory: needs 10GiB (10.0 GiB), 8.0 GiB free");
}

TEST_F(ReproRunnerTest, ACompileErrorIsAFailWithTheFirstErrorLine) {
    env.nvcc = write_fake_nvcc(dir / "cuda");
    write_file(dir / "broken.cu", "int main( {}\n");
    cuda.sources = {"broken.cu"};
    auto outcome = run(cuda);
    EXPECT_EQ(outcome.status, ReproStatus::fail);
    EXPECT_EQ(outcome.detail, "does not compile: broken.cu(3): error: expected a \";\"");
}

TEST_F(ReproRunnerTest, BadEntriesAreErrorsAtTheirLine) {
    env.nvcc = write_fake_nvcc(dir / "cuda");
    cuda.sources = {"missing.cu"};
    auto outcome = run_repro(cuda, dir / "tree", env);
    ASSERT_FALSE(outcome.ok());
    EXPECT_EQ(outcome.error().line, 12);
    EXPECT_EQ(outcome.error().message, "[[repro]] 'bigpool': source not found: missing.cu");
    ReproConfig empty;
    empty.name = "empty";
    ASSERT_FALSE(run_repro(empty, dir / "tree", env).ok());
    auto bad_memory = command({"true"});
    bad_memory.gpu_memory = "lots";
    env.gpu.present = true;
    ASSERT_FALSE(run_repro(bad_memory, dir / "tree", env).ok());
}

TEST(CtestGpuEnvironment, TheAssignedGpuBecomesCudaVisibleDevices) {
    auto env = ctest_gpu_environment("1", "id:1,slots:1");
    EXPECT_EQ(env, (std::map<std::string, std::string>{{"CUDA_VISIBLE_DEVICES", "1"}}));
    EXPECT_TRUE(ctest_gpu_environment(nullptr, nullptr).empty());
    EXPECT_TRUE(ctest_gpu_environment("0", "id:1,slots:1").empty());
}

}  // namespace
}  // namespace patchbay
