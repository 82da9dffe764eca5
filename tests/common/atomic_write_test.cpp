#include "common/atomic_write.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::read_file;
using test_support::TempDir;
using test_support::write_file;

std::size_t entries(const fs::path& dir) {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), {}));
}

TEST(AtomicWrite, ReplacesTheFileAndKeepsItsMode) {
    TempDir dir;
    write_file(dir / "p.patch", "old\n");
    fs::permissions(dir / "p.patch", fs::perms(0640));
    ASSERT_TRUE(write_atomically(dir / "p.patch", "new\n"));
    EXPECT_EQ(read_file(dir / "p.patch"), "new\n");
    EXPECT_EQ(fs::status(dir / "p.patch").permissions() & fs::perms::all, fs::perms(0640));
    EXPECT_EQ(entries(dir.path()), 1u);
}

TEST(AtomicWrite, AFailureBeforeTheRenameLeavesTheOldFileAndNoTemporary) {
    TempDir dir;
    write_file(dir / "p.patch", "old\n");
    fs::path seen;
    auto status = write_atomically(dir / "p.patch", "new\n", [&](const fs::path& temporary) {
        seen = temporary;
        EXPECT_EQ(read_file(temporary), "new\n");  // complete before the rename
        return Status(make_error("injected"));
    });
    ASSERT_FALSE(status);
    EXPECT_EQ(status.error().message, "injected");
    EXPECT_EQ(seen.parent_path(), dir.path());  // beside the target, so rename is atomic
    EXPECT_EQ(read_file(dir / "p.patch"), "old\n");
    EXPECT_EQ(entries(dir.path()), 1u);
}

TEST(AtomicWrite, AReadOnlyFolderIsAnErrorAndTheOldFileStays) {
    if (geteuid() == 0) GTEST_SKIP() << "root writes into read-only folders";
    TempDir dir;
    write_file(dir / "ro/p.patch", "old\n");
    fs::permissions(dir / "ro", fs::perms(0555));
    auto status = write_atomically(dir / "ro/p.patch", "new\n");
    fs::permissions(dir / "ro", fs::perms(0755));
    ASSERT_FALSE(status);
    EXPECT_NE(status.error().message.find("temporary file"), std::string::npos);
    EXPECT_EQ(read_file(dir / "ro/p.patch"), "old\n");
}

// A rename that fails (the target became a folder) removes the temporary file.
TEST(AtomicWrite, AFailedRenameLeavesNoTemporary) {
    TempDir dir;
    write_file(dir / "p.patch/inside", "x\n");
    ASSERT_FALSE(write_atomically(dir / "p.patch", "new\n"));
    EXPECT_EQ(entries(dir.path()), 1u);
    EXPECT_EQ(read_file(dir / "p.patch/inside"), "x\n");
}

}  // namespace
}  // namespace patchbay
