#pragma once
// The memory of one parse's nodes (expressions and statements). A node's children are a run of
// nodes handed out here, never freed one by one: the arena lets them all go at once when the
// parse's owner is done with it. Per-node vectors cost an allocation and a free per node with
// children, a destructor walk of the whole tree, and a move of three owning pointers at each of the
// dozen grammar levels a name passes through; runs in an arena cost a pointer bump and nothing to
// free.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>
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

// A list of nodes (an expression's children, a block's statements) in an arena: a run of
// them, viewed, not owned. A list is copied as the three words it holds, and the nodes need no
// destruction (T is trivially copyable and destructible); it lives as long as its arena.
template <class T>
class ArenaList {
  public:
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const T& operator[](std::size_t i) const { return items_[i]; }
    T& operator[](std::size_t i) { return items_[i]; }
    const T& front() const { return items_[0]; }
    const T& back() const { return items_[size_ - 1]; }
    const T* begin() const { return items_; }
    const T* end() const { return items_ + size_; }

    // Room for `count` items; a list that outgrows it moves to a new run twice as long (the
    // old one stays in the arena, unused).
    void reserve(ExprArena& arena, std::size_t count) {
        static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
        if (count <= capacity_) return;
        auto* items = static_cast<T*>(arena.allocate(count * sizeof(T)));
        for (std::uint32_t i = 0; i < size_; ++i) new (items + i) T(items_[i]);
        items_ = items;
        capacity_ = static_cast<std::uint32_t>(count);
    }
    void push_back(ExprArena& arena, const T& item) {
        grow_if_full(arena);
        new (items_ + size_++) T(item);
    }
    // A fresh item at the end, built in its place (a statement is parsed into it).
    T& emplace_back(ExprArena& arena) {
        grow_if_full(arena);
        return *new (items_ + size_++) T();
    }

  private:
    T* items_ = nullptr;
    std::uint32_t size_ = 0;
    std::uint32_t capacity_ = 0;

    void grow_if_full(ExprArena& arena) {
        if (size_ == capacity_) reserve(arena, capacity_ == 0 ? 2 : 2 * std::size_t{capacity_});
    }
};

}  // namespace patchbay
