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

// The tensor a pointer addresses, by its name less a pointer suffix.
std::string_view tensor_name(std::string_view pointer) {
    if (pointer.empty()) return "the tensor it addresses";
    for (std::string_view suffix : {"_ptrs", "_ptr", "_Ptr", "Ptr"})
        if (pointer.size() > suffix.size() && pointer.ends_with(suffix))
            return pointer.substr(0, pointer.size() - suffix.size());
    return pointer;
}

// "it wraps once x has more than 2^31 elements: ", then the caller's WHAT, then
// configured_size(). Appended into one string: a large tree has one per finding, tens of
// thousands, and each `a + b` made a string of its own.
std::string wraps_start(std::string_view tensor, std::size_t room) {
    std::string text;
    text.reserve(96 + tensor.size() + room);
    text.append("it wraps once ")
        .append(tensor_name(tensor))
        .append(" has more than 2^31 elements: ");
    return text;  // itself: `return text.append(...)` copied it, without the room
}

// What the configured size says about the wrap, if one is configured.
void append_configured_size(std::string& text, const AuditConfig& config) {
    if (config.max_elements <= 0) return;
    const bool reached = config.max_elements >= kFirstWrappingElement;
    text.append(reached ? " ([audit] max_elements = " : " (not with [audit] max_elements = ")
        .append(std::to_string(config.max_elements))
        .append(")");
}

}  // namespace

Severity tensor_reach_severity(const AuditConfig& config) {
    if (config.max_elements <= 0) return Severity::warning;
    return config.max_elements >= kFirstWrappingElement ? Severity::error : Severity::note;
}

std::string tensor_reach_text(std::string_view tensor, std::string_view index,
                              std::string_view other, const AuditConfig& config) {
    std::string text = wraps_start(tensor, index.size() + other.size());
    text.append(index).append(" × ").append(other);
    append_configured_size(text, config);
    return text;
}

std::string tensor_count_text(std::string_view tensor, std::string_view count,
                              const AuditConfig& config) {
    std::string text = wraps_start(tensor, count.size());
    text.append(count);
    append_configured_size(text, config);
    return text;
}

}  // namespace patchbay
