#include "regenerate/worktree_edits.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "tests/regenerate/worktree_fixture.hpp"
#include "tests/support/series_names.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::GitWorktree;

using test_support::kOne;

std::map<std::string, WorktreeEdit> by_path(const std::vector<WorktreeEdit>& edits) {
    std::map<std::string, WorktreeEdit> map;
    for (const auto& edit : edits) map.emplace(edit.path, edit);
    return map;
}

class Edits : public ::testing::Test {
  protected:
    void SetUp() override {
        wt.commit("pristine upstream", {{"f.txt", "1\n"},
                                        {"other.txt", "o\n"},
                                        {"gone.txt", "g\n"},
                                        {".gitignore", "*.log\n"}});
        wt.commit(kOne, {{"f.txt", "one\n"}});
    }
    std::map<std::string, WorktreeEdit> edits(
        const std::set<std::string>& owned,
        OutsidePaths outside = OutsidePaths::created_and_deleted) {
        auto record = WorktreeRecord::open(wt.tree.root(), {kOne, {}, true});
        EXPECT_TRUE(record.ok());
        auto list = worktree_edits(*record, wt.tree.root(), owned, outside);
        EXPECT_TRUE(list.ok()) << (list.ok() ? "" : list.error().message);
        if (list.ok()) left_out = list->left_out;
        return list.ok() ? by_path(list->edits) : std::map<std::string, WorktreeEdit>{};
    }
    GitWorktree wt;
    std::vector<std::string> left_out;
};

TEST_F(Edits, OwnedPathsComeWithTheirBaseAndDiskStates) {
    wt.tree.write("f.txt", "ONE\n");
    auto map = edits({"f.txt"});
    ASSERT_TRUE(map.count("f.txt"));
    EXPECT_EQ(map["f.txt"].base->content, "1\n") << "the base is the commit before NAME";
    EXPECT_EQ(map["f.txt"].now->content, "ONE\n");
}

// A killed regenerate or git leaves .git/index.lock (issue #27 item 4): the edits are still
// read, as `git status` reads them, without refreshing the index and without removing the lock.
TEST_F(Edits, AStaleIndexLockDoesNotStopTheReading) {
    wt.tree.write(".git/index.lock", "");
    wt.tree.write("f.txt", "ONE\n");
    wt.tree.write("new.py", "x\n");
    auto map = edits({"f.txt"});
    ASSERT_TRUE(map.count("f.txt"));
    EXPECT_EQ(map["f.txt"].now->content, "ONE\n");
    EXPECT_TRUE(map.count("new.py"));
    EXPECT_TRUE(fs::exists(wt.tree / ".git/index.lock"));
}

// rebase --continue's rule: files made or removed while resolving join.
TEST_F(Edits, CreatedAndDeletedFilesJoinButEditsOfOtherFilesAndIgnoredFilesDoNot) {
    wt.tree.write("new.py", "x\n");
    wt.tree.write("debug.log", "ignored\n");
    wt.tree.write("other.txt", "edited, not NAME's\n");
    fs::remove(wt.tree / "gone.txt");
    auto map = edits({"f.txt"});
    EXPECT_TRUE(map.count("new.py"));
    EXPECT_FALSE(map["new.py"].base.has_value());
    EXPECT_TRUE(map.count("gone.txt"));
    EXPECT_FALSE(map["gone.txt"].now.has_value());
    EXPECT_FALSE(map.count("debug.log"));
    EXPECT_FALSE(map.count("other.txt"));
}

// Issue #28 item 4: regenerate neither drops an edit of a file NAME does not touch silently nor
// adds a new file unasked: both are left out and named; --add-files lets every one in.
TEST_F(Edits, RegenerateNamesWhatItLeavesOutAndTakesAllWhenAsked) {
    wt.tree.write("new.py", "x\n");
    wt.tree.write("other.txt", "edited, not NAME's\n");
    wt.tree.write("debug.log", "ignored\n");
    fs::remove(wt.tree / "gone.txt");
    auto map = edits({"f.txt"}, OutsidePaths::none);
    EXPECT_EQ(map.size(), 1u);
    EXPECT_TRUE(map.count("f.txt"));
    EXPECT_EQ(left_out, (std::vector<std::string>{"gone.txt", "new.py", "other.txt"}));
    map = edits({"f.txt"}, OutsidePaths::all);
    EXPECT_TRUE(map.count("new.py") && map.count("other.txt") && map.count("gone.txt"));
    EXPECT_EQ(map["other.txt"].now->content, "edited, not NAME's\n");
    EXPECT_TRUE(left_out.empty());
}

TEST_F(Edits, DiskStatesReadTheExecutableBitAndSymlinks) {
    wt.tree.run("chmod +x f.txt && ln -s f.txt link");
    auto f = read_disk_state(wt.tree / "f.txt");
    ASSERT_TRUE(f.ok());
    EXPECT_TRUE((*f)->executable);
    auto link = read_disk_state(wt.tree / "link");
    ASSERT_TRUE(link.ok());
    EXPECT_TRUE((*link)->symlink);
    EXPECT_EQ((*link)->content, "f.txt");
    auto folder = read_disk_state(wt.tree.root());
    ASSERT_TRUE(folder.ok());
    EXPECT_FALSE(folder->has_value());
}

// Issue #27 item 8: a tracked file replaced by a link out of the worktree is its link (the
// target's name), never the bytes it leads to.
TEST_F(Edits, AFileReplacedByASymlinkIsTheLinkNotWhatItLeadsTo) {
    wt.tree.write("../outside.txt", "secret\n");
    wt.tree.run("rm f.txt && ln -s ../outside.txt f.txt");
    auto map = edits({"f.txt"});
    ASSERT_TRUE(map.count("f.txt"));
    EXPECT_TRUE(map["f.txt"].now->symlink);
    EXPECT_EQ(map["f.txt"].now->content, "../outside.txt");
}

TEST_F(Edits, AFileBelowAFolderTurnedIntoASymlinkIsRefused) {
    wt.commit("0002.patch", {{"pkg/mod.py", "m\n"}});
    wt.tree.write("../elsewhere/mod.py", "secret\n");
    wt.tree.run("rm -r pkg && ln -s ../elsewhere pkg");
    auto record = WorktreeRecord::open(wt.tree.root(), {"0002.patch", {kOne}, true});
    ASSERT_TRUE(record.ok()) << record.error().message;
    auto list = worktree_edits(*record, wt.tree.root(), {"pkg/mod.py"}, OutsidePaths::none);
    ASSERT_FALSE(list.ok());
    EXPECT_EQ(list.error().located(),
              "pkg/mod.py: refusing to read it through 'pkg', which the worktree holds as a "
              "symlink; a folder turned into a symlink is not recorded");
}

}  // namespace
}  // namespace patchbay
