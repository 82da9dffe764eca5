#pragma once
// A plain directory as the pristine tree (an installed package, an unpacked tarball). Symlinks
// are seen with lstat, never followed.

#include <memory>

#include "source/pristine_source.hpp"

namespace patchbay {

// `options.path` must be a directory; `options.directory`, when set, a real subfolder of it.
// With `options.manifest` set, every file it lists is verified first.
Result<std::unique_ptr<PristineSource>> open_directory_source(const SourceOptions& options);

}  // namespace patchbay
