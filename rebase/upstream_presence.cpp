#include "rebase/upstream_presence.hpp"

#include <algorithm>

#include "common/text_lines.hpp"

namespace patchbay {

namespace {

constexpr std::size_t kSignificantChars = 20;

bool has_problem(const AppliedPatch& applied, ProblemKind kind) {
    const auto& problems = applied.report.problems;
    return std::any_of(problems.begin(), problems.end(),
                       [&](const Problem& p) { return p.kind == kind; });
}

std::string_view trimmed(std::string_view line) {
    auto first = line.find_first_not_of(" \t\r\n\f\v");
    if (first == std::string_view::npos) return {};
    auto last = line.find_last_not_of(" \t\r\n\f\v");
    return line.substr(first, last - first + 1);
}

// A file's non-blank lines, trimmed, with their 1-based line numbers.
struct Normalized {
    std::vector<std::string_view> lines;
    std::vector<std::int64_t> numbers;
};

Normalized normalized(std::string_view text) {
    Normalized out;
    std::int64_t number = 0;
    for (auto line : split_lines(text)) {
        ++number;
        if (auto kept = trimmed(line); !kept.empty()) {
            out.lines.push_back(kept);
            out.numbers.push_back(number);
        }
    }
    return out;
}

// The runs of consecutive added lines of a hunk, trimmed, blank ones left out.
std::vector<std::vector<std::string_view>> added_runs(const Hunk& hunk) {
    std::vector<std::vector<std::string_view>> runs(1);
    for (const auto& line : hunk.lines) {
        if (line.kind != LineKind::added) {
            if (!runs.back().empty()) runs.emplace_back();
            continue;
        }
        if (auto text = trimmed(line.text); !text.empty()) runs.back().push_back(text);
    }
    if (runs.back().empty()) runs.pop_back();
    return runs;
}

bool significant(const std::vector<std::string_view>& run) {
    std::size_t chars = 0;
    for (auto line : run) chars += line.size();
    return chars >= kSignificantChars;
}

// Where `run` starts in `file`, or npos.
std::size_t find_run(const Normalized& file, const std::vector<std::string_view>& run) {
    auto found = std::search(file.lines.begin(), file.lines.end(), run.begin(), run.end());
    return found == file.lines.end() ? std::string::npos
                                     : static_cast<std::size_t>(found - file.lines.begin());
}

Result<std::string> content_at(const PristineSource& source, const std::string& path) {
    auto entry = source.lookup(path);
    if (!entry) return entry.error();
    return entry->kind == TreeEntry::Kind::file ? entry->content.str() : std::string();
}

void check_section(const FileDiff& file, const std::string& path, const Normalized& old_file,
                   const Normalized& new_file, std::vector<DuplicatedLines>& found) {
    for (std::size_t h = 0; h < file.hunks.size(); ++h)
        for (const auto& run : added_runs(file.hunks[h])) {
            if (!significant(run) || find_run(old_file, run) != std::string::npos) continue;
            auto at = find_run(new_file, run);
            if (at == std::string::npos) continue;
            found.push_back({path, static_cast<int>(h) + 1, new_file.numbers[at],
                             new_file.numbers[at + run.size() - 1]});
        }
}

// The runs of lines a change hunk adds, trimmed, blank ones left out.
std::vector<std::vector<std::string_view>> added_runs(const ChangeHunk& hunk,
                                                      const std::vector<std::string_view>& lines) {
    std::vector<std::vector<std::string_view>> runs;
    for (const auto& edit : hunk.edits) {
        std::vector<std::string_view> run;
        for (auto i = edit.after_start; i < edit.after_start + edit.after_count; ++i)
            if (auto text = trimmed(lines[i]); !text.empty()) run.push_back(text);
        if (!run.empty()) runs.push_back(std::move(run));
    }
    return runs;
}

}  // namespace

LineRuns inserted_runs(const ChangeHunk& hunk, const std::vector<std::string_view>& theirs_lines) {
    // A hunk that replaces lines would also need them gone from its own file: not looked for.
    for (const auto& edit : hunk.edits)
        if (edit.before_count > 0) return {};
    auto runs = added_runs(hunk, theirs_lines);
    std::erase_if(runs, [](const auto& run) { return !significant(run); });
    return runs;
}

bool all_runs_in(const LineRuns& runs, std::string_view text) {
    // Most files lack even the first line: found out without splitting them.
    for (const auto& run : runs)
        if (text.find(run.front()) == std::string_view::npos) return false;
    const auto file = normalized(text);
    return !runs.empty() && std::all_of(runs.begin(), runs.end(), [&](const auto& run) {
        return find_run(file, run) != std::string::npos;
    });
}

bool any_run_in(const LineRuns& runs, std::string_view text) {
    const auto file = normalized(text);
    return std::any_of(runs.begin(), runs.end(),
                       [&](const auto& run) { return find_run(file, run) != std::string::npos; });
}

Presence presence_of(const AppliedPatch& applied) {
    if (applied.report.status != PatchStatus::applied ||
        !has_problem(applied, ProblemKind::already_applied))
        return Presence::none;
    return has_problem(applied, ProblemKind::vacuous) ? Presence::all : Presence::partial;
}

Result<std::vector<DuplicatedLines>> duplicated_lines(const PatchFile& patch, int strip,
                                                      const PristineSource& old_upstream,
                                                      const PristineSource& new_upstream) {
    std::vector<DuplicatedLines> found;
    for (const auto& file : patch.files) {
        auto path = strip_path(file.op == FileOp::remove ? file.old_name : file.new_name, strip);
        if (!path || file.op == FileOp::remove) continue;
        auto old_text = content_at(old_upstream, *path);
        if (!old_text) return old_text.error();
        auto new_text = content_at(new_upstream, *path);
        if (!new_text) return new_text.error();
        check_section(file, *path, normalized(*old_text), normalized(*new_text), found);
    }
    return found;
}

}  // namespace patchbay
