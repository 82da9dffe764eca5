#pragma once
// Kernels made by a call rather than a decorator: `_kernel = triton.jit(_kernel)` after a
// plain `def _kernel(...)` (apple/ml-cross-entropy jits its kernels so, to wrap them in
// triton.heuristics and an autotuner afterwards). The search for kernels reads decorators
// only; these names tell it which undecorated functions are kernels too.

#include <string_view>
#include <vector>

namespace patchbay {

// The names a file hands to `jit(…)` as its first argument (`triton.jit(f)`, `jit(f, …)`,
// `gluon.jit(f)`), in order of appearance; empty for most files, which spell no "jit(".
std::vector<std::string_view> jit_wrapped_names(std::string_view text);

}  // namespace patchbay
