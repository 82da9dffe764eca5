#pragma once
// The path an annotation names: GitHub resolves `file=` and SARIF's relative URIs against the
// repository root, while patchbay knows patch files relative to patchbay.toml's folder.

#include <filesystem>
#include <string>

namespace patchbay {

// `file` (on disk, absolute or relative to the current folder) relative to the root of the git
// work tree that holds it, or to the current folder outside one; "/"-separated.
std::string annotation_path(const std::filesystem::path& file);

}  // namespace patchbay
