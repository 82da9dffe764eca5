#include "common/tree_path.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(TreePath, SplitsAndDropsDotAndEmptyComponents) {
    auto components = tree_path_components("a/./b//c.py");
    ASSERT_TRUE(components.ok());
    EXPECT_EQ(components.value(), (std::vector<std::string>{"a", "b", "c.py"}));
    EXPECT_EQ(join_components(components.value(), 2), "a/b");
}

TEST(TreePath, RejectsPathsLeavingTheTree) {
    EXPECT_EQ(tree_path_components("a/../../etc").error().message,
              "path 'a/../../etc' leaves the tree (a '..' component)");
    EXPECT_EQ(tree_path_components("/etc/passwd").error().message,
              "path '/etc/passwd' is absolute");
    EXPECT_EQ(tree_path_components("").error().message, "path '' names no file");
    EXPECT_FALSE(tree_path_components(std::string_view("a\0b", 3)).ok());
}

TEST(TreePath, CanonicalSpellingDropsDotsAndDoubleSlashes) {
    EXPECT_EQ(canonical_tree_path("./a//b/./c"), "a/b/c");
    EXPECT_EQ(canonical_tree_path("a/b"), "a/b");
    EXPECT_EQ(canonical_tree_path("a/"), "a");
}

}  // namespace
}  // namespace patchbay
