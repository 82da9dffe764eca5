#include "kernels/nvcc_locator.hpp"

#include <gtest/gtest.h>

#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

using test_support::TempDir;

void fake_nvcc(const std::filesystem::path& path, bool executable = true) {
    test_support::write_file(path, "#!/bin/sh\n");
    if (executable) std::filesystem::permissions(path, std::filesystem::perms::owner_all);
}

TEST(NvccLocator, PathComesFirstThenCudaHomeThenTheStandardPrefix) {
    TempDir dir;
    fake_nvcc(dir / "path/nvcc");
    fake_nvcc(dir / "home/bin/nvcc");
    fake_nvcc(dir / "std/bin/nvcc");
    NvccSearch search{(dir / "empty").string() + ":" + (dir / "path").string(),
                      (dir / "home").string(), dir / "std"};
    EXPECT_EQ(find_nvcc(search), dir / "path/nvcc");
    search.path_env = "/nonexistent";
    EXPECT_EQ(find_nvcc(search), dir / "home/bin/nvcc");
    search.cuda_home = "";
    EXPECT_EQ(find_nvcc(search), dir / "std/bin/nvcc");
    search.standard_prefix = dir / "none";
    EXPECT_FALSE(find_nvcc(search).has_value());
}

TEST(NvccLocator, SkipsAFileThatIsNotExecutable) {
    TempDir dir;
    fake_nvcc(dir / "path/nvcc", false);
    NvccSearch search{(dir / "path").string(), "", dir / "none"};
    EXPECT_FALSE(find_nvcc(search).has_value());
}

TEST(NvccLocator, DescribesWhereItLooked) {
    EXPECT_EQ(describe_search({"", "", "/usr/local/cuda"}),
              "looked on PATH, in $CUDA_HOME/bin (unset) and in /usr/local/cuda/bin");
}

}  // namespace
}  // namespace patchbay
