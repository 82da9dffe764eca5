#include "worktree/file_state_writer.hpp"

#include <fstream>

#include "common/tree_path.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

Status check_inside(const fs::path& dir, const std::string& path) {
    if (auto reason = unsafe_path_reason(path)) return make_error("refusing to write: " + *reason);
    if (canonical_tree_path(path) != path)
        return make_error("refusing to write '" + path + "': not a canonical tree path");
    fs::path current = dir;
    auto components = tree_path_components(path);
    for (std::size_t i = 0; i + 1 < components->size(); ++i) {
        current /= (*components)[i];
        std::error_code ec;
        if (fs::is_symlink(fs::symlink_status(current, ec)))
            return make_error(current.string(), 0,
                              "refusing to write '" + path + "' through a symlink");
    }
    return Ok{};
}

}  // namespace

Status write_file_state(const fs::path& dir, const std::string& path, const FileState& state) {
    if (auto inside = check_inside(dir, path); !inside) return inside;
    fs::path target = dir / path;
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    fs::remove(target, ec);
    if (state.symlink) {
        fs::create_symlink(state.content.str(), target, ec);
        if (ec) return make_error(target.string(), 0, "cannot create symlink: " + ec.message());
        return Ok{};
    }
    std::ofstream out(target, std::ios::binary);
    out.write(state.content.data(), static_cast<std::streamsize>(state.content.size()));
    if (!out.flush()) return make_error(target.string(), 0, "cannot write the file");
    auto perms = state.executable ? fs::perms(0755) : fs::perms(0644);
    fs::permissions(target, perms, ec);
    return Ok{};
}

Status remove_file_state(const fs::path& dir, const std::string& path) {
    if (auto inside = check_inside(dir, path); !inside) return inside;
    std::error_code ec;
    fs::remove(dir / path, ec);
    return Ok{};
}

}  // namespace patchbay
