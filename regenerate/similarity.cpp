#include "regenerate/similarity.hpp"

#include <algorithm>
#include <cstdint>
#include <map>

namespace patchbay {

namespace {

constexpr std::uint32_t kHashBase = 107927;
constexpr std::int64_t kMaxScore = 60000;  // git's MAX_SCORE

bool is_binary(std::string_view text) {
    return text.substr(0, 8000).find('\0') != std::string_view::npos;
}

// git's hash_chars: byte counts per chunk hash; a CR before LF is ignored in text.
std::map<std::uint32_t, std::int64_t> chunk_counts(std::string_view text) {
    std::map<std::uint32_t, std::int64_t> counts;
    bool text_mode = !is_binary(text);
    std::uint32_t accum1 = 0, accum2 = 0;
    std::int64_t n = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        auto c = static_cast<unsigned char>(text[i]);
        if (text_mode && c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') continue;
        std::uint32_t old1 = accum1;
        accum1 = (accum1 << 7) ^ (accum2 >> 25);
        accum2 = (accum2 << 7) ^ (old1 >> 25);
        accum1 += c;
        if (++n < 64 && c != '\n') continue;
        counts[(accum1 + accum2 * 0x61) % kHashBase] += n;
        n = 0, accum1 = accum2 = 0;
    }
    if (n > 0) counts[(accum1 + accum2 * 0x61) % kHashBase] += n;
    return counts;
}

std::int64_t copied_bytes(std::string_view old_text, std::string_view new_text) {
    auto old_counts = chunk_counts(old_text);
    std::int64_t copied = 0;
    for (const auto& [hash, count] : chunk_counts(new_text)) {
        auto found = old_counts.find(hash);
        if (found != old_counts.end()) copied += std::min(found->second, count);
    }
    return copied;
}

}  // namespace

int similarity(std::string_view old_text, std::string_view new_text) {
    if (new_text.empty()) return 0;
    auto max_size = static_cast<std::int64_t>(std::max(old_text.size(), new_text.size()));
    std::int64_t score = copied_bytes(old_text, new_text) * kMaxScore / max_size;
    return static_cast<int>(score * 100 / kMaxScore);
}

}  // namespace patchbay
