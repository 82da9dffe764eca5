#include "series/read_file.hpp"

#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace patchbay {

Result<std::string> read_file(const std::filesystem::path& path) {
    std::error_code ec;
    auto status = std::filesystem::status(path, ec);
    if (std::filesystem::is_directory(status)) {
        return make_error(path.string(), 0, "is a directory, not a file");
    }
    // A FIFO would block forever and /dev/zero never ends: only regular files are read.
    if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
        return make_error(path.string(), 0, "is not a regular file");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return make_error(path.string(), 0, std::string("cannot read: ") + std::strerror(errno));
    // Read into a string of the file's size: a stream buffer grows by doubling and is copied
    // once more at the end. Whatever a growing file adds is read after it.
    std::string bytes(std::filesystem::file_size(path, ec), '\0');
    if (ec) bytes.clear();
    in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    bytes.resize(static_cast<std::size_t>(in.gcount()));
    if (in) {
        std::ostringstream rest;
        rest << in.rdbuf();
        bytes += rest.str();
    }
    if (in.bad()) return make_error(path.string(), 0, "read failed");
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
