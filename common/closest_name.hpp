#pragma once
// "did you mean …?": the name a user most likely meant, among those that exist.

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace patchbay {

// Edit distance (Levenshtein) between two names.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The index in `candidates` of the one nearest `name`: one that starts with `name` first, else
// the one fewest edits away, if that is at most max(3, a third of `name`) (the first of equals);
// nullopt when none is that near. Names over a kilobyte are no typing mistake and are not
// compared (a distance costs the product of the two lengths).
std::optional<std::size_t> closest_name(std::string_view name,
                                        const std::vector<std::string_view>& candidates);

}  // namespace patchbay
