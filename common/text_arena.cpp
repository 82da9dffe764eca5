#include "common/text_arena.hpp"

#include <sys/mman.h>

#include <cstdint>
#include <cstring>

namespace patchbay {

namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;

std::size_t round_up(std::size_t size, std::size_t unit) {
    return (size + unit - 1) / unit * unit;
}

// `size` bytes (a multiple of kHugePage) at an address aligned to kHugePage, as a huge page must
// be: a mapping one huge page larger, its unaligned head and tail given back. Null when the
// kernel refuses the mapping.
std::shared_ptr<char> map_block(std::size_t size) {
    const std::size_t mapped = size + kHugePage;
    void* start =
        ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (start == MAP_FAILED) return nullptr;
    auto* first = static_cast<char*>(start);
    auto* aligned =
        reinterpret_cast<char*>(round_up(reinterpret_cast<std::uintptr_t>(first), kHugePage));
    if (aligned > first) ::munmap(first, static_cast<std::size_t>(aligned - first));
    if (aligned + size < first + mapped)
        ::munmap(aligned + size, static_cast<std::size_t>(first + mapped - (aligned + size)));
    // Both are advice, and where either fails ordinary faults do: huge pages, and the block's
    // pages faulted in by one call (half the cost of faulting them one by one where the
    // kernel gives no huge pages).
    ::madvise(aligned, size, MADV_HUGEPAGE);
    ::madvise(aligned, size, MADV_POPULATE_WRITE);
    return std::shared_ptr<char>(aligned, [size](char* block) { ::munmap(block, size); });
}

}  // namespace

// A text larger than half a block gets a block of its own: the rest of the current one stays
// for the small texts that follow.
TextArena::Slot TextArena::reserve(std::size_t size) {
    std::lock_guard lock(mutex_);
    if (size > kHugePage / 2) {
        auto own = map_block(round_up(size, kHugePage));
        return {own, own.get()};
    }
    if (!block_ || kHugePage - used_ < size) {
        block_ = map_block(kHugePage);
        used_ = 0;
        if (!block_) return {};
    }
    Slot slot{block_, block_.get() + used_};
    used_ += size;
    return slot;
}

SharedText TextArena::keep(std::string_view bytes) {
    if (bytes.empty()) return SharedText();
    Slot slot = reserve(bytes.size());
    if (!slot.block) return SharedText(std::string(bytes));  // no mapping: the heap will do
    std::memcpy(slot.at, bytes.data(), bytes.size());
    return SharedText(std::move(slot.block), std::string_view(slot.at, bytes.size()));
}

}  // namespace patchbay
