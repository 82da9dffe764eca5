#include "checks/line_origin.hpp"

#include <algorithm>
#include <cstdlib>
#include <set>

#include "checks/audit_scope.hpp"
#include "common/text_diff.hpp"
#include "common/text_lines.hpp"

namespace patchbay {

namespace {

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

Result<std::vector<std::int64_t>> kept_lines(std::string_view before, std::string_view after) {
    auto edits = line_edits(before, after);
    if (!edits) return edits.error();
    std::vector<std::int64_t> kept(line_count(after), -1);
    std::size_t at = 0, from = 0;  // the next line of `after`, and the line of `before` it keeps
    for (const auto& edit : *edits) {
        for (; at < edit.after_start; ++at, ++from) kept[at] = static_cast<std::int64_t>(from);
        at = edit.after_start + edit.after_count;
        from = edit.before_start + edit.before_count;
    }
    for (; at < kept.size(); ++at, ++from) kept[at] = static_cast<std::int64_t>(from);
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
        auto kept = kept_lines(versions.texts[i - 1], versions.texts[i]);
        if (!kept) return std::nullopt;  // libgit2 failed (a text over 1 GiB): no origin to give
        auto from = (*kept)[static_cast<std::size_t>(at)];
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
