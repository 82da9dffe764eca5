#include "checks/python/expr_arena.hpp"

#include <algorithm>

namespace patchbay {

namespace {

// A file's kernels parse to some thousands of nodes: the first chunk holds most files' (16 KiB
// took three chunks a file on average, measured slower), each further one doubles. Below
// glibc's mmap threshold (128 KiB), so that a freed chunk is reused for the next file.
constexpr std::size_t kFirstChunk = 64 * 1024;
constexpr std::size_t kLargestChunk = 1024 * 1024;

}  // namespace

void ExprArena::add_chunk(std::size_t at_least) {
    const std::size_t last =
        chunks_.empty() ? 0 : static_cast<std::size_t>(end_ - chunks_.back().get());
    const std::size_t grown = chunks_.empty() ? kFirstChunk : 2 * last;
    const std::size_t bytes = std::max(std::min(grown, kLargestChunk), at_least);
    // Not value-initialised: the nodes are written before they are read.
    chunks_.push_back(std::unique_ptr<std::byte[]>(new std::byte[bytes]));
    next_ = chunks_.back().get();
    end_ = next_ + bytes;
}

}  // namespace patchbay
