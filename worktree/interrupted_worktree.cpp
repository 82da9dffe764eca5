#include "worktree/interrupted_worktree.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <string>

#include "common/read_file.hpp"
#include "common/write_whole.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

fs::path marker_of(const fs::path& dir) {
    return dir / ".git" / kWritingMarker;
}

}  // namespace

Status mark_writing(const fs::path& dir) {
    std::error_code ec;
    fs::create_directories(dir / ".git", ec);
    if (ec) return make_error(dir.string(), 0, "cannot create .git: " + ec.message());
    const fs::path marker = marker_of(dir);
    const int fd = ::open(marker.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return errno_error(marker.string(), "cannot create");
    const std::string text = "patchbay (pid " + std::to_string(::getpid()) +
                             ") is writing this worktree; an interrupted run leaves this file\n";
    const int failed = write_whole(fd, text);
    ::close(fd);
    if (failed != 0) return errno_error(marker.string(), "cannot write", failed);
    return Ok{};
}

Status mark_written(const fs::path& dir) {
    const fs::path marker = marker_of(dir);
    if (::unlink(marker.c_str()) != 0 && errno != ENOENT)
        return errno_error(marker.string(), "cannot remove");
    return Ok{};
}

bool is_interrupted_worktree(const fs::path& dir) {
    std::error_code ec;
    return fs::exists(fs::symlink_status(marker_of(dir), ec));
}

std::optional<long> live_writer(const fs::path& dir) {
    auto text = read_file(marker_of(dir));
    if (!text) return std::nullopt;
    const std::string_view marker = *text;
    const auto at = marker.find("(pid ");
    if (at == std::string_view::npos) return std::nullopt;
    const long pid = std::strtol(marker.data() + at + 5, nullptr, 10);
    if (pid <= 0 || pid == ::getpid()) return std::nullopt;
    // EPERM: a process of another user has that pid; it may well be the writer.
    if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM) return pid;
    return std::nullopt;
}

Error interrupted_worktree_error(const fs::path& dir) {
    if (auto pid = live_writer(dir))
        return make_error(dir.string(), 0,
                          "another patchbay run (pid " + std::to_string(*pid) +
                              ") is writing this worktree now; let it finish, then run the "
                              "command again");
    return make_error(dir.string(), 0,
                      "a patchbay run that was interrupted left this worktree half-written (" +
                          marker_of(dir).string() + " is there); remove the folder (rm -rf " +
                          dir.string() + ") and run the command again to write it whole");
}

}  // namespace patchbay
