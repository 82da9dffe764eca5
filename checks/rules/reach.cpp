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

namespace {

constexpr std::int64_t kFirstWrappingElement = std::int64_t{1} << 31;

std::string tensor_name(std::string_view pointer) {
    if (pointer.empty()) return "the tensor it addresses";
    for (std::string_view suffix : {"_ptrs", "_ptr", "_Ptr", "Ptr"})
        if (pointer.size() > suffix.size() && pointer.ends_with(suffix))
            return std::string(pointer.substr(0, pointer.size() - suffix.size()));
    return std::string(pointer);
}

}  // namespace

Severity tensor_reach_severity(const AuditConfig& config) {
    if (config.max_elements <= 0) return Severity::warning;
    return config.max_elements >= kFirstWrappingElement ? Severity::error : Severity::note;
}

namespace {

// "it wraps once x has more than 2^31 elements: WHAT", and what the configured size says.
std::string wraps_text(std::string_view tensor, std::string what, const AuditConfig& config) {
    std::string text =
        "it wraps once " + tensor_name(tensor) + " has more than 2^31 elements: " + std::move(what);
    if (config.max_elements <= 0) return text;
    const bool reached = config.max_elements >= kFirstWrappingElement;
    return text + (reached ? " ([audit] max_elements = " : " (not with [audit] max_elements = ") +
           std::to_string(config.max_elements) + ")";
}

}  // namespace

std::string tensor_reach_text(std::string_view tensor, std::string_view index,
                              std::string_view other, const AuditConfig& config) {
    return wraps_text(tensor, std::string(index) + " × " + std::string(other), config);
}

std::string tensor_count_text(std::string_view tensor, std::string_view count,
                              const AuditConfig& config) {
    return wraps_text(tensor, std::string(count), config);
}

}  // namespace patchbay
