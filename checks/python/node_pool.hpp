#pragma once
// The allocator of the Python syntax tree's statement lists and of the taint values' product
// sets (expression nodes live in an ExprArena). A parse allocates one small array per block
// and frees them all together when the file is done; glibc then spends more time sorting
// those frees into its bins (and splitting them again for the next file) than the parser spends
// on the nodes. This keeps freed blocks on a per-thread list by size and hands them out again.
// It holds no state, so lists built with it move like any std::vector.

#include <cstddef>
#include <new>

namespace patchbay {

// A block of at least `bytes` from this thread's free list, or from operator new.
void* pool_allocate(std::size_t bytes);
// Back on this thread's list (kept until the thread ends); `bytes` as given to pool_allocate.
void pool_deallocate(void* block, std::size_t bytes) noexcept;

template <class T>
struct PoolAllocator {
    using value_type = T;

    PoolAllocator() = default;
    template <class U>
    PoolAllocator(const PoolAllocator<U>&) noexcept {}

    T* allocate(std::size_t n) { return static_cast<T*>(pool_allocate(n * sizeof(T))); }
    void deallocate(T* block, std::size_t n) noexcept { pool_deallocate(block, n * sizeof(T)); }

    template <class U>
    bool operator==(const PoolAllocator<U>&) const noexcept {
        return true;
    }
};

}  // namespace patchbay
