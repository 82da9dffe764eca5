#include "rebase/token_change.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>

namespace patchbay {

namespace {

constexpr char kSeparator = '\x1f';
// Past this many token pairs the alignment is skipped (every token counts as changed): a
// hunk that large is a rewrite, and the table would cost more than the rest of the rebase.
constexpr std::size_t kMaxAlignment = 4'000'000;
constexpr std::size_t kSignificantAlnum = 3;
constexpr std::size_t kShortRun = 3;    // tokens
constexpr std::size_t kShortAlnum = 6;  // letters and digits
constexpr std::size_t kNeighbours = 2;

bool is_word(unsigned char c) {
    return std::isalnum(c) || c == '_';
}

// Words and single punctuation characters, whitespace dropped.
void append_tokens(std::string_view line, std::vector<std::string_view>& out) {
    for (std::size_t i = 0; i < line.size();) {
        auto c = static_cast<unsigned char>(line[i]);
        if (std::isspace(c)) {
            ++i;
            continue;
        }
        std::size_t j = i + 1;
        if (is_word(c))
            while (j < line.size() && is_word(static_cast<unsigned char>(line[j]))) ++j;
        out.push_back(line.substr(i, j - i));
        i = j;
    }
}

struct Token {
    std::string_view text;
    std::size_t line;
};

std::vector<Token> tokens_of(const std::vector<std::string_view>& lines) {
    std::vector<Token> out;
    std::vector<std::string_view> words;
    for (std::size_t l = 0; l < lines.size(); ++l) {
        words.clear();
        append_tokens(lines[l], words);
        for (auto word : words) out.push_back({word, l});
    }
    return out;
}

// Which tokens of each side the longest common subsequence keeps.
void align(const std::vector<Token>& a, const std::vector<Token>& b, std::vector<bool>& a_kept,
           std::vector<bool>& b_kept) {
    a_kept.assign(a.size(), false);
    b_kept.assign(b.size(), false);
    if (a.empty() || b.empty() || a.size() * b.size() > kMaxAlignment) return;
    const std::size_t width = b.size() + 1;
    std::vector<std::uint32_t> table((a.size() + 1) * width, 0);
    for (std::size_t i = a.size(); i-- > 0;)
        for (std::size_t j = b.size(); j-- > 0;)
            table[i * width + j] = a[i].text == b[j].text ? table[(i + 1) * width + j + 1] + 1
                                                          : std::max(table[(i + 1) * width + j],
                                                                     table[i * width + j + 1]);
    for (std::size_t i = 0, j = 0; i < a.size() && j < b.size();) {
        if (a[i].text == b[j].text) {
            a_kept[i++] = b_kept[j++] = true;
        } else if (table[(i + 1) * width + j] >= table[i * width + j + 1]) {
            ++i;
        } else {
            ++j;
        }
    }
}

bool significant(const std::vector<Token>& tokens, std::size_t begin, std::size_t end,
                 std::size_t wanted) {
    std::size_t alnum = 0;
    for (std::size_t i = begin; i < end; ++i)
        alnum += std::count_if(tokens[i].text.begin(), tokens[i].text.end(),
                               [](char c) { return std::isalnum(static_cast<unsigned char>(c)); });
    return alnum >= wanted;
}

std::string run_of(const std::vector<Token>& tokens, std::size_t begin, std::size_t end) {
    std::string run(1, kSeparator);
    for (std::size_t i = begin; i < end; ++i) run.append(tokens[i].text) += kSeparator;
    return run;
}

// The unkept runs of added tokens, cut at line ends.
std::vector<InsertedRun> inserted_runs(const std::vector<Token>& added,
                                       const std::vector<bool>& kept) {
    std::vector<InsertedRun> runs;
    for (std::size_t i = 0; i < added.size();) {
        if (kept[i]) {
            ++i;
            continue;
        }
        std::size_t j = i + 1;
        while (j < added.size() && !kept[j] && added[j].line == added[i].line) ++j;
        // A short run (`&` for `==`) is looked for with the tokens around it.
        const bool short_run = j - i < kShortRun || !significant(added, i, j, kShortAlnum);
        const std::size_t from = short_run ? (i > kNeighbours ? i - kNeighbours : 0) : i;
        const std::size_t to = short_run ? std::min(j + kNeighbours, added.size()) : j;
        if (significant(added, from, to, kSignificantAlnum))
            runs.push_back({added[i].line, run_of(added, from, to)});
        i = j;
    }
    return runs;
}

// The unkept runs of removed tokens, each with the token before and after it.
std::vector<std::string> deleted_runs(const std::vector<Token>& removed,
                                      const std::vector<bool>& kept) {
    std::vector<std::string> runs;
    for (std::size_t i = 0; i < removed.size();) {
        if (kept[i]) {
            ++i;
            continue;
        }
        std::size_t j = i + 1;
        while (j < removed.size() && !kept[j]) ++j;
        if (significant(removed, i, j, kSignificantAlnum))
            runs.push_back(run_of(removed, i > 0 ? i - 1 : i, std::min(j + 1, removed.size())));
        i = j;
    }
    return runs;
}

}  // namespace

std::string token_text(const std::vector<std::string_view>& lines, std::size_t begin,
                       std::size_t end) {
    std::string text(1, kSeparator);
    std::vector<std::string_view> words;
    for (std::size_t i = begin; i < std::min(end, lines.size()); ++i) {
        words.clear();
        append_tokens(lines[i], words);
        for (auto word : words) text.append(word) += kSeparator;
    }
    return text;
}

bool has_run(std::string_view text, std::string_view run) {
    return text.find(run) != std::string_view::npos;
}

TokenChange token_change(const std::vector<std::string_view>& removed,
                         const std::vector<std::string_view>& added) {
    auto old_tokens = tokens_of(removed), new_tokens = tokens_of(added);
    std::vector<bool> old_kept, new_kept;
    align(old_tokens, new_tokens, old_kept, new_kept);
    return {inserted_runs(new_tokens, new_kept), deleted_runs(old_tokens, old_kept)};
}

}  // namespace patchbay
