#pragma once
// The reach of a 32-bit block-id x stride overflow for the configured KV geometry
// (docs/ARCHITECTURE.md §5): block 880 x 4 heads x 256 dims gives a stride of 901,120 elements, so
// block ids from ceil(2^31 / 901,120) - 1 = 2,383 up have element offsets past 2^31 - 1; a K and a
// V pool of 2,384 such blocks in bf16 take 8.0 GiB.

#include <optional>

#include "checks/finding.hpp"
#include "config/config.hpp"

namespace patchbay {

std::optional<Reach> reach_for(const AuditConfig& config);

}  // namespace patchbay
