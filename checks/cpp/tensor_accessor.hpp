#pragma once
// PyTorch's tensor accessors (`at::PackedTensorAccessor32<int32_t, 1, at::RestrictPtrTraits>`,
// FBGEMM's `pta::PackedTensorAccessor64<int64_t, 1, …>`, `TensorAccessor`,
// `GenericPackedTensorAccessor`): a kernel parameter of such a type reads an element of its first
// template argument once subscripted as many times as its second says (`update_row_idx[i]` of a
// one-dimensional int32_t accessor is a 32-bit value read from memory). A declaration keeps no
// template arguments (its type reads "?"), so the accessor is read back from its tokens.

#include <cstddef>
#include <optional>
#include <span>
#include <string>

#include "checks/token.hpp"

namespace patchbay {

struct TensorAccessor {
    std::string element;  // "int32_t", "int64_t", "scalar_t", "unsigned char"
    int dims = 0;
    // `PackedTensorAccessor32`, or an index type argument of int32_t: made only for a tensor
    // whose offsets fit 32 bits (`packed_accessor32` checks it), so no offset into it can wrap.
    bool offsets_32bit = false;
};

// The accessor type declared in front of the name at `name_token`; nullopt when it is none, or
// its dimension count is not a literal (a template parameter).
std::optional<TensorAccessor> tensor_accessor(std::span<const Token> tokens,
                                              std::size_t name_token);

}  // namespace patchbay
