#include "common/write_whole.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <string>

namespace patchbay {
namespace {

// A pipe takes at most its buffer at once: a text larger than that goes out in parts, which a
// reader on the other side collects.
TEST(WriteWhole, ATextLargerThanOneWriteGoesOutWhole) {
    int ends[2];
    ASSERT_EQ(::pipe(ends), 0);
    const std::string text(1 << 20, 'x');
    std::string received;
    pid_t reader = fork();
    if (reader == 0) {
        ::close(ends[1]);
        char buffer[65536];
        std::size_t total = 0;
        for (ssize_t got; (got = ::read(ends[0], buffer, sizeof buffer)) > 0;) total += got;
        _exit(total == (1u << 20) ? 0 : 1);
    }
    ::close(ends[0]);
    EXPECT_EQ(write_whole(ends[1], text), 0);
    ::close(ends[1]);
    int status = 0;
    waitpid(reader, &status, 0);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

TEST(WriteWhole, AFailedWriteGivesItsErrno) {
    int read_only = ::open("/dev/null", O_RDONLY);
    EXPECT_EQ(write_whole(read_only, "x"), EBADF);
    ::close(read_only);
}

}  // namespace
}  // namespace patchbay
