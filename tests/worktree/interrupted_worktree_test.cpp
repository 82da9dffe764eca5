#include "worktree/interrupted_worktree.hpp"

#include <gtest/gtest.h>

#include "tests/support/temp_tree.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;

TEST(InterruptedWorktree, TheMarkerLastsFromTheStartOfAWriteToItsEnd) {
    test_support::TempTree tree;
    const fs::path dir = tree / "W";
    EXPECT_FALSE(is_interrupted_worktree(dir));
    ASSERT_TRUE(mark_writing(dir).ok());
    EXPECT_TRUE(is_interrupted_worktree(dir));
    EXPECT_TRUE(fs::is_directory(dir / ".git"));
    ASSERT_TRUE(mark_written(dir).ok());
    EXPECT_FALSE(is_interrupted_worktree(dir));
    EXPECT_TRUE(mark_written(dir).ok()) << "removing it twice is no error";
}

TEST(InterruptedWorktree, TheErrorNamesTheMarkerAndWhatToDo) {
    const Error error = interrupted_worktree_error("W");
    EXPECT_EQ(error.located(),
              "W: a patchbay run that was interrupted left this worktree half-written "
              "(W/.git/patchbay-writing is there); remove the folder (rm -rf W) and run the "
              "command again to write it whole");
}

TEST(InterruptedWorktree, AFolderThatCannotHoldTheMarkerIsAnError) {
    test_support::TempTree tree;
    tree.write("W", "a file, not a folder\n");
    auto marked = mark_writing(tree / "W");
    ASSERT_FALSE(marked.ok());
    EXPECT_NE(marked.error().message.find("cannot create .git"), std::string::npos)
        << marked.error().message;
}

}  // namespace
}  // namespace patchbay
