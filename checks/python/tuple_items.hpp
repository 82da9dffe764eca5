#pragma once
// A tuple's items (`i_v, i_bh = tl.program_id(0), tl.program_id(2)`), kept for unpacking. Held
// out of line: few values are tuples, and a vector of values inside each value made every
// value's destruction call the vector's destructor (a type that holds itself cannot have it
// inlined); here a value that is no tuple holds a null pointer, tested in place.

#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace patchbay {

template <class Value>
class TupleItems {
  public:
    TupleItems() = default;
    TupleItems(const TupleItems& other)
        : items_(other.items_ ? std::make_unique<std::vector<Value>>(*other.items_) : nullptr) {}
    TupleItems(TupleItems&&) noexcept = default;
    TupleItems& operator=(const TupleItems& other) {
        if (this != &other) *this = TupleItems(other);
        return *this;
    }
    TupleItems& operator=(TupleItems&&) noexcept = default;
    ~TupleItems() = default;

    std::size_t size() const { return items_ ? items_->size() : 0; }
    bool empty() const { return size() == 0; }
    Value& operator[](std::size_t i) { return (*items_)[i]; }
    const Value& operator[](std::size_t i) const { return (*items_)[i]; }
    const Value& back() const { return items_->back(); }
    const Value* begin() const { return items_ ? items_->data() : nullptr; }
    const Value* end() const { return items_ ? items_->data() + items_->size() : nullptr; }

    void push_back(Value value) {
        if (!items_) items_ = std::make_unique<std::vector<Value>>();
        items_->push_back(std::move(value));
    }

  private:
    std::unique_ptr<std::vector<Value>> items_;
};

}  // namespace patchbay
