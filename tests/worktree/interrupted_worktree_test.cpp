#include "worktree/interrupted_worktree.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

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

// The marker of a run with pid `pid`, as mark_writing writes it.
void mark_as(const test_support::TempTree& tree, long pid) {
    tree.write("W/.git/patchbay-writing", "patchbay (pid " + std::to_string(pid) +
                                              ") is writing this worktree; an interrupted run "
                                              "leaves this file\n");
}

// A pid no process has: a child's, once it has exited and been waited for.
long finished_pid() {
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    int status = 0;
    ::waitpid(child, &status, 0);
    return child;
}

// Two commands at once: the second must not tell the person to remove a worktree the first is
// still writing (pid 1 is always running).
TEST(InterruptedWorktree, AWriterStillRunningIsNamedAndNothingIsToBeRemoved) {
    test_support::TempTree tree;
    mark_as(tree, 1);
    EXPECT_EQ(live_writer(tree / "W"), 1);
    const std::string message = interrupted_worktree_error(tree / "W").message;
    EXPECT_EQ(message,
              "another patchbay run (pid 1) is writing this worktree now; let it finish, then "
              "run the command again");
}

TEST(InterruptedWorktree, AWriterThatIsGoneLeavesAnInterruptedWorktree) {
    test_support::TempTree tree;
    mark_as(tree, finished_pid());
    EXPECT_EQ(live_writer(tree / "W"), std::nullopt);
    EXPECT_NE(interrupted_worktree_error(tree / "W").message.find("interrupted"),
              std::string::npos);
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
