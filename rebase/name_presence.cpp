#include "rebase/name_presence.hpp"

#include "rebase/distinctive_words.hpp"

namespace patchbay {

namespace {

constexpr int kFewestNames = 2;

// Of `words`, how many `in` has.
int count_in(const Words& words, const Words& in) {
    int count = 0;
    for (const auto& word : words) count += in.contains(word);
    return count;
}

// The words of `from` that `to` lacks.
Words missing_in(const Words& from, const Words& to) {
    Words out;
    for (const auto& word : from)
        if (!to.contains(word)) out.insert(word);
    return out;
}

}  // namespace

NameShare count_names(const std::vector<FileTexts>& files) {
    NameShare share;
    Words gained;  // the words upstream brought into any of the files
    std::vector<Words> introduced;
    for (const auto& file : files) {
        const auto before = words_of(file.base);
        const auto after = words_of(file.theirs);
        const auto ours = words_of(file.ours);
        const auto removed = missing_in(before, after);
        share.removed += static_cast<int>(removed.size());
        share.lingering += count_in(removed, ours);
        introduced.push_back(missing_in(after, before));
        const auto brought = missing_in(ours, before);
        gained.insert(brought.begin(), brought.end());
    }
    for (const auto& words : introduced) {
        share.introduced += static_cast<int>(words.size());
        share.present += count_in(words, gained);
    }
    return share;
}

bool upstream_by_names(int hunks_found, const NameShare& names) {
    const int names_changed = names.introduced + names.removed;
    if (hunks_found == 0 || names_changed < kFewestNames) return false;
    const int agreeing = names.present + names.removed - names.lingering;
    return 5 * agreeing >= 4 * names_changed;
}

}  // namespace patchbay
