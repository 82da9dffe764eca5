#include "common/read_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>

namespace patchbay {

namespace {

Error read_error(std::string_view path) {
    return make_error(std::string(path), 0, std::string("cannot read: ") + std::strerror(errno));
}

// Fills `out` from `fd` up to `size` bytes, stopping at the end of the file or after a read
// that brought the total to `enough`; how many bytes came, or -1 on an error.
long read_into(int fd, char* out, std::size_t size, std::size_t enough) {
    std::size_t filled = 0;
    while (filled < size) {
        const auto got = ::read(fd, out + filled, size - filled);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return -1;
        if (got == 0) break;
        filled += static_cast<std::size_t>(got);
        if (filled == enough) break;
    }
    return static_cast<long>(filled);
}

// Straight into `buffer` (a stream would copy every byte twice more), grown to the file's size
// and one byte more: a read that stops at the size has reached the end of a regular file, so no
// second read is needed to see 0 bytes (a system call less per file). Whatever a growing file
// adds after that is read into a buffer twice as large. How many bytes came, or -1.
long read_open_file(int fd, std::size_t size, std::string& buffer) {
    std::size_t filled = 0;
    for (std::size_t room = size + 1;; room *= 2) {
        if (buffer.size() < room) buffer.resize(room);
        const std::size_t enough = filled < size ? size - filled : 0;
        const long got = read_into(fd, buffer.data() + filled, room - filled, enough);
        if (got < 0) return -1;
        filled += static_cast<std::size_t>(got);
        if (filled < room) return static_cast<long>(filled);
    }
}

// Why `path` cannot be read: a folder, something other than a regular file (`mode` 0: not
// known), or errno's reason.
Error not_readable(std::string_view path, mode_t mode) {
    if (S_ISDIR(mode)) return make_error(std::string(path), 0, "is a directory, not a file");
    if (mode != 0 && !S_ISREG(mode))
        return make_error(std::string(path), 0, "is not a regular file");
    return read_error(path);
}

}  // namespace

// One open and one fstat, no stat of the path first (it would walk the path a second time).
// The open does not block (a FIFO would wait for a writer); fstat then refuses what is not a
// regular file (/dev/zero never ends).
Result<std::string_view> read_file_at(int folder, const char* name, std::string_view shown,
                                      std::string& buffer) {
    struct stat info {};
    const int fd = ::openat(folder, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        const int reason = errno;
        if (::fstatat(folder, name, &info, 0) != 0) info.st_mode = 0;  // a socket cannot be opened
        errno = reason;
        return not_readable(shown, info.st_mode);
    }
    if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        auto error = not_readable(shown, info.st_mode);
        ::close(fd);
        return error;
    }
    const long got = read_open_file(fd, static_cast<std::size_t>(info.st_size), buffer);
    const int reason = errno;
    ::close(fd);
    errno = reason;
    if (got < 0) return read_error(shown);
    return std::string_view(buffer.data(), static_cast<std::size_t>(got));
}

Result<std::string> read_file_at(int folder, const char* name, std::string_view shown) {
    std::string bytes;
    auto read = read_file_at(folder, name, shown, bytes);
    if (!read) return std::move(read).error();
    bytes.resize(read->size());
    return bytes;
}

Result<std::string> read_file(const std::filesystem::path& path) {
    return read_file_at(AT_FDCWD, path.c_str(), path.native());
}

bool file_holds(const std::filesystem::path& path, std::string_view expected) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::array<char, 64 * 1024> block{};
    std::size_t at = 0;
    while (in.read(block.data(), block.size()) || in.gcount() > 0) {
        const auto got = static_cast<std::size_t>(in.gcount());
        if (got > expected.size() - at || expected.compare(at, got, block.data(), got) != 0)
            return false;
        at += got;
    }
    return at == expected.size();
}

}  // namespace patchbay
