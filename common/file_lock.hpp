#pragma once
// An advisory lock (flock(2)) taken through a lock file, as git's index.lock and quilt's .pc
// guard their data: the file names its holder while the lock is held and is removed when it is
// released. The kernel drops the lock of a process that dies, so a lock file a killed run left
// behind holds nothing and the next run takes it over.

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "common/result.hpp"

namespace patchbay {

class FileLock {
  public:
    // Waits up to `patience` for the holder to finish; then an Error naming the holder.
    // `holder` says what this process does while holding it ("patchbay regenerate 0006.patch");
    // the lock file records it with the process id and the time.
    static Result<FileLock> acquire(const std::filesystem::path& path, std::string_view holder,
                                    std::chrono::milliseconds patience);
    // nullopt when another process holds the lock now.
    static Result<std::optional<FileLock>> try_acquire(const std::filesystem::path& path,
                                                       std::string_view holder);

    FileLock(FileLock&& other) noexcept;
    FileLock& operator=(FileLock&&) = delete;
    FileLock(const FileLock&) = delete;
    ~FileLock();

  private:
    FileLock(int fd, std::filesystem::path path) : fd_(fd), path_(std::move(path)) {}

    int fd_ = -1;
    std::filesystem::path path_;
};

}  // namespace patchbay
