#pragma once
// The flags of `repro` (and the ones `verify` passes on to it).

#include <string>
#include <vector>

namespace patchbay {

struct ReproOptions {
    std::vector<std::string> names;  // reproducers to run; empty: all
    bool list = false;
    std::string arms;       // PATCH: run before and after it
    int bench = 0;          // repetitions; 0: no bench
    std::string arch;       // "sm_90"; empty: the device's, or sm_90
    std::string cache_dir;  // empty: .patchbay-cache/ beside patchbay.toml
    bool compile_only = false;
    std::string ctest_dir;
    std::string resource_spec;
};

}  // namespace patchbay
