#include "common/atomic_write.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace patchbay {

namespace fs = std::filesystem;

namespace {

Error io_error(const fs::path& path, const std::string& what) {
    return make_error(path.string(), 0, what + ": " + std::strerror(errno));
}

Status write_all(int fd, std::string_view text, const fs::path& path) {
    while (!text.empty()) {
        ssize_t written = ::write(fd, text.data(), text.size());
        if (written < 0 && errno == EINTR) continue;
        if (written < 0) return io_error(path, "cannot write the new file");
        text.remove_prefix(static_cast<std::size_t>(written));
    }
    if (::fsync(fd) != 0) return io_error(path, "cannot flush the new file");
    return Ok{};
}

void keep_permissions(int fd, const fs::path& path) {
    struct stat old {};
    if (::stat(path.c_str(), &old) == 0)
        ::fchmod(fd, old.st_mode & 07777);
    else
        ::fchmod(fd, 0644);
}

// The rename itself is only durable once the folder is flushed too.
void sync_folder(const fs::path& folder) {
    int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY);
    if (fd < 0) return;
    ::fsync(fd);
    ::close(fd);
}

Status write_temporary(const fs::path& path, std::string_view text, std::string& temporary) {
    // Appended piece by piece: `"." + name + …` trips GCC 12's -Wrestrict false positive at -O3
    // (GCC bug 105329), which the package build, with -Werror, turns into an error.
    std::string name = ".";
    name += path.filename().string();
    name += ".patchbay-XXXXXX";
    temporary = (path.parent_path() / name).string();
    int fd = ::mkstemp(temporary.data());
    if (fd < 0)
        return temporary.clear(), io_error(path, "cannot create a temporary file beside it");
    keep_permissions(fd, path);
    Status written = write_all(fd, text, path);
    if (::close(fd) != 0 && written) written = io_error(path, "cannot close the new file");
    return written;
}

}  // namespace

Status write_atomically(const fs::path& path, std::string_view text,
                        const BeforeRename& before_rename) {
    std::string temporary;
    Status status = write_temporary(path, text, temporary);
    if (status && before_rename) status = before_rename(temporary);
    if (status && ::rename(temporary.c_str(), path.c_str()) != 0)
        status = io_error(path, "cannot replace the file");
    if (!status) {
        if (!temporary.empty()) ::unlink(temporary.c_str());
        return status;
    }
    sync_folder(path.parent_path().empty() ? fs::path(".") : path.parent_path());
    return Ok{};
}

}  // namespace patchbay
