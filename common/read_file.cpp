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

// Straight into a string of the file's size (a stream would copy every byte twice more);
// whatever a growing file adds is read after it.
Result<std::string> read_open_file(int fd, const std::filesystem::path& path) {
    struct stat info {};
    std::string bytes(::fstat(fd, &info) == 0 ? static_cast<std::size_t>(info.st_size) : 0, '\0');
    std::size_t filled = 0;
    while (true) {
        if (filled == bytes.size()) bytes.resize(bytes.size() + 64 * 1024);
        const auto got = ::read(fd, bytes.data() + filled, bytes.size() - filled);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return read_error(path);
        if (got == 0) break;
        filled += static_cast<std::size_t>(got);
    }
    bytes.resize(filled);
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
