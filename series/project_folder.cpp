#include "series/project_folder.hpp"

#include <fcntl.h>
#include <fmt/format.h>

#include "common/resolved_location.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

fs::path absolute_folder(const fs::path& folder) {
    std::error_code ec;
    return fs::absolute(folder.empty() ? fs::path(".") : folder, ec).lexically_normal();
}

Status refuse_outside(const fs::path& location, const fs::path& project, const std::string& shown,
                      std::string_view what) {
    return make_error(shown, 0,
                      fmt::format("refusing to {}: it leads through a symlink to '{}', outside "
                                  "the project folder '{}'",
                                  what, location.string(), project.string()));
}

}  // namespace

fs::path project_folder(const Config& config, const fs::path& series_path) {
    fs::path folder = absolute_folder(config.base_dir);
    const fs::path series = absolute_folder(series_path);
    if (!lies_within(series, folder)) folder = series.parent_path();
    std::error_code ec;
    fs::path resolved = fs::canonical(folder, ec);
    return ec ? fs::path() : resolved;
}

Status readable_in_project(const fs::path& project, int folder, const char* name,
                           const std::string& shown) {
    if (project.empty()) return Ok{};
    auto location = resolved_location_at(folder, name);
    if (!location) return make_error(shown, 0, location.error().message);
    if (!*location || lies_within(**location, project)) return Ok{};
    return refuse_outside(**location, project, shown, "read it");
}

Result<fs::path> write_location_in_project(const fs::path& project, const fs::path& path,
                                           const std::string& shown) {
    std::error_code ec;
    const bool link = fs::is_symlink(fs::symlink_status(path, ec));
    if (project.empty() && !link) return path;
    const fs::path checked = link ? path : (path.has_parent_path() ? path.parent_path() : ".");
    auto location = resolved_location(checked);
    if (!location) return make_error(shown, 0, location.error().message);
    if (!*location)
        return make_error(
            shown, 0,
            link ? "is a symlink that leads nowhere" : "cannot open the folder it goes in");
    if (!project.empty() && !lies_within(**location, project))
        return refuse_outside(**location, project, shown, "write it").error();
    return link ? **location : path;
}

}  // namespace patchbay
