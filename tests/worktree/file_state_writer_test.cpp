#include "worktree/file_state_writer.hpp"

#include <gtest/gtest.h>

#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::read_file;
using test_support::TempDir;

TEST(FileStateWriter, WritesFilesWithTheirModeAndSymlinks) {
    TempDir dir;
    ASSERT_TRUE(
        write_file_state(dir.path(), "a/run.sh", {std::string("#!/bin/sh\n"), true, false}).ok());
    ASSERT_TRUE(
        write_file_state(dir.path(), "a/plain.txt", {std::string("text\n"), false, false}).ok());
    ASSERT_TRUE(
        write_file_state(dir.path(), "link", {std::string("a/plain.txt"), false, true}).ok());
    EXPECT_EQ(read_file(dir / "a/run.sh"), "#!/bin/sh\n");
    EXPECT_EQ(fs::status(dir / "a/run.sh").permissions() & fs::perms::owner_exec,
              fs::perms::owner_exec);
    EXPECT_EQ(fs::status(dir / "a/plain.txt").permissions() & fs::perms::owner_exec,
              fs::perms::none);
    EXPECT_EQ(fs::read_symlink(dir / "link"), "a/plain.txt");
    EXPECT_EQ(read_file(dir / "link"), "text\n");
}

// A file that already holds the bytes is left as it is (the same file: a second name linked to
// it stays linked, where a rewrite makes a new file): a run killed while rewriting it could
// otherwise cut short a file a person wrote. Only its mode follows the state; a file with
// other bytes is replaced.
TEST(FileStateWriter, AFileThatAlreadyHoldsTheBytesIsNotRewritten) {
    TempDir dir;
    ASSERT_TRUE(write_file_state(dir.path(), "f.txt", {std::string("mine\n"), false, false}).ok());
    fs::create_hard_link(dir / "f.txt", dir / "second-name");
    ASSERT_TRUE(write_file_state(dir.path(), "f.txt", {std::string("mine\n"), true, false}).ok());
    EXPECT_EQ(fs::hard_link_count(dir / "f.txt"), 2u);
    EXPECT_EQ(fs::status(dir / "f.txt").permissions() & fs::perms::owner_exec,
              fs::perms::owner_exec);
    ASSERT_TRUE(write_file_state(dir.path(), "f.txt", {std::string("other\n"), true, false}).ok());
    EXPECT_EQ(read_file(dir / "f.txt"), "other\n");
    EXPECT_EQ(fs::hard_link_count(dir / "f.txt"), 1u);
}

// A symlink among the folders of a path (one an earlier patch created, say) is never followed.
TEST(FileStateWriter, RefusesToWriteThroughASymlink) {
    TempDir dir;
    TempDir outside;
    fs::create_directory_symlink(outside.path(), dir / "escape");
    auto written = write_file_state(dir.path(), "escape/f.txt", {std::string("x\n"), false, false});
    ASSERT_FALSE(written.ok());
    EXPECT_NE(written.error().message.find("through a symlink"), std::string::npos);
    EXPECT_FALSE(fs::exists(outside / "f.txt"));
}

TEST(FileStateWriter, RefusesPathsThatAreNotCanonicalTreePaths) {
    TempDir dir;
    for (const char* path : {"../f.txt", "/tmp/f.txt", "a/./f.txt", "a//f.txt"}) {
        auto written = write_file_state(dir.path(), path, {std::string("x\n"), false, false});
        EXPECT_FALSE(written.ok()) << path;
    }
    EXPECT_TRUE(fs::is_empty(dir.path()));
}

TEST(FileStateWriter, RemovesAFileButNotThroughASymlink) {
    TempDir dir;
    TempDir outside;
    test_support::write_file(dir / "a/f.txt", "x\n");
    test_support::write_file(outside / "g.txt", "keep\n");
    fs::create_directory_symlink(outside.path(), dir / "escape");
    ASSERT_TRUE(remove_file_state(dir.path(), "a/f.txt").ok());
    EXPECT_FALSE(fs::exists(dir / "a/f.txt"));
    EXPECT_FALSE(remove_file_state(dir.path(), "escape/g.txt").ok());
    EXPECT_TRUE(fs::exists(outside / "g.txt"));
}

}  // namespace
}  // namespace patchbay
