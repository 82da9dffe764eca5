#include "common/stale_temporaries.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

namespace patchbay {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kMarker = ".patchbay-";
constexpr std::size_t kRandomPart = 6;  // mkstemp's XXXXXX

// Nobody holds its lock, and it is still the file that was opened: then it is removed.
bool remove_if_abandoned(const fs::path& path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return false;
    bool removed = false;
    struct stat opened {
    }, now{};
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0 && ::fstat(fd, &opened) == 0 &&
        S_ISREG(opened.st_mode) && ::lstat(path.c_str(), &now) == 0 &&
        opened.st_ino == now.st_ino && opened.st_dev == now.st_dev)
        removed = ::unlink(path.c_str()) == 0;
    ::close(fd);
    return removed;
}

}  // namespace

std::string temporary_name_pattern(const fs::path& target) {
    // Appended piece by piece: `"." + name + …` trips GCC 12's -Wrestrict false positive at -O3
    // (GCC bug 105329), which the package build, with -Werror, turns into an error.
    std::string name = ".";
    name += target.filename().string();
    name += kMarker;
    name.append(kRandomPart, 'X');
    return name;
}

bool is_temporary_name(std::string_view file_name, std::string_view target_name) {
    const std::size_t fixed = 1 + kMarker.size() + kRandomPart;
    if (file_name.size() <= fixed || file_name[0] != '.') return false;
    std::string_view target = file_name.substr(1, file_name.size() - fixed);
    if (file_name.substr(1 + target.size(), kMarker.size()) != kMarker) return false;
    return target_name.empty() || target == target_name;
}

std::vector<fs::path> temporaries_in(const fs::path& folder, std::string_view target_name) {
    std::vector<fs::path> found;
    std::error_code ec;
    for (fs::directory_iterator it(folder.empty() ? "." : folder, ec), end; !ec && it != end;
         it.increment(ec))
        if (is_temporary_name(it->path().filename().string(), target_name))
            found.push_back(it->path());
    std::sort(found.begin(), found.end());
    return found;
}

std::vector<fs::path> remove_stale_temporaries(const fs::path& folder,
                                               std::string_view target_name) {
    std::vector<fs::path> removed;
    for (const auto& path : temporaries_in(folder, target_name))
        if (remove_if_abandoned(path)) removed.push_back(path);
    return removed;
}

}  // namespace patchbay
