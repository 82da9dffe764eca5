#include "source/pristine_source.hpp"

#include "source/directory_source.hpp"
#include "source/git_source.hpp"

namespace patchbay {

Result<std::unique_ptr<PristineSource>> open_pristine(const SourceOptions& options) {
    std::error_code ec;
    if (!std::filesystem::exists(options.path, ec)) {
        return make_error(options.path.string(), 0, "upstream path does not exist");
    }
    const bool git = is_git_repository(options.path);
    if ((git || !options.rev.empty()) && !options.manifest.empty()) {
        return make_error(options.manifest.string(), 0,
                          "a manifest verifies a plain directory; the upstream is read from git");
    }
    if (git) return open_git_source(options, false);
    // A rev only makes sense in git: look for the repository that holds the path.
    if (!options.rev.empty()) return open_git_source(options, true);
    return open_directory_source(options);
}

}  // namespace patchbay
