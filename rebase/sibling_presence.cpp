#include "rebase/sibling_presence.hpp"

#include <algorithm>

#include "common/text_diff.hpp"
#include "common/text_lines.hpp"
#include "rebase/distinctive_words.hpp"
#include "rebase/hunk_presence.hpp"

namespace patchbay {

namespace {

// The words each hunk adds that the deleted file lacked.
std::optional<std::vector<Words>> hunk_words(std::string_view base, std::string_view theirs) {
    auto edits = line_edits(base, theirs);
    if (!edits) return std::nullopt;
    const auto lines = split_lines(theirs);
    const auto before = words_of(base);
    std::vector<Words> out;
    for (const auto& hunk : change_hunks(*edits)) {
        Words added;
        for (const auto& e : hunk.edits)
            for (auto i = e.after_start; i < e.after_start + e.after_count && i < lines.size(); ++i)
                add_words(lines[i], added);
        std::erase_if(added, [&](const std::string& w) { return before.contains(w); });
        out.push_back(std::move(added));
    }
    return out;
}

// A neighbour of a deleted man page has common words such as "supported" by chance; it has a
// new test's number or a new option's name only when upstream put it there (name_like).
bool has_hunk(const Words& hunk, const Words& old_words, const Words& new_words) {
    bool named = false;
    for (const auto& word : hunk) {
        if (old_words.contains(word)) continue;
        if (!new_words.contains(word)) return false;
        named = named || name_like(word);
    }
    return named;
}

}  // namespace

std::optional<SiblingPresence> sibling_presence(std::string_view base, std::string_view theirs,
                                                const std::vector<std::string>& candidates,
                                                const TextOf& old_text, const TextOf& new_text) {
    auto hunks = hunk_words(base, theirs);
    if (!hunks || hunks->empty()) return std::nullopt;
    // The first file with the change: a generated one (Makefile.in beside Makefile.am) may
    // have it too, which says no less.
    for (const auto& path : candidates) {
        const auto old_words = words_of(old_text(path));
        const auto new_words = words_of(new_text(path));
        bool all = std::all_of(hunks->begin(), hunks->end(), [&](const Words& hunk) {
            return has_hunk(hunk, old_words, new_words);
        });
        if (all) return SiblingPresence{path, static_cast<int>(hunks->size())};
    }
    return std::nullopt;
}

}  // namespace patchbay
