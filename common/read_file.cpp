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

Error read_error(const std::filesystem::path& path) {
    return make_error(path.string(), 0, std::string("cannot read: ") + std::strerror(errno));
}

// Fills `out` from `fd` up to its size; how many bytes came, or -1 on an error.
long read_into(int fd, char* out, std::size_t size) {
    std::size_t filled = 0;
    while (filled < size) {
        const auto got = ::read(fd, out + filled, size - filled);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return -1;
        if (got == 0) break;
        filled += static_cast<std::size_t>(got);
    }
    return static_cast<long>(filled);
}

// Straight into a string of the file's size (a stream would copy every byte twice more);
// whatever a growing file adds after that is read in blocks and appended.
Result<std::string> read_open_file(int fd, const std::filesystem::path& path) {
    struct stat info {};
    std::string bytes(::fstat(fd, &info) == 0 ? static_cast<std::size_t>(info.st_size) : 0, '\0');
    const long got = read_into(fd, bytes.data(), bytes.size());
    if (got < 0) return read_error(path);
    bytes.resize(static_cast<std::size_t>(got));
    std::array<char, 64 * 1024> block{};
    for (long more = 0; (more = read_into(fd, block.data(), block.size())) != 0;) {
        if (more < 0) return read_error(path);
        bytes.append(block.data(), static_cast<std::size_t>(more));
    }
    return bytes;
}

}  // namespace

Result<std::string> read_file(const std::filesystem::path& path) {
    std::error_code ec;
    auto status = std::filesystem::status(path, ec);
    if (std::filesystem::is_directory(status))
        return make_error(path.string(), 0, "is a directory, not a file");
    // A FIFO would block forever and /dev/zero never ends: only regular files are read.
    if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
        return make_error(path.string(), 0, "is not a regular file");
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return read_error(path);
    auto bytes = read_open_file(fd, path);
    ::close(fd);
    return bytes;
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
