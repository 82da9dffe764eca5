#include "worktree/file_state_writer.hpp"

#include <fstream>

#include "common/read_file.hpp"
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

// Whether the file already is `state`. Such a file is left as it is: rewriting it gains nothing,
// and a run killed half-way through the rewrite would leave it cut short. That matters most for
// the file a person resolved a conflict in, which rebase --continue writes back with the very
// bytes they left in it.
bool holds_already(const fs::path& target, const FileState& state) {
    std::error_code ec;
    const auto status = fs::symlink_status(target, ec);
    if (ec) return false;
    if (state.symlink)
        return fs::is_symlink(status) &&
               fs::read_symlink(target, ec).string() == state.content.str();
    if (!fs::is_regular_file(status)) return false;
    auto text = read_file(target);
    return text && std::string_view(*text) == state.content.view();
}

}  // namespace

Status write_file_state(const fs::path& dir, const std::string& path, const FileState& state) {
    if (auto inside = check_inside(dir, path); !inside) return inside;
    fs::path target = dir / path;
    std::error_code ec;
    if (holds_already(target, state)) {
        if (!state.symlink)
            fs::permissions(target, state.executable ? fs::perms(0755) : fs::perms(0644), ec);
        return Ok{};
    }
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
