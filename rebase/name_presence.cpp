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

void count_names(std::string_view base, std::string_view theirs, std::string_view ours,
                 NameShare& share) {
    const auto before = words_of(base);
    const auto after = words_of(theirs);
    const auto upstream = words_of(ours);
    const auto introduced = missing_in(after, before);
    const auto removed = missing_in(before, after);
    share.introduced += static_cast<int>(introduced.size());
    share.present += count_in(introduced, upstream);
    share.removed += static_cast<int>(removed.size());
    share.lingering += count_in(removed, upstream);
}

bool upstream_by_names(int hunks_found, const NameShare& names) {
    const int names_changed = names.introduced + names.removed;
    if (hunks_found == 0 || names_changed < kFewestNames) return false;
    const int agreeing = names.present + names.removed - names.lingering;
    return 5 * agreeing >= 4 * names_changed;
}

}  // namespace patchbay
