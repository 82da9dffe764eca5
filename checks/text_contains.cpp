#include "checks/text_contains.hpp"

#include <cstring>

namespace patchbay {

namespace {

// Lower is rarer: upper-case letters (rare in code), then the lower-case ones from the rarest
// (1) to the most common (26), in their order in kernel code (6.3 MB of Python and CUDA from
// lmdeploy, LightLLM, FlashInfer and flash-linear-attention: 'b' and 'k' are far more common
// there than in English, `block`, `k_ptr`); anything else (digits, '_', ':') counts as common.
int commonness(char c) {
    static constexpr std::string_view kByFrequency = "etsanroildcpumfhgbkyvwxqzj";
    if (c >= 'A' && c <= 'Z') return 0;
    auto at = kByFrequency.find(c);
    if (at == std::string_view::npos) return 100;
    return static_cast<int>(kByFrequency.size() - at);
}

}  // namespace

std::size_t rarest_character(std::string_view needle) {
    std::size_t best = 0;
    for (std::size_t i = 1; i < needle.size(); ++i)
        if (commonness(needle[i]) < commonness(needle[best])) best = i;
    return best;
}

bool text_contains(std::string_view text, std::string_view needle) {
    if (needle.empty()) return true;
    if (needle.size() > text.size()) return false;
    std::size_t pivot = rarest_character(needle);
    // The pivot of a match lies in [pivot, text.size() - (needle.size() - pivot)].
    const char* at = text.data() + pivot;
    const char* end = text.data() + text.size() - (needle.size() - pivot - 1);
    while (at < end) {
        const void* hit = std::memchr(at, needle[pivot], static_cast<std::size_t>(end - at));
        if (!hit) return false;
        at = static_cast<const char*>(hit);
        // The ends first, inline: a common pivot hits often and a memcmp call costs more.
        const char* start = at - pivot;
        if (start[0] == needle.front() && start[needle.size() - 1] == needle.back() &&
            std::memcmp(start, needle.data(), needle.size()) == 0)
            return true;
        ++at;
    }
    return false;
}

}  // namespace patchbay
