#include "series/path_snapshot.hpp"

#include <gtest/gtest.h>

#include "tests/support/memory_source.hpp"

namespace patchbay {
namespace {

using test_support::MemorySource;

TEST(PathSnapshot, APathAndEachFolderAboveItAreFoundAndNothingElse) {
    MemorySource source;
    source.file("a/b/c.txt", "c\n");
    source.symlink("l", "elsewhere");
    const TreeState state(source);
    PathSnapshot snapshot;
    snapshot.capture(state, "a/b/c.txt");
    snapshot.capture(state, "l/sub/n.txt");
    ASSERT_TRUE(snapshot.holds("a/b/c.txt"));
    EXPECT_EQ(snapshot.find("a/b/c.txt")->value().content, "c\n");
    EXPECT_TRUE(snapshot.holds("a"));
    EXPECT_TRUE(snapshot.holds("a/b"));
    EXPECT_EQ(snapshot.find("l")->value().kind, TreeEntry::Kind::symlink);
    EXPECT_EQ(snapshot.find("l/sub")->value().kind, TreeEntry::Kind::under_symlink);
    EXPECT_FALSE(snapshot.holds("a/b/c"));
    EXPECT_FALSE(snapshot.holds("a/b/d.txt"));
    EXPECT_FALSE(snapshot.holds("b"));
    snapshot.forget("l/sub/n.txt");
    EXPECT_FALSE(snapshot.holds("l"));
    snapshot.capture(state, "a/x.txt");
    snapshot.forget("a/b/c.txt");
    EXPECT_TRUE(snapshot.holds("a")) << "a/x.txt still passes it";
    EXPECT_FALSE(snapshot.holds("a/b"));
}

// A sibling whose name sorts between "a" and "a/" ("a-x", "a.y") does not hide the folder.
TEST(PathSnapshot, SiblingsThatSortBeforeTheFolderDoNotHideIt) {
    MemorySource source;
    source.symlink("a", "elsewhere");
    const TreeState state(source);
    PathSnapshot snapshot;
    for (const char* path : {"a-x", "a.y", "a/f"}) snapshot.capture(state, path);
    ASSERT_TRUE(snapshot.holds("a"));
    EXPECT_EQ(snapshot.find("a")->value().kind, TreeEntry::Kind::symlink);
}

}  // namespace
}  // namespace patchbay
