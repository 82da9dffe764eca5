#pragma once
// Running the patchbay binary built beside the tests, for end-to-end tests.

#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/process.hpp"

namespace patchbay::test_support {

inline const std::filesystem::path kDemo =
    std::filesystem::path(PATCHBAY_SOURCE_DIR) / "examples/demo";

inline ProcessResult patchbay(std::vector<std::string> args, const std::filesystem::path& cwd) {
    args.insert(args.begin(), PATCHBAY_BINARY);
    return run_process(args, cwd);
}

inline bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace patchbay::test_support
