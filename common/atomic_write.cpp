#include "common/atomic_write.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "common/deferred_signals.hpp"
#include "common/stale_temporaries.hpp"
#include "common/write_whole.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

Status write_all(int fd, std::string_view text, const fs::path& path) {
    if (int failure = write_whole(fd, text); failure != 0)
        return errno_error(path.string(), "cannot write the new file", failure);
    if (::fsync(fd) != 0) return errno_error(path.string(), "cannot flush the new file");
    return Ok{};
}

void keep_permissions(int fd, const fs::path& path) {
    struct stat old {};
    if (::stat(path.c_str(), &old) == 0)
        ::fchmod(fd, old.st_mode & 07777);
    else
        ::fchmod(fd, 0644);
}

// A temporary file being written, locked (flock) until it is closed: a later run that finds
// such a file removes it only when no one holds that lock (common/stale_temporaries.hpp).
struct Temporary {
    std::string path;
    int fd = -1;

    Status close() {
        int fd_was = std::exchange(fd, -1);
        if (fd_was >= 0 && ::close(fd_was) != 0)
            return errno_error(path, "cannot close the new file");
        return Ok{};
    }
    void discard() {
        if (fd >= 0) ::close(std::exchange(fd, -1));
        if (!path.empty()) ::unlink(path.c_str());
    }
};

Result<Temporary> create_temporary(const fs::path& path) {
    Temporary temporary{(path.parent_path() / temporary_name_pattern(path)).string()};
    temporary.fd = ::mkstemp(temporary.path.data());
    if (temporary.fd < 0)
        return errno_error(path.string(), "cannot create a temporary file beside it");
    ::flock(temporary.fd, LOCK_EX);
    keep_permissions(temporary.fd, path);
    return temporary;
}

Result<Temporary> write_temporary(const fs::path& path, std::string_view text) {
    auto temporary = create_temporary(path);
    if (!temporary) return temporary;
    if (auto written = write_all(temporary->fd, text, path); !written) {
        temporary->discard();
        return std::move(written).error();
    }
    return temporary;
}

}  // namespace

void sync_folder(const fs::path& folder) {
    int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY);
    if (fd < 0) return;
    ::fsync(fd);
    ::close(fd);
}

Result<fs::path> write_temporary_beside(const fs::path& path, std::string_view text) {
    DeferredSignals deferred;
    auto temporary = write_temporary(path, text);
    if (!temporary) return std::move(temporary).error();
    if (auto closed = temporary->close(); !closed) {
        temporary->discard();
        return std::move(closed).error();
    }
    return fs::path(temporary->path);
}

Status write_atomically(const fs::path& path, std::string_view text,
                        const BeforeRename& before_rename) {
    DeferredSignals deferred;
    auto temporary = write_temporary(path, text);
    if (!temporary) return std::move(temporary).error();
    Status status = Ok{};
    if (before_rename) status = before_rename(temporary->path);
    // Renamed while still open and locked: until then a later run's sweep leaves it alone.
    if (status && ::rename(temporary->path.c_str(), path.c_str()) != 0)
        status = errno_error(path.string(), "cannot replace the file");
    if (!status) {
        temporary->discard();
        return status;
    }
    if (auto closed = temporary->close(); !closed) return closed;
    sync_folder(path.parent_path());
    return Ok{};
}

}  // namespace patchbay
