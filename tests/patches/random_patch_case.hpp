#pragma once
// A seeded generator of patch cases for the differential test against GNU patch: a random file
// from a small vocabulary (so lines repeat and wrong places can match), 1-4 hunks made from it,
// then a target file perturbed so the hunks land at offsets, need fuzz, are already applied or
// no longer apply. Header-only (the build compiles only tests/*_test.cpp).

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "patches/diff_model.hpp"

namespace patchbay::test_support {

struct RandomPatchCase {
    std::string target;       // the file the hunks are applied to
    std::vector<Hunk> hunks;  // made from the unperturbed file
    int fuzz = 0;             // --fuzz
};

class RandomPatchCaseMaker {
  public:
    explicit RandomPatchCaseMaker(std::uint64_t seed) : rng_(seed) {}

    RandomPatchCase make() {
        RandomPatchCase result;
        vocabulary_size_ = pick(3, 8);
        original_ = random_file();
        make_hunks(result.hunks);
        result.target = perturbed_target(result.hunks);
        result.fuzz = pick(0, 3);
        return result;
    }

  private:
    // Where one hunk came from in the original (0-based lines).
    struct Span {
        std::int64_t pattern_begin = 0;  // first context line
        std::int64_t change_begin = 0;   // first removed line (or the insertion point)
        std::int64_t removed = 0;
        std::int64_t pattern_end = 0;  // one past the last context line
        std::vector<std::string> added;
    };

    int pick(int low, int high) { return std::uniform_int_distribution<int>(low, high)(rng_); }
    bool chance(int percent) { return pick(1, 100) <= percent; }

    std::string random_line() {
        static const char* const words[] = {"alpha",  "beta", "}",     "gamma",
                                            "x = 1;", "",     "delta", "return;"};
        return std::string(words[pick(0, vocabulary_size_ - 1)]) + "\n";
    }

    // An unterminated line is never empty (that would be no line at all).
    static void drop_newline(std::string& line) {
        if (line == "\n") line = "blank\n";
        line.pop_back();
    }

    std::vector<std::string> random_file() {
        std::vector<std::string> lines(static_cast<std::size_t>(pick(10, 200)));
        for (auto& line : lines) line = random_line();
        if (chance(20)) drop_newline(lines.back());
        return lines;
    }

    std::vector<std::string> added_lines(bool may_end_unterminated) {
        std::vector<std::string> lines(static_cast<std::size_t>(pick(0, 3)));
        for (auto& line : lines)
            line = chance(50) ? random_line() : "new " + std::to_string(next_new_++) + "\n";
        if (!lines.empty() && may_end_unterminated && chance(15)) drop_newline(lines.back());
        return lines;
    }

    Span random_span(std::int64_t cursor, std::int64_t segment_end) {
        const auto n = static_cast<std::int64_t>(original_.size());
        Span span;
        span.change_begin =
            std::min(n, std::max(cursor, cursor + pick(0, static_cast<int>(std::max<std::int64_t>(
                                                              0, segment_end - cursor)))));
        span.removed = pick(0, static_cast<int>(std::min<std::int64_t>(3, n - span.change_begin)));
        int prefix = pick(0, 3);
        int suffix = chance(25) ? pick(0, 3) : prefix;
        span.pattern_begin =
            span.change_begin - std::min<std::int64_t>(prefix, span.change_begin - cursor);
        span.pattern_end = std::min(n, span.change_begin + span.removed + suffix);
        // An unterminated added line only where diff would write one: at the end of the file.
        // (Elsewhere GNU patch 2.7.6 may abort on a later hunk: assert(after_newline).)
        span.added = added_lines(span.pattern_end == n && span.change_begin + span.removed == n);
        if (span.removed == 0 && span.added.empty()) span.added.push_back("inserted\n");
        return span;
    }

    Hunk hunk_of(const Span& span, std::int64_t delta) const {
        Hunk hunk;
        auto add = [&](LineKind kind, const std::string& text) {
            hunk.lines.push_back(HunkLine{kind, text, 0});
        };
        for (auto i = span.pattern_begin; i < span.change_begin; ++i)
            add(LineKind::context, original_[i]);
        for (auto i = span.change_begin; i < span.change_begin + span.removed; ++i)
            add(LineKind::removed, original_[i]);
        for (const auto& line : span.added) add(LineKind::added, line);
        for (auto i = span.change_begin + span.removed; i < span.pattern_end; ++i)
            add(LineKind::context, original_[i]);
        hunk.old_count = hunk.body_old_count();
        hunk.new_count = hunk.body_new_count();
        hunk.old_start = span.pattern_begin + (hunk.old_count > 0 ? 1 : 0);
        hunk.new_start = span.pattern_begin + delta + (hunk.new_count > 0 ? 1 : 0);
        return hunk;
    }

    void make_hunks(std::vector<Hunk>& hunks) {
        const auto n = static_cast<std::int64_t>(original_.size());
        const int count = pick(1, 4);
        std::int64_t cursor = 0;
        std::int64_t delta = 0;
        spans_.clear();
        for (int k = 0; k < count && cursor <= n; ++k) {
            const Span span = random_span(cursor, n * (k + 1) / count);
            const Hunk hunk = hunk_of(span, delta);
            delta += hunk.new_count - hunk.old_count;
            cursor = span.pattern_end;
            spans_.push_back(span);
            hunks.push_back(hunk);
        }
    }

    // Edits to the original, by original line: lines inserted before it, deleted, replaced.
    struct Edits {
        std::vector<std::vector<std::string>> before;
        std::vector<bool> deleted;
        std::vector<std::optional<std::string>> replaced;
    };

    void perturb_once(Edits& edits) {
        const auto n = static_cast<int>(original_.size());
        const Span& span =
            spans_[static_cast<std::size_t>(pick(0, static_cast<int>(spans_.size()) - 1))];
        switch (pick(0, 5)) {
            case 0:
            case 1:  // lines inserted somewhere: offsets
                for (int i = pick(1, 5); i > 0; --i)
                    edits.before[pick(0, n)].push_back(random_line());
                break;
            case 2: {  // lines deleted somewhere: negative offsets
                const int at = pick(0, n - 1);
                for (int i = at; i < std::min(n, at + pick(1, 3)); ++i) edits.deleted[i] = true;
                break;
            }
            case 3: {  // an outer context line changed: fuzz
                if (span.pattern_begin == span.pattern_end) break;
                const auto at = chance(50) ? span.pattern_begin : span.pattern_end - 1;
                edits.replaced[at] = "changed\n";
                break;
            }
            case 4:  // the hunk applied beforehand: already applied
                for (auto i = span.change_begin; i < span.change_begin + span.removed; ++i)
                    edits.deleted[i] = true;
                for (const auto& line : span.added)
                    edits.before[span.change_begin + span.removed].push_back(line);
                break;
            default:  // the region deleted: rejected
                for (auto i = span.pattern_begin; i < span.pattern_end; ++i)
                    edits.deleted[i] = true;
                break;
        }
    }

    std::string perturbed_target(const std::vector<Hunk>&) {
        const auto n = original_.size();
        Edits edits{std::vector<std::vector<std::string>>(n + 1), std::vector<bool>(n),
                    std::vector<std::optional<std::string>>(n)};
        for (int i = pick(0, 4); i > 0; --i) perturb_once(edits);
        std::vector<std::string> lines;
        for (std::size_t i = 0; i <= n; ++i) {
            for (const auto& line : edits.before[i]) lines.push_back(line);
            if (i < n && !edits.deleted[i])
                lines.push_back(edits.replaced[i].value_or(original_[i]));
        }
        std::string text;
        for (std::size_t i = 0; i < lines.size(); ++i) {
            text += lines[i];
            // Only the last line of a file can lack its newline.
            if (i + 1 < lines.size() && !lines[i].ends_with('\n')) text += '\n';
        }
        return text;
    }

    std::mt19937_64 rng_;
    int vocabulary_size_ = 8;
    int next_new_ = 0;
    std::vector<std::string> original_;
    std::vector<Span> spans_;
};

}  // namespace patchbay::test_support
