#pragma once
// Where the texts a run keeps for its whole length are copied to: the files an audit holds
// from reading the tree to printing the report.
//
// Every page of memory a process touches for the first time costs a page fault, and on the
// virtual machines patchbay runs on (and CI) a fault costs about 10 µs. An audit of a 25,000-file
// tree keeps about 37 MB of text: held as one string per file that was 9,000 faults, a tenth of
// the run. The arena copies the texts, one after the other, into 2 MiB blocks that it asks the
// kernel to back with transparent huge pages (madvise(2) MADV_HUGEPAGE), so a block costs one
// fault. Where the kernel does not do huge pages, a block is ordinary memory: nothing is lost.
//
// Each kept text holds its block alive (SharedText's owner): the arena itself can go away first.
// keep() may be called from several threads at once.

#include <cstddef>
#include <memory>
#include <mutex>
#include <string_view>

#include "common/shared_text.hpp"

namespace patchbay {

class TextArena {
  public:
    // A copy of `bytes` in the arena (an empty text is not copied).
    SharedText keep(std::string_view bytes);

  private:
    struct Slot {
        std::shared_ptr<char> block;
        char* at = nullptr;
    };
    Slot reserve(std::size_t size);

    std::mutex mutex_;
    std::shared_ptr<char> block_;  // the block being filled, of one huge page
    std::size_t used_ = 0;
};

}  // namespace patchbay
