#pragma once
// The candidate products a taint value carries: ids into the file's candidate table, in
// increasing order (a value's first row-number product is the one with the lowest id). Values
// are copied and merged at nearly every operation and most carry none or a few ids: a sorted
// vector copies in one allocation, none when empty, where a std::set allocated a node per id
// and freed them in a walk of its tree at each value's end.

#include <algorithm>
#include <cstddef>
#include <vector>

#include "checks/python/node_pool.hpp"

namespace patchbay {

class ProductSet {
  public:
    auto begin() const { return ids_.begin(); }
    auto end() const { return ids_.end(); }
    bool empty() const { return ids_.empty(); }
    void clear() { ids_.clear(); }

    void insert(std::size_t id) {
        const auto at = std::ranges::lower_bound(ids_, id);
        if (at == ids_.end() || *at != id) ids_.insert(at, id);
    }
    // The union with `other`.
    void insert(const ProductSet& other) {
        for (const auto id : other.ids_) insert(id);
    }
    template <class Predicate>
    void erase_if(Predicate predicate) {
        std::erase_if(ids_, predicate);
    }

  private:
    std::vector<std::size_t, PoolAllocator<std::size_t>> ids_;
};

}  // namespace patchbay
