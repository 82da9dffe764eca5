#include "checks/line_origin.hpp"

#include <algorithm>
#include <cstdlib>
#include <set>

#include "checks/audit_scope.hpp"
#include "common/text_lines.hpp"

namespace patchbay {

namespace {

using Lines = std::vector<std::string_view>;

// Myers' greedy forward pass over before[lo_b, hi_b) and after[lo_a, hi_a); `trace[d]` is the
// frontier before step d, kept for the walk back.
struct Middle {
    const Lines& before;
    const Lines& after;
    std::int64_t lo_b, hi_b, lo_a, hi_a;

    std::int64_t n() const { return hi_b - lo_b; }
    std::int64_t m() const { return hi_a - lo_a; }
    bool same(std::int64_t x, std::int64_t y) const {
        return before[static_cast<std::size_t>(lo_b + x)] ==
               after[static_cast<std::size_t>(lo_a + y)];
    }
};

// The frontier before step d, kept for diagonals -d-1 .. d+1 only: O(D^2) memory in all.
struct Frontier {
    std::int64_t d = 0;
    std::vector<std::int64_t> x;  // x[k + d + 1]
    std::int64_t at(std::int64_t k) const { return x[static_cast<std::size_t>(k + d + 1)]; }
};

template <typename Get>
bool steps_down(const Get& at, std::int64_t k, std::int64_t d) {
    return k == -d || (k != d && at(k - 1) < at(k + 1));
}

// Past this many inserted and removed lines (a file rewritten, say) the walk back is not worth
// its memory: the changed middle then counts as inserted.
constexpr std::int64_t kMaxEdits = 2000;

std::vector<Frontier> forward_trace(const Middle& mid) {
    const std::int64_t max = std::min(mid.n() + mid.m(), kMaxEdits), off = max + 1;
    std::vector<std::int64_t> v(static_cast<std::size_t>(2 * max + 3), 0);
    auto at = [&](std::int64_t k) { return v[static_cast<std::size_t>(k + off)]; };
    std::vector<Frontier> trace;
    for (std::int64_t d = 0; d <= max; ++d) {
        trace.push_back(
            {d, std::vector<std::int64_t>(v.begin() + (off - d - 1), v.begin() + (off + d + 2))});
        for (std::int64_t k = -d; k <= d; k += 2) {
            std::int64_t x = steps_down(at, k, d) ? at(k + 1) : at(k - 1) + 1;
            std::int64_t y = x - k;
            while (x < mid.n() && y < mid.m() && mid.same(x, y)) ++x, ++y;
            v[static_cast<std::size_t>(k + off)] = x;
            if (x >= mid.n() && y >= mid.m()) return trace;
        }
    }
    return {};  // too many edits
}

// Walks the trace back from the end, recording each diagonal (kept) move.
void walk_back(const Middle& mid, const std::vector<Frontier>& trace,
               std::vector<std::int64_t>& kept) {
    std::int64_t x = mid.n(), y = mid.m();
    for (auto d = static_cast<std::int64_t>(trace.size()) - 1; d >= 0; --d) {
        const auto& frontier = trace[static_cast<std::size_t>(d)];
        auto at = [&](std::int64_t k) { return frontier.at(k); };
        std::int64_t k = x - y;
        std::int64_t prev_k = steps_down(at, k, d) ? k + 1 : k - 1;
        std::int64_t prev_x = at(prev_k);
        std::int64_t prev_y = prev_x - prev_k;
        while (x > prev_x && y > prev_y) {
            --x, --y;
            kept[static_cast<std::size_t>(mid.lo_a + y)] = mid.lo_b + x;
        }
        x = prev_x, y = prev_y;
    }
}

std::string text_of(const std::optional<FileState>& state) {
    if (!state || state->symlink) return {};
    return std::string(state->content.view());
}

// The file's text before the first step and after each step that touched it, with those steps.
struct Versions {
    std::vector<std::string> texts;
    std::vector<std::size_t> steps;  // steps[i] made texts[i + 1]
};

Versions versions_of(const PristineSource& source, const std::vector<AppliedStep>& steps,
                     const std::string& path) {
    Versions versions;
    auto entry = source.lookup(path);
    bool is_file = entry && entry->kind == TreeEntry::Kind::file;
    versions.texts.push_back(is_file ? std::string(entry->content.view()) : std::string());
    for (std::size_t i = 0; i < steps.size(); ++i) {
        auto change = steps[i].changes.find(path);
        if (change == steps[i].changes.end()) continue;
        versions.texts.push_back(text_of(change->second));
        versions.steps.push_back(i);
    }
    return versions;
}

}  // namespace

std::vector<std::int64_t> kept_lines(const Lines& before, const Lines& after) {
    std::vector<std::int64_t> kept(after.size(), -1);
    std::size_t prefix = 0;
    while (prefix < before.size() && prefix < after.size() && before[prefix] == after[prefix]) {
        kept[prefix] = static_cast<std::int64_t>(prefix);
        ++prefix;
    }
    std::size_t suffix = 0;
    while (suffix + prefix < before.size() && suffix + prefix < after.size() &&
           before[before.size() - 1 - suffix] == after[after.size() - 1 - suffix]) {
        kept[after.size() - 1 - suffix] = static_cast<std::int64_t>(before.size() - 1 - suffix);
        ++suffix;
    }
    Middle mid{before,
               after,
               static_cast<std::int64_t>(prefix),
               static_cast<std::int64_t>(before.size() - suffix),
               static_cast<std::int64_t>(prefix),
               static_cast<std::int64_t>(after.size() - suffix)};
    if (mid.n() > 0 && mid.m() > 0) walk_back(mid, forward_trace(mid), kept);
    return kept;
}

std::optional<LineOrigin> added_by(const PristineSource& source,
                                   const std::vector<AppliedStep>& steps, const std::string& path,
                                   std::int64_t line) {
    auto versions = versions_of(source, steps, path);
    std::int64_t at = line - 1;  // 0-based in texts[i]
    for (auto i = versions.steps.size(); i > 0; --i) {
        auto after = split_lines(versions.texts[i]);
        if (at < 0 || at >= static_cast<std::int64_t>(after.size())) return std::nullopt;
        auto kept = kept_lines(split_lines(versions.texts[i - 1]), after);
        auto from = kept[static_cast<std::size_t>(at)];
        if (from < 0)
            return LineOrigin{versions.steps[i - 1], path, at + 1,
                              std::string(without_terminator(after[static_cast<std::size_t>(at)]))};
        at = from;
    }
    return std::nullopt;
}

std::int64_t patch_line_adding(const PatchFile& patch, int strip, const std::string& path,
                               std::string_view text, std::int64_t line) {
    auto wanted = normalised_line(text);
    std::int64_t best = 0, best_distance = 0;
    for (const auto& file : patch.files) {
        if (file.op == FileOp::remove || strip_path(file.new_name, strip) != path) continue;
        for (const auto& hunk : file.hunks) {
            std::int64_t at = hunk.new_count == 0 ? hunk.new_start + 1 : hunk.new_start;
            for (const auto& body : hunk.lines) {
                if (body.kind == LineKind::removed) continue;
                bool match = body.kind == LineKind::added &&
                             normalised_line(without_terminator(body.text)) == wanted;
                if (match && (best == 0 || std::llabs(at - line) < best_distance))
                    best = body.patch_line, best_distance = std::llabs(at - line);
                ++at;
            }
        }
    }
    return best;
}

namespace {

// The origin of the finding's own line, else of the first related location a step added. Only
// files a step wrote can have one: the rest (most of a large tree's findings) are not read.
std::optional<LineOrigin> origin_of(const Finding& finding, const PristineSource& source,
                                    const std::vector<AppliedStep>& steps,
                                    const std::set<std::string>& written) {
    auto traced = [&](const std::string& path, std::int64_t line) -> std::optional<LineOrigin> {
        if (written.count(path) == 0) return std::nullopt;
        return added_by(source, steps, path, line);
    };
    if (auto origin = traced(finding.path, finding.line)) return origin;
    for (const auto& related : finding.related)
        if (auto origin = traced(related.path, related.line)) return origin;
    return std::nullopt;
}

}  // namespace

void attribute_to_patches(std::vector<Finding>& findings, const PristineSource& source,
                          const std::vector<AppliedStep>& steps,
                          const std::function<StepPatch(std::size_t)>& patch_of) {
    std::set<std::string> written;
    for (const auto& step : steps)
        for (const auto& change : step.changes) written.insert(change.first);
    for (auto& finding : findings) {
        auto origin = origin_of(finding, source, steps, written);
        if (!origin) continue;
        auto step = patch_of(origin->step);
        finding.patch = steps[origin->step].name;
        finding.patch_file = step.file;
        if (step.patch)
            finding.patch_line = patch_line_adding(*step.patch, step.strip, origin->path,
                                                   origin->text, origin->line);
    }
}

}  // namespace patchbay
