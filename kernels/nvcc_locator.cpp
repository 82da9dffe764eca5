#include "kernels/nvcc_locator.hpp"

#include <unistd.h>

#include <cstdlib>
#include <sstream>

namespace patchbay {

namespace fs = std::filesystem;

namespace {

bool is_executable(const fs::path& path) {
    std::error_code ec;
    return fs::is_regular_file(path, ec) && access(path.c_str(), X_OK) == 0;
}

std::string env_or_empty(const char* name) {
    const char* value = std::getenv(name);
    return value ? value : "";
}

}  // namespace

NvccSearch nvcc_search_from_environment() {
    return NvccSearch{env_or_empty("PATH"), env_or_empty("CUDA_HOME"), "/usr/local/cuda"};
}

std::optional<fs::path> find_nvcc(const NvccSearch& search) {
    std::istringstream dirs(search.path_env);
    for (std::string dir; std::getline(dirs, dir, ':');)
        if (!dir.empty() && is_executable(fs::path(dir) / "nvcc")) return fs::path(dir) / "nvcc";
    if (!search.cuda_home.empty() && is_executable(fs::path(search.cuda_home) / "bin/nvcc"))
        return fs::path(search.cuda_home) / "bin/nvcc";
    if (is_executable(search.standard_prefix / "bin/nvcc"))
        return search.standard_prefix / "bin/nvcc";
    return std::nullopt;
}

std::string describe_search(const NvccSearch& search) {
    return "looked on PATH, in $CUDA_HOME/bin" +
           std::string(search.cuda_home.empty() ? " (unset)" : " (" + search.cuda_home + "/bin)") +
           " and in " + (search.standard_prefix / "bin").string();
}

}  // namespace patchbay
