#include "checks/rules/reach.hpp"

namespace patchbay {

std::optional<Reach> reach_for(const AuditConfig& config) {
    if (!config.geometry) return std::nullopt;
    const auto& g = *config.geometry;
    Reach reach;
    reach.stride_elements = g.block_size * g.kv_heads * g.head_dim;
    if (reach.stride_elements <= 0) return std::nullopt;
    constexpr std::int64_t kLimit = std::int64_t{1} << 31;
    reach.first_block = (kLimit + reach.stride_elements - 1) / reach.stride_elements - 1;
    double blocks = static_cast<double>(reach.first_block + 1);
    double bytes = blocks * static_cast<double>(reach.stride_elements * g.dtype_bytes) * 2.0;
    reach.pool_gib = bytes / (1024.0 * 1024.0 * 1024.0);
    return reach;
}

}  // namespace patchbay
