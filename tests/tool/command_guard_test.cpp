#include "tool/command_guard.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <new>
#include <stdexcept>

#include "tests/support/temp_tree.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;

TEST(CommandGuard, AStatusPassesThrough) {
    EXPECT_EQ(guarded([] { return 1; }), 1);
}

// Issue #27 item 11: out of memory on a huge input was `terminate called after throwing an
// instance of 'std::bad_alloc'` and exit 134.
TEST(CommandGuard, OutOfMemoryIsOneErrorAndStatusTwo) {
    testing::internal::CaptureStderr();
    const int status = guarded([]() -> int { throw std::bad_alloc(); });
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_EQ(status, 2);
    EXPECT_EQ(err,
              "patchbay: error: out of memory: the input needs more memory than this process may "
              "use (see `ulimit -v`)\n");
}

TEST(CommandGuard, AnyOtherExceptionIsAnInternalError) {
    testing::internal::CaptureStderr();
    const int status = guarded([]() -> int { throw std::runtime_error("boom"); });
    EXPECT_EQ(testing::internal::GetCapturedStderr(), "patchbay: error: internal error: boom\n");
    EXPECT_EQ(status, 2);
}

// Issue #27 item 14: run from a folder that was deleted.
TEST(CommandGuard, ADeletedWorkingDirectoryIsNamed) {
    EXPECT_TRUE(check_working_directory().ok());
    const fs::path here = fs::current_path();
    test_support::TempTree tree;
    fs::create_directories(tree / "gone");
    ASSERT_EQ(::chdir((tree / "gone").c_str()), 0);
    fs::remove(tree / "gone");
    auto checked = check_working_directory();
    ASSERT_EQ(::chdir(here.c_str()), 0);
    ASSERT_FALSE(checked.ok());
    EXPECT_EQ(checked.error().message,
              "the current directory no longer exists (it was deleted or moved away); cd to a "
              "folder that exists and run the command again");
}

}  // namespace
}  // namespace patchbay
