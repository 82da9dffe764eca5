#include "common/file_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <thread>
#include <utility>

#include "common/read_file.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

enum class Attempt { taken, busy, replaced };

// The previous holder removes the file as it releases the lock: a lock won on a removed file
// guards nothing, and the attempt starts again on the file now at `path`.
bool still_at(int fd, const fs::path& path) {
    struct stat held {
    }, now{};
    return ::fstat(fd, &held) == 0 && ::lstat(path.c_str(), &now) == 0 &&
           held.st_dev == now.st_dev && held.st_ino == now.st_ino;
}

Attempt try_once(int fd, const fs::path& path) {
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) return Attempt::busy;
    return still_at(fd, path) ? Attempt::taken : Attempt::replaced;
}

std::string now_utc() {
    std::time_t now = std::time(nullptr);
    std::tm parts{};
    ::gmtime_r(&now, &parts);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S UTC", &parts);
    return text;
}

void record_holder(int fd, std::string_view holder) {
    std::string text = "pid " + std::to_string(::getpid()) + ", since " + now_utc() + ": ";
    text.append(holder);
    text += "\n";
    if (::ftruncate(fd, 0) == 0 && ::pwrite(fd, text.data(), text.size(), 0) < 0) {
        // Only the holder's description is lost; the lock itself is held.
    }
}

Result<int> open_lock_file(const fs::path& path) {
    int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0) return errno_error(path.string(), "cannot create the lock file");
    return fd;
}

std::string holder_of(const fs::path& path) {
    auto text = read_file(path);
    if (!text || text->empty()) return "another process";
    std::string line = text->substr(0, text->find('\n'));
    return line.substr(0, 300);
}

}  // namespace

Result<std::optional<FileLock>> FileLock::try_acquire(const fs::path& path,
                                                      std::string_view holder) {
    for (;;) {
        auto fd = open_lock_file(path);
        if (!fd) return fd.error();
        Attempt attempt = try_once(*fd, path);
        if (attempt == Attempt::taken) {
            record_holder(*fd, holder);
            return std::optional<FileLock>(FileLock(*fd, path));
        }
        ::close(*fd);
        if (attempt == Attempt::busy) return std::optional<FileLock>();
    }
}

Result<FileLock> FileLock::acquire(const fs::path& path, std::string_view holder,
                                   std::chrono::milliseconds patience) {
    const auto give_up = std::chrono::steady_clock::now() + patience;
    for (;;) {
        auto lock = try_acquire(path, holder);
        if (!lock) return std::move(lock).error();
        if (*lock) return std::move(**lock);
        if (std::chrono::steady_clock::now() >= give_up)
            return make_error(path.string(), 0,
                              "locked by " + holder_of(path) +
                                  "; nothing was written: run the command again once that one "
                                  "has finished");
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

FileLock::FileLock(FileLock&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), path_(std::move(other.path_)) {}

// Removed while still held, so that a waiter that opened this file sees, once it wins the
// lock, that the file is gone and opens the next one.
FileLock::~FileLock() {
    if (fd_ < 0) return;
    ::unlink(path_.c_str());
    ::close(fd_);
}

}  // namespace patchbay
