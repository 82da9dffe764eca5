#include "kernels/build_cache.hpp"

#include <gtest/gtest.h>

#include "tests/kernels/fake_nvcc.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

using test_support::compile_count;
using test_support::TempDir;
using test_support::write_fake_nvcc;
using test_support::write_file;

class BuildCacheTest : public ::testing::Test {
  protected:
    void SetUp() override {
        write_file(dir / "src/repro.cu", "#include \"attention/k.cuh\"\nint main() {}\n");
        write_file(dir / "tree/csrc/attention/k.cuh", "int k;\n");
        write_file(dir / "tree/vllm/other.py", "x = 1\n");
        request.name = "bigpool";
        request.sources = {dir / "src/repro.cu"};
        request.tree = dir / "tree";
        request.include = {"csrc"};
        request.nvcc = write_fake_nvcc(dir.path());
        request.arch = "sm_90";
        request.cache_root = dir / "cache";
    }
    std::string key() { return build_key(request, "fake nvcc 1.0\n").value(); }
    TempDir dir;
    BuildRequest request;
};

TEST_F(BuildCacheTest, ASecondBuildComesFromTheCache) {
    auto first = build_reproducer(request);
    ASSERT_TRUE(first.ok()) << first.error().message;
    EXPECT_TRUE(first->compiled);
    EXPECT_FALSE(first->failed);
    EXPECT_TRUE(std::filesystem::is_regular_file(first->binary));
    auto second = build_reproducer(request);
    ASSERT_TRUE(second.ok());
    EXPECT_FALSE(second->compiled);
    EXPECT_EQ(second->binary, first->binary);
    EXPECT_EQ(compile_count(dir.path()), 1);
}

TEST_F(BuildCacheTest, TheKeyFollowsEveryInput) {
    const auto base = key();
    write_file(dir / "tree/vllm/other.py", "x = 2\n");  // outside the include folders
    EXPECT_EQ(key(), base);
    write_file(dir / "tree/csrc/attention/k.cuh", "long k;\n");
    const auto header_changed = key();
    EXPECT_NE(header_changed, base);
    write_file(dir / "src/repro.cu", "int main() { return 0; }\n");
    const auto source_changed = key();
    EXPECT_NE(source_changed, header_changed);
    request.arch = "sm_80";
    EXPECT_NE(key(), source_changed);
    request.arch = "sm_90";
    request.flags.push_back("-G");
    EXPECT_NE(key(), source_changed);
    request.flags.pop_back();
    EXPECT_EQ(key(), source_changed);
    EXPECT_NE(build_key(request, "fake nvcc 2.0\n").value(), source_changed);
}

TEST_F(BuildCacheTest, ANewNvccVersionRecompiles) {
    ASSERT_TRUE(build_reproducer(request).ok());
    request.nvcc = write_fake_nvcc(dir.path(), "2.0");
    auto again = build_reproducer(request);
    ASSERT_TRUE(again.ok());
    EXPECT_TRUE(again->compiled);
    EXPECT_EQ(compile_count(dir.path()), 2);
}

TEST_F(BuildCacheTest, ACompileErrorIsAFailedBuildAndNothingIsCached) {
    write_file(dir / "src/broken.cu", "int main( {}\n");
    request.sources = {dir / "src/broken.cu"};
    auto built = build_reproducer(request);
    ASSERT_TRUE(built.ok());
    EXPECT_TRUE(built->failed);
    EXPECT_NE(built->log.find("error: expected a \";\""), std::string::npos);
    EXPECT_FALSE(std::filesystem::exists(built->binary));
}

TEST_F(BuildCacheTest, AMissingIncludeFolderIsAnError) {
    request.include = {"include"};
    auto built = build_reproducer(request);
    ASSERT_FALSE(built.ok());
    EXPECT_EQ(built.error().message, "include: include folder not found in the result tree");
}

TEST_F(BuildCacheTest, TheNvccCommandLine) {
    auto argv = nvcc_command(request, "/out/bin");
    std::vector<std::string> expected = {request.nvcc.string(),
                                         "-std=c++17",
                                         "-O2",
                                         "-lineinfo",
                                         "-arch=sm_90",
                                         "-I" + (dir / "tree/csrc").string(),
                                         "-o",
                                         "/out/bin",
                                         (dir / "src/repro.cu").string()};
    EXPECT_EQ(argv, expected);
}

}  // namespace
}  // namespace patchbay
