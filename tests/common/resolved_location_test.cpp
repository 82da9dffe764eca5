#include "common/resolved_location.hpp"

#include <gtest/gtest.h>

#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::TempDir;
using test_support::write_file;

TEST(ResolvedLocation, FollowsEverySymlinkOnTheWay) {
    TempDir dir;
    const fs::path root = fs::canonical(dir.path());
    write_file(root / "elsewhere/x.patch", "x\n");
    fs::create_directories(root / "project/patches");
    fs::create_symlink("../../elsewhere", root / "project/patches/sub");
    fs::create_symlink("sub/x.patch", root / "project/patches/y.patch");
    auto through_folder = resolved_location(root / "project/patches/sub/x.patch");
    ASSERT_TRUE(through_folder.ok());
    EXPECT_EQ(through_folder->value(), root / "elsewhere/x.patch");
    auto through_file = resolved_location(root / "project/patches/y.patch");
    ASSERT_TRUE(through_file.ok());
    EXPECT_EQ(through_file->value(), root / "elsewhere/x.patch");
}

TEST(ResolvedLocation, NothingThereIsNoLocation) {
    TempDir dir;
    fs::create_symlink("missing", dir.path() / "dangling");
    EXPECT_FALSE(resolved_location(dir.path() / "absent")->has_value());
    EXPECT_FALSE(resolved_location(dir.path() / "dangling")->has_value());
    EXPECT_FALSE(resolved_location(dir.path() / std::string(100000, 'n'))->has_value());
}

TEST(ResolvedLocation, LiesWithinComparesWholeComponents) {
    EXPECT_TRUE(lies_within("/p/patches/x.patch", "/p"));
    EXPECT_TRUE(lies_within("/p", "/p"));
    EXPECT_TRUE(lies_within("/p/x", "/p/"));
    EXPECT_FALSE(lies_within("/project2/x", "/project"));
    EXPECT_FALSE(lies_within("/etc/passwd", "/p"));
    EXPECT_FALSE(lies_within("/", "/p"));
}

}  // namespace
}  // namespace patchbay
