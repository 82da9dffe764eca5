#pragma once
// A file's state, spelled short in the tests that build trees by hand.

#include <string>
#include <utility>

#include "series/tree_state.hpp"

namespace patchbay::test_support {

// A regular file with `content`.
inline FileState text(std::string content, bool executable = false) {
    return FileState{std::move(content), executable, false};
}

}  // namespace patchbay::test_support
