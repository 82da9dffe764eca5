#include "tool/command_guard.hpp"

#include <unistd.h>

#include <cerrno>
#include <climits>
#include <filesystem>
#include <new>

#include "common/error.hpp"
#include "tool/command_output.hpp"
#include "tool/exit_status.hpp"

namespace patchbay {

namespace {

int refused(const std::string& message) {
    print_error(make_error(message));
    return kExitBadInput;
}

}  // namespace

int guarded(const std::function<int()>& command) {
    try {
        return command();
    } catch (const std::bad_alloc&) {
        return refused(
            "out of memory: the input needs more memory than this process may use (see "
            "`ulimit -v`)");
    } catch (const std::filesystem::filesystem_error& e) {
        return refused(e.what());
    } catch (const std::exception& e) {
        return refused(std::string("internal error: ") + e.what());
    }
}

Status check_working_directory() {
    char buffer[PATH_MAX];
    if (::getcwd(buffer, sizeof buffer) != nullptr || errno != ENOENT) return Ok{};
    return make_error(
        "the current directory no longer exists (it was deleted or moved away); cd to a "
        "folder that exists and run the command again");
}

}  // namespace patchbay
