#pragma once
// The reach of a 32-bit block-id x stride overflow for the configured KV geometry
// (docs/ARCHITECTURE.md §5): block 880 x 4 heads x 256 dims gives a stride of 901,120 elements, so
// block ids from ceil(2^31 / 901,120) - 1 = 2,383 up have element offsets past 2^31 - 1; a K and a
// V pool of 2,384 such blocks in bf16 take 8.0 GiB.

#include <optional>
#include <string>
#include <string_view>

#include "checks/finding.hpp"
#include "config/config.hpp"

namespace patchbay {

std::optional<Reach> reach_for(const AuditConfig& config);

// A product of the kernel's own ids (tl.program_id, blockIdx), or of a position derived from
// them, with a runtime stride or size wraps once the tensor it addresses passes 2^31 - 1
// elements. Its severity follows `[audit] max_elements`: an error when the configured tensors
// reach 2^31 elements, a note when they cannot, a warning when nothing is configured.
Severity tensor_reach_severity(const AuditConfig& config);

// How such a finding's message ends: "it wraps once x has more than 2^31 elements: row x
// stride_x_row", and what the configured size says of it. `tensor` is the pointer the product
// addresses ("x_ptr" reads as "x"; "" as "the tensor it addresses").
std::string tensor_reach_text(std::string_view tensor, std::string_view index,
                              std::string_view other, const AuditConfig& config);

// The same for a 32-bit element count that bounds a thread index (`id < m * n`): "it wraps
// once out has more than 2^31 elements: m * n".
std::string tensor_count_text(std::string_view tensor, std::string_view count,
                              const AuditConfig& config);

}  // namespace patchbay
