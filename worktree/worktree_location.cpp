#include "worktree/worktree_location.hpp"

#include <filesystem>

namespace patchbay {

namespace fs = std::filesystem;

namespace {

bool is_within(const fs::path& inner, const fs::path& outer) {
    auto rel = inner.lexically_relative(outer);
    return !rel.empty() && *rel.begin() != "..";
}

}  // namespace

Status check_worktree_outside(const Config& config, const std::string& worktree) {
    std::error_code ec;
    auto dir = fs::weakly_canonical(fs::absolute(worktree), ec);
    auto pristine = fs::weakly_canonical(config.resolve(config.upstream_path), ec);
    if (ec || !is_within(dir, pristine)) return Ok{};
    return make_error(worktree, 0,
                      "is inside the pristine tree " + pristine.string() +
                          "; the pristine tree is never written");
}

}  // namespace patchbay
