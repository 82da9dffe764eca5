#pragma once
// The memory of one parse's expression nodes. A node's children are a run of nodes handed out
// here, never freed one by one: the arena lets them all go at once when the parse's owner is
// done with it. Per-node vectors cost an allocation and a free per node with children, a
// destructor walk of the whole tree, and a move of three owning pointers at each of the dozen
// grammar levels a name passes through; runs in an arena cost a pointer bump and nothing to
// free.

#include <cstddef>
#include <memory>
#include <vector>

namespace patchbay {

class ExprArena {
  public:
    ExprArena() = default;
    ExprArena(const ExprArena&) = delete;
    ExprArena& operator=(const ExprArena&) = delete;
    ExprArena(ExprArena&&) noexcept = default;
    ExprArena& operator=(ExprArena&&) noexcept = default;
    ~ExprArena() = default;

    // `bytes` of storage aligned for any node (alignof(std::max_align_t)), valid as long as the
    // arena is.
    void* allocate(std::size_t bytes) {
        bytes = (bytes + kAlign - 1) & ~(kAlign - 1);
        if (static_cast<std::size_t>(end_ - next_) < bytes) add_chunk(bytes);
        std::byte* block = next_;
        next_ += bytes;
        return block;
    }

  private:
    static constexpr std::size_t kAlign = alignof(std::max_align_t);

    std::vector<std::unique_ptr<std::byte[]>> chunks_;
    std::byte* next_ = nullptr;
    std::byte* end_ = nullptr;

    void add_chunk(std::size_t at_least);
};

}  // namespace patchbay
