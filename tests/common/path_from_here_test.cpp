#include "common/path_from_here.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace patchbay {
namespace {

namespace fs = std::filesystem;

TEST(PathFromHere, BelowTheWorkingFolderItIsRelative) {
    EXPECT_EQ(path_from_here(fs::current_path() / "patches/0006.patch"), "patches/0006.patch");
    EXPECT_EQ(path_from_here(fs::current_path() / "patches/../patchbay.toml"), "patchbay.toml");
}

TEST(PathFromHere, ElsewhereItIsWhole) {
    fs::path outside = fs::current_path().root_path() / "elsewhere-than-here/x";
    if (fs::current_path() == fs::current_path().root_path()) GTEST_SKIP() << "run from /";
    EXPECT_EQ(path_from_here(outside), outside.string());
    EXPECT_EQ(path_from_here("relative/x"), "relative/x");
}

}  // namespace
}  // namespace patchbay
