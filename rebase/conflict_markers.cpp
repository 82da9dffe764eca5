#include "rebase/conflict_markers.hpp"

#include "common/text_lines.hpp"

namespace patchbay {

namespace {

bool is_marker(std::string_view line) {
    if (line.size() < 7) return false;
    const char c = line[0];
    if (c != '<' && c != '|' && c != '=' && c != '>') return false;
    if (line.substr(0, 7).find_first_not_of(c) != std::string_view::npos) return false;
    return line.size() == 7 || line[7] == ' ';
}

// The marker-like lines the merge's inputs hold already: they are the file's own text.
std::set<std::string_view> own_marker_lines(const std::vector<std::string_view>& inputs) {
    std::set<std::string_view> own;
    for (auto input : inputs)
        for (auto line : split_lines(input))
            if (is_marker(without_terminator(line))) own.insert(without_terminator(line));
    return own;
}

}  // namespace

std::vector<MarkerLine> leftover_markers(std::string_view text,
                                         const std::vector<std::string_view>& inputs) {
    auto own = own_marker_lines(inputs);
    std::vector<MarkerLine> found;
    int number = 0;
    for (auto raw : split_lines(text)) {
        ++number;
        auto line = without_terminator(raw);
        if (is_marker(line) && !own.count(line)) found.push_back({number, std::string(line)});
    }
    return found;
}

}  // namespace patchbay
