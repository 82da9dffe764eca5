#include "common/atomic_append.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "common/deferred_signals.hpp"
#include "common/write_whole.hpp"

namespace patchbay {

namespace {

Error append_error(const std::filesystem::path& path, int error_number) {
    return errno_error(path.string(), "cannot append the summary", error_number);
}

}  // namespace

Status append_all_or_nothing(const std::filesystem::path& path, std::string_view text) {
    DeferredSignals deferred;
    int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return append_error(path, errno);
    struct stat before {};
    bool regular = ::fstat(fd, &before) == 0 && S_ISREG(before.st_mode);
    int failure = write_whole(fd, text);
    // A pipe or a terminal cannot take bytes back; a file can.
    if (failure != 0 && regular && ::ftruncate(fd, before.st_size) != 0) failure = errno;
    if (::close(fd) != 0 && failure == 0) failure = errno;
    if (failure != 0) return append_error(path, failure);
    return Ok{};
}

}  // namespace patchbay
