#pragma once
// Which element types of a CUDA source can hold ids: the int32-index-stride analysis and its
// pre-filter must agree on them, or the filter would skip a kernel the analysis flags.

#include <string_view>

namespace patchbay {

// Element types that are not integers: reading them gives no index.
bool is_non_integer_type(std::string_view type);

// An element type whose width the tree does not say: a template parameter or a type from a
// header outside the tree. It holds ids when spelled like an id type (`IdType`, `index_t`,
// `IdxT`), else data (`scalar_t`, `T`, `DTypeKV`); "" is a read through a member or a call,
// whose type is not declared here.
bool unseen_type_holds_ids(std::string_view type);

// A variable or member named as a size (`row_length`, `hidden_size`, `stride_m`, `head_dim`,
// `num_rows`): read from a table, it is a tensor's extent, not an id.
bool names_a_size(std::string_view name);

// An 8-bit integer type (`unsigned char`, `uint8_t`): an id read from a table of them is at
// most 255, bounded like `slot % block_size`; its product wraps only when 255 times the
// stride passes 2^31 - 1.
bool is_byte_type(std::string_view type);

}  // namespace patchbay
