// Seeding one object store from another, with git (the CLI) as the oracle for what a complete
// store is.
#include "source/object_seeding.hpp"

#include <gtest/gtest.h>

#include "tests/support/git_command.hpp"
#include "tests/support/temp_tree.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::TempTree;

using test_support::kGit;

class ObjectSeedingTest : public ::testing::Test {
  protected:
    void SetUp() override {
        tree_.write("up/a.txt", "a\n");
        tree_.write("up/b.txt", "b\n");
        tree_.run(std::string("cd up && git init -q . && git add -A && ") + kGit +
                  " commit -qm one && git tag one");
        tree_.run("git init -q new");
    }

    Status seed(const std::string& from) {
        return seed_objects(tree_ / (from + "/.git/objects"), tree_ / "new/.git/objects");
    }

    TempTree tree_;
};

TEST_F(ObjectSeedingTest, LooseObjectsAreHardLinked) {
    ASSERT_TRUE(seed("up").ok());
    const std::string blob = tree_.run("git -C up rev-parse HEAD:a.txt");
    const std::string path = ".git/objects/" + blob.substr(0, 2) + "/" + blob.substr(2);
    EXPECT_EQ(tree_.run("stat -c %i up/" + path), tree_.run("stat -c %i new/" + path));
    EXPECT_EQ(tree_.run("git -C new cat-file -p " + blob), "a");
}

TEST_F(ObjectSeedingTest, PacksAreLinkedAndKeepFilesLeftOut) {
    tree_.run(
        "cd up && git repack -adq && touch .git/objects/pack/pack-x.keep "
        "&& touch .git/objects/pack/tmp_pack_x");
    ASSERT_TRUE(seed("up").ok());
    EXPECT_EQ(tree_.run("cd up/.git/objects/pack && ls | grep -v -e keep -e tmp_ | sort"),
              tree_.run("cd new/.git/objects/pack && ls | sort"));
    tree_.run("git -C new update-ref refs/heads/main $(git -C up rev-parse HEAD)");
    fs::remove_all(tree_ / "up");
    tree_.run("git -C new fsck --full --strict 2>&1");
    EXPECT_EQ(tree_.run("git -C new show main:b.txt"), "b");
}

TEST_F(ObjectSeedingTest, FollowsAlternatesRelativeAndAbsolute) {
    tree_.run("git clone -q --shared up mid && git clone -q --shared mid leaf");
    tree_.write("leaf/c.txt", "c\n");
    tree_.run(std::string("cd leaf && git add c.txt && ") + kGit + " commit -qm two");
    tree_.write("leaf/.git/objects/info/alternates", "../../../mid/.git/objects\n");
    ASSERT_TRUE(seed("leaf").ok());
    EXPECT_FALSE(fs::exists(tree_ / "new/.git/objects/info/alternates"));
    tree_.run("git -C new update-ref refs/heads/main $(git -C leaf rev-parse HEAD)");
    fs::remove_all(tree_ / "up");
    fs::remove_all(tree_ / "mid");
    fs::remove_all(tree_ / "leaf");
    tree_.run("git -C new fsck --full --strict 2>&1");
    EXPECT_EQ(tree_.run("git -C new show main:c.txt main:a.txt"), "c\na");
}

TEST_F(ObjectSeedingTest, AMissingStoreIsAnError) {
    auto seeded = seed("nowhere");
    ASSERT_FALSE(seeded.ok());
    EXPECT_EQ(seeded.error().file, (tree_ / "nowhere/.git/objects").string());
}

}  // namespace
}  // namespace patchbay
