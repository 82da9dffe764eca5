#include "checks/python/node_pool.hpp"

#include <array>
#include <utility>

namespace patchbay {

namespace {

constexpr std::size_t kGrain = 16;
constexpr std::size_t kPooledBytes = 4096;  // larger blocks are rare: straight to operator new

struct FreeBlock {
    FreeBlock* next;
};

// One list per size class (bytes rounded up to kGrain); the blocks go back to operator delete
// when the thread ends.
struct FreeLists {
    std::array<FreeBlock*, kPooledBytes / kGrain + 1> heads{};

    ~FreeLists() {
        for (auto*& head : heads)
            while (head) ::operator delete(std::exchange(head, head->next));
    }
};

thread_local FreeLists lists;

std::size_t size_class(std::size_t bytes) {
    return (bytes + kGrain - 1) / kGrain;
}

}  // namespace

void* pool_allocate(std::size_t bytes) {
    if (bytes > kPooledBytes) return ::operator new(bytes);
    auto& head = lists.heads[size_class(bytes)];
    if (!head) return ::operator new(size_class(bytes) * kGrain);
    return std::exchange(head, head->next);
}

void pool_deallocate(void* block, std::size_t bytes) noexcept {
    if (bytes > kPooledBytes) return ::operator delete(block);
    auto& head = lists.heads[size_class(bytes)];
    head = new (block) FreeBlock{head};
}

}  // namespace patchbay
