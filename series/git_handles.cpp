#include "series/git_handles.hpp"

namespace patchbay {

void ensure_libgit2() {
    [[maybe_unused]] static const int users = git_libgit2_init();
}

std::string last_git_error(const std::string& fallback) {
    const git_error* error = git_error_last();
    if (error == nullptr || error->message == nullptr) return fallback;
    return error->message;
}

}  // namespace patchbay
