#pragma once
// `repro --ctest DIR` and `repro --resource-spec FILE`: the reproducers as a CTest project whose
// tests each take one GPU (RESOURCE_GROUPS "gpus:1"), and the resource spec that tells CTest
// which GPUs the host has, so `ctest --resource-spec-file` spreads the runs over them
// (docs/ARCHITECTURE.md §7: CTest allocates, not a scheduler of our own).

#include <filesystem>
#include <string>
#include <vector>

#include "config/config.hpp"

namespace patchbay {

struct CtestProject {
    std::filesystem::path patchbay;       // the binary the tests run
    std::filesystem::path config;         // the patchbay.toml they read
    std::vector<std::string> extra_args;  // e.g. --cache-dir, --arch
};

// CMakeLists.txt text: one add_test per reproducer.
std::string ctest_cmakelists(const CtestProject& project, const std::vector<ReproConfig>& repros);

// The resource spec JSON (version 1.0) with one "gpus" entry per line of `nvidia-smi -L`.
std::string resource_spec_json(const std::vector<std::string>& gpu_names);

}  // namespace patchbay
