#pragma once
// The result of a series written to disk, so nvcc and other programs can read it: a folder
// under the cache named by the hash of its contents. The same tree is written once; a
// concurrent writer (parallel CTest runs) is harmless, the folder appears by one rename.

#include <filesystem>
#include <string>

#include "common/result.hpp"
#include "series/tree_state.hpp"
#include "source/pristine_source.hpp"

namespace patchbay {

struct MaterialisedTree {
    std::filesystem::path dir;
    std::string hash;      // sha256 over paths, modes and contents
    bool written = false;  // false: it was already in the cache
};

// The pristine files of `source` with `changes` laid over them, under `cache_root`/trees/.
Result<MaterialisedTree> materialise_result(const PristineSource& source,
                                            const TreeChanges& changes,
                                            const std::filesystem::path& cache_root);

}  // namespace patchbay
