#include "series/read_file.hpp"

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
    std::ostringstream bytes;
    bytes << in.rdbuf();
    if (in.bad()) return make_error(path.string(), 0, "read failed");
    return bytes.str();
}

}  // namespace patchbay
