#pragma once
// Result<T>: a value or an Error. A small stand-in for C++23 std::expected.

#include <cassert>
#include <utility>
#include <variant>

#include "common/error.hpp"

namespace patchbay {

template <class T>
class [[nodiscard]] Result {
  public:
    Result(T value) : state_(std::move(value)) {}
    Result(Error error) : state_(std::move(error)) {}

    bool ok() const { return state_.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & {
        assert(ok());
        return std::get<0>(state_);
    }
    const T& value() const& {
        assert(ok());
        return std::get<0>(state_);
    }
    T&& value() && {
        assert(ok());
        return std::get<0>(std::move(state_));
    }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

    const Error& error() const& {
        assert(!ok());
        return std::get<1>(state_);
    }
    // Moved out, not copied: an Error can quote a large input (a 100 MB series line).
    Error&& error() && {
        assert(!ok());
        return std::get<1>(std::move(state_));
    }

  private:
    std::variant<T, Error> state_;
};

// Result<void>: success or an Error.
struct Ok {};
using Status = Result<Ok>;

}  // namespace patchbay
