#pragma once
// A cheap test, on tokens alone, of whether a kernel whose only possible index source is its
// own block id (blockIdx) can form a 32-bit product at all. Almost every CUDA kernel reads
// blockIdx, but most only multiply it by the block size (`blockIdx.x * blockDim.x`) and
// multiply floats: the full value analysis of those finds nothing, and costs two thirds of
// the audit's C/C++ time on a large tree.

#include <cstddef>
#include <span>
#include <vector>

#include "checks/cpp/cpp_declarations.hpp"
#include "checks/token.hpp"

namespace patchbay {

// False only when every binary `*` and `<<` of the body provably forms no product: one operand
// is a literal below 256 or a launch bound times `blockIdx.x`, or neither operand can hold an
// id (a float variable, a float literal, a cast to a non-integer type). True otherwise, and
// for a body that steps a variable by the grid (`i += blockDim.x * gridDim.x`: its index may
// be a 32-bit one walking to a 64-bit count): the kernel gets the full analysis, so a `true`
// costs time but never a finding.
bool may_scale_block_id(const FunctionInfo& function, std::span<const Token> tokens,
                        const std::vector<std::size_t>& brackets, const TypeAliases& aliases);

}  // namespace patchbay
