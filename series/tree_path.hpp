#pragma once
// Whether a path taken from a patch may be used inside the tree at all: relative, non-empty,
// no ".." component, no NUL, not inside ".git".

#include <optional>
#include <string>
#include <string_view>

namespace patchbay {

// nullopt when `path` is usable; otherwise why not, as a sentence fragment.
std::optional<std::string> unsafe_path_reason(std::string_view path);

}  // namespace patchbay
