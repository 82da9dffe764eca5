#include "rebase/sibling_presence.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "common/text_diff.hpp"
#include "common/text_lines.hpp"
#include "rebase/hunk_presence.hpp"

namespace patchbay {

namespace {

// Shorter words (`if`, `the`, `src`) are in any file; a test's number or a function's name is
// what says the change is there.
constexpr std::size_t kDistinctiveWord = 5;

using Words = std::set<std::string, std::less<>>;

bool word_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

void add_words(std::string_view text, Words& words) {
    std::size_t at = 0;
    while (at < text.size()) {
        if (!word_char(text[at])) {
            ++at;
            continue;
        }
        auto end = at;
        while (end < text.size() && word_char(text[end])) ++end;
        if (end - at >= kDistinctiveWord) words.emplace(text.substr(at, end - at));
        at = end;
    }
}

Words words_of(std::string_view text) {
    Words words;
    add_words(text, words);
    return words;
}

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

// A name rather than prose: a digit, `_` or a capital after the first letter (`test486`,
// `ssh_valid_ruser`, `CURLOPT_NETRC`). A neighbour of a deleted man page has common words
// such as "supported" by chance; it has a new test's number or a new option's name only when
// upstream put it there.
bool name_like(std::string_view word) {
    return std::any_of(word.begin() + 1, word.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) || c == '_' ||
               std::isupper(static_cast<unsigned char>(c));
    });
}

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
