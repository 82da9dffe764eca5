#pragma once
// Paths inside the pristine tree: relative, "/"-separated, never leaving the tree.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"

namespace patchbay {

// The components of `path` ("a/./b//c" -> a, b, c). An empty path, an absolute one, one with a
// NUL byte or a ".." component is an Error.
Result<std::vector<std::string>> tree_path_components(std::string_view path);

// The Error tree_path_components gives for `path`, if any, found without copying a component:
// for a caller that walks the components itself and may stop at the first (a lookup of each of
// the 10,000 prefixes of a deep path must not copy each one whole).
std::optional<Error> tree_path_error(std::string_view path);

// The component of `path` that starts at `start` (empty ones and "." skipped) and where the
// next one is searched from; nullopt past the last one.
struct PathComponent {
    std::string_view name;
    std::size_t next = 0;
};
std::optional<PathComponent> next_component(std::string_view path, std::size_t start);

// Why a path taken from a patch may not be used inside the tree (the reasons above, and a
// component that some file system opens as ".git": common/dot_git_name.hpp); nullopt when it
// may.
std::optional<std::string> unsafe_path_reason(std::string_view path);

// The one spelling of a path that unsafe_path_reason accepts ("./a//b" -> "a/b"): two spellings
// of one file must be one key of the tree state, or a symlink created under one spelling could
// be written through under the other.
std::string canonical_tree_path(std::string_view path);

// The first `count` components joined with "/".
std::string join_components(const std::vector<std::string>& components, std::size_t count);

}  // namespace patchbay
