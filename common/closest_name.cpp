#include "common/closest_name.hpp"

#include <algorithm>

namespace patchbay {

namespace {

constexpr std::size_t kLongestCompared = 1024;

std::size_t length_gap(std::string_view a, std::string_view b) {
    return a.size() > b.size() ? a.size() - b.size() : b.size() - a.size();
}

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::optional<std::size_t> closest_name(std::string_view name,
                                        const std::vector<std::string_view>& candidates) {
    if (name.empty() || name.size() > kLongestCompared) return std::nullopt;
    std::optional<std::size_t> best;
    std::size_t best_distance = std::max<std::size_t>(3, name.size() / 3) + 1;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const std::string_view candidate = candidates[i];
        if (candidate.starts_with(name)) return i;
        // The distance is at least the difference in length: most candidates end here.
        if (candidate.size() > kLongestCompared || length_gap(candidate, name) >= best_distance)
            continue;
        const std::size_t distance = edit_distance(candidate, name);
        if (distance < best_distance) best = i, best_distance = distance;
    }
    return best;
}

}  // namespace patchbay
