#pragma once
// The names of a kernel and their values: the Triton taint interpreter's environments. One is
// looked up at each name a kernel reads and written at each assignment; as a std::map each
// lookup was a walk of string compares down the tree and each new name a node allocation
// (about a seventh of the interpreter's instructions). Here the names hash into a table of
// indices (open addressing, linear probing) over the entries, kept in the order they came.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace patchbay {

template <class Value>
class NameTable {
  public:
    struct Entry {
        // A constructor, not an aggregate: clang 14's emplace_back builds no aggregate from
        // parentheses (C++20's P0960), and an entry is built in place.
        Entry(std::string_view entry_name, Value&& entry_value)
            : name(entry_name), value(std::move(entry_value)) {}
        std::string_view name;
        Value value;
    };

    Value* find(std::string_view name) {
        const std::int32_t at = entry_of(name);
        return at < 0 ? nullptr : &entries_[static_cast<std::size_t>(at)].value;
    }
    const Value* find(std::string_view name) const {
        const std::int32_t at = entry_of(name);
        return at < 0 ? nullptr : &entries_[static_cast<std::size_t>(at)].value;
    }
    // `name` bound to `value`: moved into a new entry, or over the value it had.
    void set(std::string_view name, Value&& value) {
        if (2 * (entries_.size() + 1) > index_.size()) grow();
        std::int32_t& at = index_[slot_of(name)];
        if (at >= 0) {
            entries_[static_cast<std::size_t>(at)].value = std::move(value);
            return;
        }
        at = static_cast<std::int32_t>(entries_.size());
        entries_.emplace_back(name, std::move(value));  // built in place, the value moved once
    }
    const std::vector<Entry>& entries() const { return entries_; }
    // Empty again, its room kept: a table reused for the next function allocates nothing.
    void clear() {
        entries_.clear();
        std::ranges::fill(index_, -1);
    }

  private:
    // A kernel's parameters and locals, a few dozen: room for 32 names before the first growth.
    static constexpr std::size_t kFirstSlots = 64;

    std::vector<Entry> entries_;
    std::vector<std::int32_t> index_;  // into entries_, -1 where free; a power of two long

    // The length and the two bytes at each end, mixed by a multiply: a loop over every byte
    // cost more than the probes it spared (names that share all five are told apart by the
    // probe, which compares the names).
    static std::size_t hash(std::string_view name) {
        const std::size_t n = name.size();
        const auto at = [&](std::size_t i) { return static_cast<unsigned char>(name[i]); };
        std::size_t key = n;
        if (n > 0) key = key << 16 | at(0) << 8 | at(n - 1);
        if (n > 1) key = key << 16 | at(1) << 8 | at(n - 2);
        return (key * 0x9E3779B97F4A7C15u) >> 32;
    }
    std::int32_t entry_of(std::string_view name) const {
        return index_.empty() ? -1 : index_[slot_of(name)];
    }
    // The slot that holds `name`, or the free one where it goes.
    std::size_t slot_of(std::string_view name) const {
        const std::size_t mask = index_.size() - 1;
        for (std::size_t slot = hash(name) & mask;; slot = (slot + 1) & mask) {
            const std::int32_t at = index_[slot];
            if (at < 0 || entries_[static_cast<std::size_t>(at)].name == name) return slot;
        }
    }
    // Kept at most half full, so that a probe soon meets a free slot. The entries take their
    // room along: a value is large, and each growth of the vector moved them all.
    void grow() {
        index_.assign(index_.empty() ? kFirstSlots : 2 * index_.size(), -1);
        entries_.reserve(index_.size() / 2);
        for (std::size_t i = 0; i < entries_.size(); ++i)
            index_[slot_of(entries_[i].name)] = static_cast<std::int32_t>(i);
    }
};

}  // namespace patchbay
