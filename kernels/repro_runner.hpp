#pragma once
// Runs one [[repro]] entry against a materialised result tree (docs/ARCHITECTURE.md §7): a CUDA
// source reproducer is compiled (or taken from the cache) and run; a command entry is run as given,
// with PATCHBAY_RESULT naming the tree. Each run is a child process with the entry's timeout.

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "config/config.hpp"
#include "kernels/gpu_probe.hpp"
#include "kernels/repro_outcome.hpp"

namespace patchbay {

struct ReproEnvironment {
    std::filesystem::path config_file;  // for error locations
    std::filesystem::path config_dir;   // sources and commands are relative to it
    std::filesystem::path cache_root;
    std::optional<std::filesystem::path> nvcc;  // nullopt: source entries are skipped
    std::string nvcc_missing;                   // why, for the SKIP line
    std::string arch;                           // "sm_90"
    GpuInfo gpu;
    bool compile_only = false;               // build source entries; run nothing
    std::map<std::string, std::string> env;  // extra environment (CUDA_VISIBLE_DEVICES)
};

// "command" or "cuda".
const char* repro_kind(const ReproConfig& repro);

// An Error for a bad entry (no sources and no command, a source that is missing, a bad
// gpu_memory); every outcome of building and running is a ReproOutcome.
Result<ReproOutcome> run_repro(const ReproConfig& repro, const std::filesystem::path& tree,
                               const ReproEnvironment& environment,
                               const std::vector<std::string>& extra_args = {});

// The GPU CTest assigned to this test (CTEST_RESOURCE_GROUP_0_GPUS="id:1,slots:1"), as
// CUDA_VISIBLE_DEVICES; empty when CTest assigned none.
std::map<std::string, std::string> ctest_gpu_environment(const char* group_count,
                                                         const char* group0_gpus);

}  // namespace patchbay
