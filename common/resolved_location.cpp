#include "common/resolved_location.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <string>

namespace patchbay {

namespace fs = std::filesystem;

Result<std::optional<fs::path>> resolved_location_at(int folder, const char* name) {
    // O_PATH: neither read permission nor a writer on a FIFO is needed to learn where it is.
    const int fd = ::openat(folder, name, O_PATH | O_CLOEXEC);
    if (fd < 0) return std::optional<fs::path>();
    std::error_code ec;
    fs::path location = fs::read_symlink("/proc/self/fd/" + std::to_string(fd), ec);
    ::close(fd);
    if (ec || !location.is_absolute())
        return make_error("cannot tell where '" + std::string(name) + "' leads: " + ec.message());
    return std::optional<fs::path>(std::move(location));
}

Result<std::optional<fs::path>> resolved_location(const fs::path& path) {
    return resolved_location_at(AT_FDCWD, path.c_str());
}

bool lies_within(const fs::path& path, const fs::path& folder) {
    auto [folder_end, path_at] =
        std::mismatch(folder.begin(), folder.end(), path.begin(), path.end());
    // A trailing separator of `folder` ends in an empty component.
    return folder_end == folder.end() ||
           (std::next(folder_end) == folder.end() && folder_end->empty());
}

}  // namespace patchbay
