#pragma once
// Compiles a reproducer with nvcc into a cache keyed by the hash of every input: the sources,
// the bytes of every file under the include folders of the tree, the flags, the arch and nvcc's
// version. A second run with the same inputs does not recompile.

#include <filesystem>
#include <string>
#include <vector>

#include "common/result.hpp"

namespace patchbay {

struct BuildRequest {
    std::string name;                            // the [[repro]] name: the binary's name
    std::vector<std::filesystem::path> sources;  // absolute
    std::filesystem::path tree;                  // the materialised result tree
    std::vector<std::string> include;            // folders inside `tree`, passed with -I
    std::filesystem::path nvcc;
    std::string arch;  // "sm_90"
    std::vector<std::string> flags = {"-std=c++17", "-O2", "-lineinfo"};
    std::filesystem::path cache_root;
    double timeout_s = 600;
};

struct BuildResult {
    std::filesystem::path binary;
    std::string key;
    bool compiled = false;  // false: taken from the cache
    bool failed = false;    // nvcc said no; `log` has its output
    std::string log;
};

// The cache key: sha256 over everything the binary depends on. `nvcc_version` is
// `nvcc --version`'s output.
Result<std::string> build_key(const BuildRequest& request, const std::string& nvcc_version);

// The nvcc command line that builds `output`.
std::vector<std::string> nvcc_command(const BuildRequest& request,
                                      const std::filesystem::path& output);

// Compiles unless the cache holds the binary. A failing compile is a BuildResult, not an Error.
Result<BuildResult> build_reproducer(const BuildRequest& request);

}  // namespace patchbay
