// git is the oracle: `git diff --stat=72 --summary -M` (format-patch's width) of two commits,
// against git_diffstat of the patch `git diff -M` writes for the same commits.

#include "regenerate/diffstat.hpp"

#include <gtest/gtest.h>

#include "tests/support/parsed_patch.hpp"
#include "tests/support/temp_tree.hpp"

namespace patchbay {
namespace {

using test_support::TempTree;

std::string lines(const std::string& tag, int count) {
    std::string text;
    for (int i = 0; i < count; ++i) text += tag + " line " + std::to_string(i) + "\n";
    return text;
}

class GitStat : public ::testing::Test {
  protected:
    void SetUp() override {
        tree.run("git init -q && git config user.name T && git config user.email t@t");
    }
    void commit(const std::string& message) {
        tree.run("git add -A && git commit -qm '" + message + "'");
    }
    // The stat git prints and ours for the last commit.
    void expect_same_stat() {
        auto expected = tree.run("git diff --stat=72 --summary -M HEAD~1 HEAD") + "\n";
        auto patch = test_support::parse(tree.run("git diff -M HEAD~1 HEAD") + "\n");
        EXPECT_EQ(git_diffstat(patch, 1), expected);
    }
    TempTree tree;
};

TEST_F(GitStat, ModifiedCreatedDeletedAndModeChangedFiles) {
    tree.write("keep.py", lines("keep", 20));
    tree.write("gone.txt", lines("gone", 5));
    tree.write("tool.sh", "echo hi\n");
    commit("base");
    tree.write("keep.py", lines("keep", 18) + "changed\n");
    tree.write("new.txt", lines("new", 3));
    tree.run("rm gone.txt && chmod +x tool.sh");
    commit("topic");
    expect_same_stat();
}

// One file with many changes scales the graph; a long name is cut at a slash after "...".
TEST_F(GitStat, TheGraphScalesAndALongNameIsCut) {
    tree.write("small.c", lines("s", 10));
    commit("base");
    tree.write("small.c", lines("s", 9) + "x\n");
    tree.write("a_rather_long_directory_name_for_scaling/and_an_even_longer_file_name.md",
               lines("big", 300));
    commit("topic");
    expect_same_stat();
}

TEST_F(GitStat, RenamesAreNamedWithTheirCommonPrefixAndSuffix) {
    tree.write("vllm/utils.py", lines("utils", 30));
    tree.write("vllm/ops/a/kernel.py", lines("kernel", 30));
    tree.write("top.txt", lines("top", 30));
    tree.write("lib/x/mod.py", lines("mod", 30));
    commit("base");
    tree.run(
        "mkdir -p vllm/utils vllm/ops/b lib/y && git mv vllm/utils.py vllm/utils/__init__.py "
        "&& git mv vllm/ops/a/kernel.py vllm/ops/b/kernel.py && git mv top.txt bottom.txt "
        "&& git mv lib/x/mod.py lib/y/mod2.py");
    tree.write("lib/y/mod2.py", lines("mod", 29) + "changed\n");
    commit("topic");
    expect_same_stat();
}

TEST_F(GitStat, NamesWithBytesAboveAsciiAreQuotedAsGitQuotesThem) {
    tree.write("plain.txt", "a\n");
    commit("base");
    tree.write("caf\xc3\xa9.txt", "b\n");
    commit("topic");
    expect_same_stat();
}

TEST(Diffstat, RenameNamesByHand) {
    EXPECT_EQ(git_rename_name("a/b/c", "a/d/c"), "a/{b => d}/c");
    EXPECT_EQ(git_rename_name("x", "y"), "x => y");
    EXPECT_EQ(git_rename_name("vllm/envs.py", "vllm/config/envs.py"), "vllm/{ => config}/envs.py");
}

TEST(Diffstat, APatchWithoutSectionsHasNoStat) {
    EXPECT_EQ(git_diffstat(PatchFile{}, 1), "");
}

}  // namespace
}  // namespace patchbay
