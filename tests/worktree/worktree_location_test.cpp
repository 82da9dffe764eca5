#include "worktree/worktree_location.hpp"

#include <gtest/gtest.h>

#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;

Config with_upstream(const fs::path& upstream) {
    Config config;
    config.upstream_path = upstream.string();
    return config;
}

TEST(WorktreeLocation, InsideThePristineTreeIsRefused) {
    test_support::TempDir dir;
    fs::create_directories(dir / "upstream");
    auto config = with_upstream(dir / "upstream");
    EXPECT_FALSE(check_worktree_outside(config, (dir / "upstream").string()));
    EXPECT_FALSE(check_worktree_outside(config, (dir / "upstream/sub/wt").string()));
}

TEST(WorktreeLocation, BesideThePristineTreeIsFine) {
    test_support::TempDir dir;
    fs::create_directories(dir / "upstream");
    auto config = with_upstream(dir / "upstream");
    EXPECT_TRUE(check_worktree_outside(config, (dir / "wt").string()));
    EXPECT_TRUE(check_worktree_outside(config, (dir / "upstream-wt").string()));
}

}  // namespace
}  // namespace patchbay
