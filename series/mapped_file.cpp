#include "series/mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <string>

namespace patchbay {

namespace {

FileIdentity identity_of(const struct stat& status) {
    return {status.st_dev, status.st_ino, status.st_size, status.st_mtim, status.st_ctim};
}

bool same_time(const timespec& a, const timespec& b) {
    return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

// Closes the descriptor on every path out; the mapping outlives it.
class Descriptor {
  public:
    explicit Descriptor(int fd) : fd_(fd) {}
    ~Descriptor() {
        if (fd_ >= 0) ::close(fd_);
    }
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
    int get() const { return fd_; }

  private:
    int fd_;
};

// The pages are mapped in at once (MAP_POPULATE): they are about to be hashed from end to end,
// and one call costs less than a fault every few pages.
SharedText map_bytes(int fd, std::size_t size) {
    void* start = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
    if (start == MAP_FAILED) return {};
    std::shared_ptr<const void> owner(
        start, [size](const void* at) { ::munmap(const_cast<void*>(at), size); });
    return SharedText(std::move(owner), {static_cast<const char*>(start), size});
}

// A small file read whole; whatever a growing file adds after `size` is left out, as a
// mapping of `size` bytes would leave it.
std::optional<MappedFile> read_bytes(int fd, std::size_t size) {
    std::string bytes(size, '\0');
    std::size_t done = 0;
    while (done < size) {
        const ssize_t got = ::read(fd, bytes.data() + done, size - done);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        done += static_cast<std::size_t>(got);
    }
    bytes.resize(done);
    return MappedFile{SharedText(std::move(bytes)), std::nullopt};
}

}  // namespace

bool operator==(const FileIdentity& a, const FileIdentity& b) {
    return a.device == b.device && a.inode == b.inode && a.size == b.size &&
           same_time(a.modified, b.modified) && same_time(a.changed, b.changed);
}

std::optional<MappedFile> map_file(const std::filesystem::path& file) {
    Descriptor fd(::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK));
    struct stat status {};
    if (fd.get() < 0 || ::fstat(fd.get(), &status) != 0 || !S_ISREG(status.st_mode))
        return std::nullopt;
    const auto size = static_cast<std::size_t>(status.st_size);
    if (size < kMapFrom) return read_bytes(fd.get(), size);
    MappedFile mapped{map_bytes(fd.get(), size), identity_of(status)};
    if (mapped.bytes.empty()) return std::nullopt;
    return mapped;
}

bool unchanged(const std::filesystem::path& file, const FileIdentity& identity) {
    struct stat status {};
    return ::lstat(file.c_str(), &status) == 0 && S_ISREG(status.st_mode) &&
           identity_of(status) == identity;
}

}  // namespace patchbay
