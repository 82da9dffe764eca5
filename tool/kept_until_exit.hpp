#pragma once
// What a command is done with but the process need not free: it exits right after, and the
// kernel takes the memory back at once, where destroying a series run piece by piece (every
// text it read or built) cost about a millisecond at the end of
// check-series (bench/RESULTS.md, round 5). clang's -disable-free does the same. What is kept
// stays reachable, so leak checkers stay quiet; it must not own a running thread.

#include <memory>
#include <utility>
#include <vector>

namespace patchbay {

inline std::vector<std::shared_ptr<void>>& kept_until_exit() {
    static auto* kept = new std::vector<std::shared_ptr<void>>();  // never destroyed
    return *kept;
}

template <class T>
void keep_until_exit(T&& value) {
    kept_until_exit().push_back(std::make_shared<std::decay_t<T>>(std::forward<T>(value)));
}

}  // namespace patchbay
