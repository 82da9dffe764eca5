// A plain directory as the pristine upstream, and the factory that picks it.
// Also tests source/directory_lookup.cpp (what is at a path) and source/pristine_source.cpp
// (open_pristine).

#include "source/directory_source.hpp"

#include <gtest/gtest.h>

#include "tests/support/temp_tree.hpp"

namespace patchbay {
namespace {

using Kind = TreeEntry::Kind;
using patchbay::test_support::TempTree;

// up/: pkg/a.py, an executable, a subdirectory, a symlink to it, a symlink to a folder outside
// the tree, a dangling symlink.
class DirectorySourceTest : public ::testing::Test {
  protected:
    void SetUp() override {
        tree_.write("up/pkg/a.py", "alpha\n");
        tree_.write("up/pkg/run.sh", "#!/bin/sh\n");
        tree_.write("up/pkg/sub/deep.py", "deep\n");
        tree_.write("outside/secret.py", "secret\n");
        tree_.run(
            "chmod +x up/pkg/run.sh && ln -s sub up/pkg/link && ln -s \"$PWD/outside\" "
            "up/pkg/ext && ln -s missing.py up/pkg/dangling.py && ln -s pkg up/pkglink");
    }

    Result<std::unique_ptr<PristineSource>> open(const std::string& directory = "") {
        return open_directory_source(SourceOptions{tree_ / "up", "", directory, false, {}});
    }

    TreeEntry lookup_ok(const PristineSource& source, const std::string& path) {
        auto entry = source.lookup(path);
        EXPECT_TRUE(entry.ok()) << (entry ? "" : entry.error().located());
        return entry ? entry.value() : TreeEntry{};
    }

    TempTree tree_;
};

TEST_F(DirectorySourceTest, FilesAndExecutables) {
    auto source = open();
    ASSERT_TRUE(source.ok()) << source.error().located();
    const TreeEntry file = lookup_ok(**source, "pkg/a.py");
    EXPECT_EQ(file.kind, Kind::file);
    EXPECT_EQ(file.content, "alpha\n");
    EXPECT_FALSE(file.executable);
    EXPECT_TRUE(lookup_ok(**source, "pkg/run.sh").executable);
    EXPECT_EQ(lookup_ok(**source, "pkg/sub").kind, Kind::directory);
    EXPECT_EQ(lookup_ok(**source, "pkg/nope.py").kind, Kind::absent);
    EXPECT_EQ(lookup_ok(**source, "pkg/a.py/x").kind, Kind::absent);
    EXPECT_TRUE((*source)->description().commit.empty());
}

TEST_F(DirectorySourceTest, SymlinksAreSeenNotFollowed) {
    auto source = open();
    ASSERT_TRUE(source.ok()) << source.error().located();
    const TreeEntry link = lookup_ok(**source, "pkg/link");
    EXPECT_EQ(link.kind, Kind::symlink);
    EXPECT_EQ(link.content, "sub");
    EXPECT_EQ(lookup_ok(**source, "pkg/link/deep.py").kind, Kind::under_symlink);
    const TreeEntry dangling = lookup_ok(**source, "pkg/dangling.py");
    EXPECT_EQ(dangling.kind, Kind::symlink);
    EXPECT_EQ(dangling.content, "missing.py");
}

TEST_F(DirectorySourceTest, ParentSymlinkPointingOutsideIsUnderSymlink) {
    auto source = open();
    ASSERT_TRUE(source.ok()) << source.error().located();
    const TreeEntry entry = lookup_ok(**source, "pkg/ext/secret.py");
    EXPECT_EQ(entry.kind, Kind::under_symlink);
    EXPECT_TRUE(entry.content.empty());
}

// The kernel walks the folders in one call (openat2, refusing symlinks) where it can; these are
// the spellings and places where it can, and where the folder-by-folder walk takes over.
TEST_F(DirectorySourceTest, DeepFoldersOddSpellingsAndARootReachedThroughASymlink) {
    std::string deep;
    for (int i = 0; i < 300; ++i) deep += "d/";
    tree_.write("up/" + deep + "f.txt", "deep\n");
    tree_.run("ln -s up uplink");
    auto source = open();
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_EQ(lookup_ok(**source, deep + "f.txt").content, "deep\n");
    EXPECT_EQ(lookup_ok(**source, deep + "g.txt").kind, Kind::absent);
    EXPECT_EQ(lookup_ok(**source, "pkg/./sub//deep.py").content, "deep\n");
    EXPECT_EQ(lookup_ok(**source, "pkglink/sub/deep.py").kind, Kind::under_symlink);
    EXPECT_EQ(lookup_ok(**source, "pkg/sub/").kind, Kind::directory);
    auto linked = open_directory_source(SourceOptions{tree_ / "uplink", "", "", false, {}});
    ASSERT_TRUE(linked.ok()) << linked.error().located();
    EXPECT_EQ(lookup_ok(**linked, "pkg/sub/deep.py").content, "deep\n");
    EXPECT_EQ(lookup_ok(**linked, "pkg/link/deep.py").kind, Kind::under_symlink);
}

TEST_F(DirectorySourceTest, SubdirectoryOption) {
    auto source = open("pkg");
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_EQ(lookup_ok(**source, "a.py").content, "alpha\n");
    EXPECT_EQ(lookup_ok(**source, "sub/deep.py").content, "deep\n");
    EXPECT_EQ((*source)->description().directory, "pkg");
}

TEST_F(DirectorySourceTest, SubdirectoryThroughASymlinkOrMissingIsAnError) {
    auto through_link = open("pkglink");
    ASSERT_FALSE(through_link.ok());
    EXPECT_EQ(through_link.error().message,
              "upstream directory 'pkglink' is not a real directory in " + (tree_ / "up").string());
    auto missing = open("nope");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().message,
              "upstream directory 'nope' does not exist in " + (tree_ / "up").string());
}

TEST_F(DirectorySourceTest, MissingUpstreamIsAnError) {
    auto source = open_directory_source(SourceOptions{tree_ / "gone", "", "", false, {}});
    ASSERT_FALSE(source.ok());
    EXPECT_EQ(source.error().located(),
              (tree_ / "gone").string() + ": upstream path is not a directory");
}

TEST_F(DirectorySourceTest, BadLookupPathsAreErrors) {
    auto source = open("pkg");
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_EQ((*source)->lookup("../outside/secret.py").error().message,
              "path '../outside/secret.py' leaves the tree (a '..' component)");
    EXPECT_FALSE((*source)->lookup("/etc/passwd").ok());
    EXPECT_FALSE((*source)->lookup("").ok());
    EXPECT_FALSE((*source)->lookup(std::string("a.py\0", 5)).ok());
}

TEST_F(DirectorySourceTest, FactoryPicksThePlainDirectory) {
    auto source = open_pristine(SourceOptions{tree_ / "up", "", "pkg", false, {}});
    ASSERT_TRUE(source.ok()) << source.error().located();
    EXPECT_EQ(lookup_ok(**source, "a.py").content, "alpha\n");
}

TEST_F(DirectorySourceTest, FactoryRefusesAMissingPath) {
    auto source = open_pristine(SourceOptions{tree_ / "gone", "", "", false, {}});
    ASSERT_FALSE(source.ok());
    EXPECT_EQ(source.error().message, "upstream path does not exist");
}

TEST_F(DirectorySourceTest, FactoryWithRevOutsideGitIsAnError) {
    auto source = open_pristine(SourceOptions{tree_ / "up", "v1.0", "", false, {}});
    ASSERT_FALSE(source.ok());
    EXPECT_EQ(source.error().file, (tree_ / "up").string());
}

}  // namespace
}  // namespace patchbay
