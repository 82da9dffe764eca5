// The series repository's folders: the work tree root that annotation paths start from.

#include "source/git_snapshot.hpp"

#include <gtest/gtest.h>

#include "tests/support/process.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;

TEST(WorkTreeRoot, TheRootOfTheWorkTreeAboveAFileOrFolder) {
    test_support::TempDir dir;
    test_support::write_file(dir / "repo/a/b/x.patch", "x\n");
    ASSERT_EQ(test_support::run_process({"git", "init", "-q", (dir / "repo").string()}).status, 0);
    auto root = fs::weakly_canonical(dir / "repo");
    auto from_file = work_tree_root(dir / "repo/a/b/x.patch");
    ASSERT_TRUE(from_file);
    EXPECT_EQ(fs::weakly_canonical(*from_file), root);
    auto from_folder = work_tree_root(dir / "repo/a");
    ASSERT_TRUE(from_folder);
    EXPECT_EQ(fs::weakly_canonical(*from_folder), root);
}

TEST(WorkTreeRoot, NoneOutsideARepository) {
    test_support::TempDir dir;
    test_support::write_file(dir / "plain/x.patch", "x\n");
    EXPECT_FALSE(work_tree_root(dir / "plain/x.patch"));
}

}  // namespace
}  // namespace patchbay
