#include "common/file_lock.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::read_file;
using test_support::TempDir;
using test_support::write_file;

constexpr std::chrono::milliseconds kNoPatience{0};

TEST(FileLock, TheLockFileNamesItsHolderAndGoesWithTheLock) {
    TempDir dir;
    {
        auto lock = FileLock::acquire(dir / ".lock", "patchbay rebase --write", kNoPatience);
        ASSERT_TRUE(lock) << lock.error().located();
        std::string text = read_file(dir / ".lock");
        EXPECT_EQ(text.rfind("pid " + std::to_string(::getpid()) + ", since ", 0), 0u) << text;
        EXPECT_NE(text.find("UTC: patchbay rebase --write\n"), std::string::npos) << text;
    }
    EXPECT_FALSE(fs::exists(dir / ".lock"));
}

// flock(2) locks belong to an open file: a second open in the same process is a second holder.
TEST(FileLock, ASecondWriterIsRefusedWithTheHolderNamed) {
    TempDir dir;
    auto first = FileLock::acquire(dir / ".lock", "patchbay regenerate 0006.patch", kNoPatience);
    ASSERT_TRUE(first);
    auto second = FileLock::acquire(dir / ".lock", "patchbay rebase", kNoPatience);
    ASSERT_FALSE(second);
    EXPECT_NE(second.error().message.find("locked by pid " + std::to_string(::getpid())),
              std::string::npos)
        << second.error().message;
    EXPECT_NE(second.error().message.find("patchbay regenerate 0006.patch"), std::string::npos);
    EXPECT_NE(second.error().message.find("nothing was written"), std::string::npos);
    auto tried = FileLock::try_acquire(dir / ".lock", "check-series");
    ASSERT_TRUE(tried);
    EXPECT_FALSE(*tried);
}

TEST(FileLock, AWaiterGetsTheLockOnceItIsReleased) {
    TempDir dir;
    std::optional<FileLock> first;
    {
        auto taken = FileLock::acquire(dir / ".lock", "first", kNoPatience);
        ASSERT_TRUE(taken);
        first.emplace(std::move(*taken));
    }
    first.reset();
    auto second = FileLock::acquire(dir / ".lock", "second", kNoPatience);
    ASSERT_TRUE(second) << second.error().located();
    EXPECT_NE(read_file(dir / ".lock").find("second"), std::string::npos);
}

// A killed holder's lock file stays, but the kernel dropped its lock.
TEST(FileLock, ALockFileAKilledRunLeftHoldsNothing) {
    TempDir dir;
    write_file(dir / ".lock", "pid 99999, since 2026-01-01 00:00:00 UTC: patchbay rebase\n");
    auto lock = FileLock::acquire(dir / ".lock", "patchbay regenerate", kNoPatience);
    ASSERT_TRUE(lock) << lock.error().located();
    EXPECT_NE(read_file(dir / ".lock").find("patchbay regenerate"), std::string::npos);
}

TEST(FileLock, AFolderThatCannotHoldTheLockFileIsAnError) {
    TempDir dir;
    auto lock = FileLock::acquire(dir / "missing/.lock", "x", kNoPatience);
    ASSERT_FALSE(lock);
    EXPECT_NE(lock.error().message.find("cannot create the lock file"), std::string::npos);
}

}  // namespace
}  // namespace patchbay
