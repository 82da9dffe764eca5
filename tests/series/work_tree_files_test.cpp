#include "series/work_tree_files.hpp"

#include <gtest/gtest.h>

#include "tests/series/temp_tree.hpp"
#include "tests/support/git_oid_hex.hpp"

namespace patchbay {
namespace {

using patchbay::testing::hex;
using patchbay::testing::TempTree;

TEST(ReadWorkTreeFile, ARegularFileWithTheIdGitGivesIt) {
    TempTree tree;
    tree.write("dir/a.py", "alpha\n");
    auto read = read_work_tree_file(tree / "dir/a.py");
    ASSERT_TRUE(read.has_value());
    EXPECT_EQ(read->bytes, "alpha\n");
    EXPECT_EQ(hex(read->id), tree.run("git hash-object dir/a.py"));
}

// What map_file refuses (its own test lists every kind) gives nothing here either.
TEST(ReadWorkTreeFile, NothingWhereMapFileRefuses) {
    TempTree tree;
    tree.write("dir/a.py", "alpha\n");
    tree.run("ln -s dir/a.py link.py");
    EXPECT_FALSE(read_work_tree_file(tree / "link.py").has_value());
}

TEST(ReadWorkTreeAhead, ReadsTheListedFilesUnderTheRoot) {
    TempTree tree;
    tree.write("up/a.py", "alpha\n");
    tree.write("up/sub/b.py", "beta\n");
    auto ahead = read_work_tree_ahead(
        tree / "up",
        [] {
            return std::vector<std::string>{"a.py", "sub/b.py", "none.py"};
        },
        2);
    ahead->wait_for_workers();
    EXPECT_EQ(ahead->take("sub/b.py")->bytes, "beta\n");
    EXPECT_EQ(hex(ahead->take("a.py")->id), tree.run("git hash-object up/a.py"));
    EXPECT_FALSE(ahead->take("none.py").has_value());
}

}  // namespace
}  // namespace patchbay
