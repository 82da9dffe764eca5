#include "common/stale_temporaries.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <unistd.h>

#include <filesystem>

#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::TempDir;
using test_support::write_file;

TEST(StaleTemporaries, TheNamesAreThoseOfWriteAtomically) {
    EXPECT_EQ(temporary_name_pattern("patches/0001.patch"), ".0001.patch.patchbay-XXXXXX");
    EXPECT_TRUE(is_temporary_name(".0001.patch.patchbay-a1B2c3"));
    EXPECT_TRUE(is_temporary_name(".0001.patch.patchbay-a1B2c3", "0001.patch"));
    EXPECT_FALSE(is_temporary_name(".0001.patch.patchbay-a1B2c3", "0002.patch"));
    EXPECT_FALSE(is_temporary_name("0001.patch.patchbay-a1B2c3"));    // not hidden
    EXPECT_FALSE(is_temporary_name(".0001.patch.patchbay-a1B2"));     // too short
    EXPECT_FALSE(is_temporary_name(".patchbay.toml.lock"));           // the series lock
    EXPECT_FALSE(is_temporary_name(".patchbay.toml.journal"));        // the series journal
    EXPECT_FALSE(is_temporary_name(".0001.patch.patchbay-a1B2c3d"));  // not mkstemp's six
}

TEST(StaleTemporaries, RemovesOnlyAbandonedTemporaries) {
    TempDir dir;
    write_file(dir / ".a.patch.patchbay-AAAAAA", "left by a SIGKILL");
    write_file(dir / ".b.patch.patchbay-BBBBBB", "being written");
    write_file(dir / "a.patch", "a patch");
    write_file(dir / ".hidden", "a user's file");
    int writer = ::open((dir / ".b.patch.patchbay-BBBBBB").c_str(), O_RDONLY);
    ASSERT_EQ(::flock(writer, LOCK_EX), 0);  // as write_atomically holds its temporary file
    auto removed = remove_stale_temporaries(dir.path());
    ::close(writer);
    ASSERT_EQ(removed.size(), 1u);
    EXPECT_EQ(removed[0].filename(), ".a.patch.patchbay-AAAAAA");
    EXPECT_FALSE(fs::exists(dir / ".a.patch.patchbay-AAAAAA"));
    EXPECT_TRUE(fs::exists(dir / ".b.patch.patchbay-BBBBBB"));
    EXPECT_TRUE(fs::exists(dir / "a.patch"));
    EXPECT_TRUE(fs::exists(dir / ".hidden"));
}

TEST(StaleTemporaries, OnlyThoseOfOneFileWhenItIsNamed) {
    TempDir dir;
    write_file(dir / ".report.json.patchbay-AAAAAA", "");
    write_file(dir / ".0001.patch.patchbay-BBBBBB", "");
    auto removed = remove_stale_temporaries(dir.path(), "report.json");
    ASSERT_EQ(removed.size(), 1u);
    EXPECT_TRUE(fs::exists(dir / ".0001.patch.patchbay-BBBBBB"));
}

TEST(StaleTemporaries, ASymlinkWithATemporaryNameIsLeftAlone) {
    TempDir dir;
    write_file(dir / "target", "someone's file");
    fs::create_symlink(dir / "target", dir / ".x.patchbay-AAAAAA");
    EXPECT_TRUE(remove_stale_temporaries(dir.path()).empty());
    EXPECT_TRUE(fs::exists(dir / "target"));
}

TEST(StaleTemporaries, TheyAreListedHeldOrNot) {
    TempDir dir;
    write_file(dir / ".b.patch.patchbay-BBBBBB", "");
    write_file(dir / ".a.patch.patchbay-AAAAAA", "");
    write_file(dir / "a.patch", "");
    EXPECT_EQ(temporaries_in(dir.path()),
              (std::vector<fs::path>{dir / ".a.patch.patchbay-AAAAAA",
                                     dir / ".b.patch.patchbay-BBBBBB"}));
    EXPECT_EQ(temporaries_in(dir.path(), "b.patch").size(), 1u);
}

TEST(StaleTemporaries, AMissingFolderHasNone) {
    TempDir dir;
    EXPECT_TRUE(remove_stale_temporaries(dir / "missing").empty());
    EXPECT_TRUE(temporaries_in(dir / "missing").empty());
}

}  // namespace
}  // namespace patchbay
