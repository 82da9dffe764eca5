#include "common/atomic_append.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>

#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

using test_support::read_file;
using test_support::TempDir;
using test_support::write_file;

TEST(AtomicAppend, AppendsAndCreates) {
    TempDir dir;
    write_file(dir / "summary.md", "step 1\n");
    ASSERT_TRUE(append_all_or_nothing(dir / "summary.md", "step 2\n"));
    EXPECT_EQ(read_file(dir / "summary.md"), "step 1\nstep 2\n");
    ASSERT_TRUE(append_all_or_nothing(dir / "new.md", "first\n"));
    EXPECT_EQ(read_file(dir / "new.md"), "first\n");
}

// A full disk, as RLIMIT_FSIZE makes one: the write stops part way (EFBIG), in a child process
// so that the limit binds only there.
TEST(AtomicAppend, AFullDiskLeavesTheFileAsItWas) {
    TempDir dir;
    write_file(dir / "summary.md", "step 1\n");
    const std::string summary(100, 'x');
    pid_t child = fork();
    if (child == 0) {
        std::signal(SIGXFSZ, SIG_IGN);
        rlimit limit{40, 40};
        setrlimit(RLIMIT_FSIZE, &limit);
        auto appended = append_all_or_nothing(dir / "summary.md", summary);
        _exit(appended
                  ? 0
                  : (appended.error().message.find("File too large") != std::string::npos ? 3 : 4));
    }
    int status = 0;
    waitpid(child, &status, 0);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 3);  // refused, naming why
    EXPECT_EQ(read_file(dir / "summary.md"), "step 1\n");
}

TEST(AtomicAppend, AFolderThatIsNotThereIsAnError) {
    TempDir dir;
    auto appended = append_all_or_nothing(dir / "missing/summary.md", "x");
    ASSERT_FALSE(appended);
    EXPECT_NE(appended.error().message.find("cannot append the summary"), std::string::npos);
}

}  // namespace
}  // namespace patchbay
