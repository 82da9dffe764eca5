#pragma once
// Whether a CUDA file checks that its tensors fit 32-bit index math before it launches its
// kernels (PyTorch's and its extensions' spellings): a tensor that passes such a check has
// fewer than 2^31 elements, so products of the kernels' block ids cannot wrap.

#include <string_view>

namespace patchbay {

// True when the text calls one of the named checks (`canUse32BitIndexMath`,
// `can_use_32bit_indexing`, a `LONG_INDEXING` switch, `numel() < INT_MAX`), or compares a value
// with `std::numeric_limits<int32_t>::max()` (or `<int>`), directly (`n <= …::max()`, a
// `std::min` clamp) or through a constant that holds it (`int_max = …; if (n > int_max)`).
// The limit merely named is no check: vLLM saturates floats to `i32_max`.
bool has_32bit_guard(std::string_view text);

}  // namespace patchbay
