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

// tree_path_error finds ".." by substring search; these are the spellings where a ".." is,
// and is not, a whole component.
TEST(TreePath, DotDotIsAComponentOnlyBetweenSlashes) {
    for (const char* leaving : {"..", "../a", "a/..", "a/../b", "./..", "a//../b"})
        EXPECT_TRUE(tree_path_error(leaving).has_value()) << leaving;
    for (const char* inside : {"a..b", "..a/b", "a/b..", "a/...", "...", "a/..b/c"})
        EXPECT_FALSE(tree_path_error(inside).has_value()) << inside;
    for (const char* no_file : {"", ".", "./", ".//", "./././"})
        EXPECT_EQ(tree_path_error(no_file)->message,
                  "path '" + std::string(no_file) + "' names no file");
}

TEST(TreePath, ComponentsOneByOneAsViews) {
    const std::string_view path = "./a//b/./c";
    std::vector<std::string_view> names;
    for (auto part = next_component(path, 0); part; part = next_component(path, part->next))
        names.push_back(part->name);
    EXPECT_EQ(names, (std::vector<std::string_view>{"a", "b", "c"}));
    EXPECT_FALSE(next_component("./", 0).has_value());
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
