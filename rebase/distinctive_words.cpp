#include "rebase/distinctive_words.hpp"

#include <algorithm>
#include <cctype>

namespace patchbay {

namespace {

constexpr std::size_t kDistinctiveWord = 5;

bool word_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

}  // namespace

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

bool name_like(std::string_view word) {
    return std::any_of(word.begin() + 1, word.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) || c == '_' ||
               std::isupper(static_cast<unsigned char>(c));
    });
}

}  // namespace patchbay
