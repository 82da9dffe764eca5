#pragma once
// What one commit of a fork checkout changed (docs/ARCHITECTURE.md §6, `regenerate --from-commit`):
// the diff between the commit's first parent and the commit, limited to the upstream directory and
// with that prefix stripped.

#include <filesystem>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "regenerate/patch_rebuild.hpp"

namespace patchbay {

// `repo` may be any folder inside the checkout. An unknown `rev` or a root commit is an Error.
Result<std::vector<PathChange>> commit_edits(const std::filesystem::path& repo,
                                             const std::string& rev, const std::string& directory);

}  // namespace patchbay
