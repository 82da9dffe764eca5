#pragma once
// Where nvcc is: on PATH, under $CUDA_HOME/bin, or in the standard prefix /usr/local/cuda/bin.

#include <filesystem>
#include <optional>
#include <string>

namespace patchbay {

struct NvccSearch {
    std::string path_env;   // $PATH
    std::string cuda_home;  // $CUDA_HOME
    std::filesystem::path standard_prefix = "/usr/local/cuda";
};

// The search this process would do (its PATH and CUDA_HOME).
NvccSearch nvcc_search_from_environment();

// The first executable nvcc found, in the order above.
std::optional<std::filesystem::path> find_nvcc(const NvccSearch& search);

// "PATH, $CUDA_HOME/bin (unset), /usr/local/cuda/bin": for the SKIP line when there is none.
std::string describe_search(const NvccSearch& search);

}  // namespace patchbay
