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

TEST(TreePath, RefusesEverySpellingOfDotGit) {
    EXPECT_EQ(*unsafe_path_reason(".git/config"), "path '.git/config' reaches into a .git folder");
    EXPECT_EQ(*unsafe_path_reason("src/.GiT/HEAD"),
              "path 'src/.GiT/HEAD' reaches into a .git folder ('.GiT' is .git where names "
              "ignore case (Windows, macOS))");
    for (const char* path : {".GIT/hooks/post-checkout", ".Git/config", ".git./hooks/x",
                             "git~1/hooks/x", "a/.git /x", ".g\u200cit/config"})
        EXPECT_TRUE(unsafe_path_reason(path).has_value()) << path;
    EXPECT_FALSE(unsafe_path_reason("src/.gitignore").has_value());
}

// Where patchbay differs from git's verify_path on purpose: GNU patch accepts "./a", "a//b" and
// "a/" as names of a/b, so they are read as their canonical spelling, not refused.
TEST(TreePath, AcceptsSpellingsGitRefusesButGnuPatchReads) {
    for (const char* path : {"./a", "a//b", "a/"})
        EXPECT_FALSE(unsafe_path_reason(path).has_value()) << path;
}

}  // namespace
}  // namespace patchbay
