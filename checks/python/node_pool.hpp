#pragma once
// The allocator of the taint values' product sets (checks/python/product_set.hpp): small
// vectors made and freed at nearly every operation of the interpreter, whose frees glibc spends
// more time sorting into its bins than the interpreter spends on them. This keeps freed blocks
// on a per-thread list by size and hands them out again.
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
