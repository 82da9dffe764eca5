#include "series/git_handle.hpp"

namespace patchbay {

void ensure_libgit2() {
    static const int initialised = git_libgit2_init();
    (void)initialised;
}

Error libgit2_error(const std::string& what) {
    const git_error* last = git_error_last();
    return make_error(what + ": " + (last && last->message ? last->message : "unknown libgit2 error"));
}

}  // namespace patchbay
