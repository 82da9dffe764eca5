#include "series/symlink_paths.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(SymlinkPaths, APathIsBelowARecordedSymlinkOnlyAtAFolderBoundary) {
    SymlinkPaths links;
    EXPECT_FALSE(links.above("a/b"));
    links.record("a", true);
    links.record("x/y", true);
    EXPECT_TRUE(links.above("a/b"));
    EXPECT_TRUE(links.above("x/y/z/w"));
    EXPECT_FALSE(links.above("a")) << "the link itself is not below it";
    EXPECT_FALSE(links.above("ab/c"));
    EXPECT_FALSE(links.above("x/yz"));
    EXPECT_FALSE(links.above("x/z"));
}

TEST(SymlinkPaths, ALinkReplacedOrRemovedIsForgotten) {
    SymlinkPaths links;
    links.record("a", true);
    links.record("b", true);
    links.record("a", false);
    EXPECT_FALSE(links.above("a/f"));
    EXPECT_TRUE(links.above("b/f"));
    links.clear();
    EXPECT_FALSE(links.above("b/f"));
}

}  // namespace
}  // namespace patchbay
