// git merge-file (the same xdiff merge in git's CLI) is the oracle for every merged text.

#include "regenerate/text_merge.hpp"

#include <gtest/gtest.h>

#include "tests/support/temp_tree.hpp"

namespace patchbay {
namespace {

using test_support::TempTree;

std::string seq(int from, int to) {
    std::string text;
    for (int i = from; i <= to; ++i) text += std::to_string(i) + "\n";
    return text;
}

std::string with_line(std::string text, const std::string& from, const std::string& to) {
    text.replace(text.find("\n" + from + "\n") + 1, from.size(), to);
    return text;
}

// git merge-file's output and exit status (the number of conflicts).
std::pair<std::string, std::string> git_merge(const std::string& base, const std::string& ours,
                                              const std::string& theirs) {
    TempTree tree;
    tree.write("b", base);
    tree.write("o", ours);
    tree.write("t", theirs);
    auto text =
        tree.run("git merge-file -p --diff3 -L ours -L base -L theirs o b t > m; echo $?; cat m");
    auto newline = text.find('\n');
    return {text.substr(0, newline), newline == std::string::npos ? "" : text.substr(newline + 1)};
}

TEST(TextMerge, ChangesFarApartMergeAsGitMergesThem) {
    auto base = seq(1, 20);
    auto ours = with_line(base, "3", "THREE"), theirs = with_line(base, "15", "FIFTEEN");
    auto merged = merge_texts(base, ours, theirs);
    ASSERT_TRUE(merged.ok());
    EXPECT_TRUE(merged->clean);
    auto [status, text] = git_merge(base, ours, theirs);
    EXPECT_EQ(status, "0");
    // TempTree::run drops the final newline of the output.
    EXPECT_EQ(merged->text, text + "\n");
    EXPECT_EQ(merged->text, with_line(with_line(base, "3", "THREE"), "15", "FIFTEEN"));
}

TEST(TextMerge, TheSameLineChangedTwiceConflictsWithGitsMarkers) {
    auto base = seq(1, 10);
    auto ours = with_line(base, "5", "five"), theirs = with_line(base, "5", "FIVE");
    auto merged = merge_texts(base, ours, theirs);
    ASSERT_TRUE(merged.ok());
    EXPECT_FALSE(merged->clean);
    auto [status, text] = git_merge(base, ours, theirs);
    EXPECT_EQ(status, "1");
    EXPECT_EQ(merged->text, text + "\n");
}

// git merges neighbouring changes as one conflict, not as two clean ones.
TEST(TextMerge, AdjacentLinesConflictAsInGit) {
    auto base = seq(1, 10);
    auto ours = with_line(base, "4", "four"), theirs = with_line(base, "5", "five");
    auto merged = merge_texts(base, ours, theirs);
    ASSERT_TRUE(merged.ok());
    EXPECT_EQ(git_merge(base, ours, theirs).first, "1");
    EXPECT_FALSE(merged->clean);
}

TEST(TextMerge, TheSameChangeOnBothSidesIsClean) {
    auto base = seq(1, 10), both = with_line(seq(1, 10), "5", "five");
    auto merged = merge_texts(base, both, both);
    ASSERT_TRUE(merged.ok());
    EXPECT_TRUE(merged->clean);
    EXPECT_EQ(merged->text, both);
}

TEST(TextMerge, LabelsNameTheSidesOfAConflict) {
    auto base = seq(1, 5);
    auto merged = merge_texts(base, with_line(base, "3", "x"), with_line(base, "3", "y"),
                              {"the series now", "the worktree", "the worktree's base"});
    ASSERT_TRUE(merged.ok());
    EXPECT_NE(merged->text.find("<<<<<<< the series now\n"), std::string::npos) << merged->text;
    EXPECT_NE(merged->text.find(">>>>>>> the worktree\n"), std::string::npos) << merged->text;
}

}  // namespace
}  // namespace patchbay
