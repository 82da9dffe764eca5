#include "checks/suppression.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "checks/text_contains.hpp"
#include "checks/token.hpp"
#include "common/parallel_for.hpp"
#include "common/text_lines.hpp"

namespace patchbay {

namespace {

using Span = std::pair<std::size_t, std::size_t>;  // byte offsets [first, last)

std::vector<Span> string_spans(const SourceFile& file) {
    auto tokens =
        file.language == Language::python ? tokenize_python(file.text) : tokenize_cpp(file.text);
    std::vector<Span> spans;
    for (const auto& token : tokens) {
        if (token.kind != TokenKind::string) continue;
        auto first = static_cast<std::size_t>(token.text.data() - file.text.data());
        spans.emplace_back(first, first + token.text.size());
    }
    return spans;
}

bool inside(const std::vector<Span>& spans, std::size_t offset) {
    return std::any_of(spans.begin(), spans.end(),
                       [&](const Span& s) { return s.first <= offset && offset < s.second; });
}

std::string_view trim(std::string_view text) {
    auto first = text.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    auto last = text.find_last_not_of(" \t\r");
    return text.substr(first, last - first + 1);
}

// Offset of the comment marker that `patchbay:` at `at` follows; npos when it follows none.
std::size_t marker_before(std::string_view text, std::size_t at, Language language) {
    auto before = text.substr(0, at);
    auto end = before.find_last_not_of(" \t");
    if (end == std::string_view::npos) return std::string_view::npos;
    before = before.substr(0, end + 1);
    std::string_view marker = language == Language::python ? "#" : "//";
    return before.ends_with(marker) ? before.size() - marker.size() : std::string_view::npos;
}

std::vector<std::string> split_ids(std::string_view list) {
    std::vector<std::string> ids;
    while (!list.empty()) {
        auto comma = list.find(',');
        auto id = trim(list.substr(0, comma));
        if (!id.empty()) ids.emplace_back(id);
        list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
    }
    return ids;
}

// Reads `ignore[ids] reason` (the text after `patchbay:` up to the end of the line).
void read_directive(std::string_view rest, Suppression& suppression) {
    rest.remove_prefix(std::string_view("ignore").size());
    auto close = rest.find(']');
    if (!rest.starts_with("[") || close == std::string_view::npos) {
        suppression.problem = "suppression without rule ids: write ignore[rule-id] reason";
        return;
    }
    suppression.rules = split_ids(rest.substr(1, close - 1));
    auto reason = trim(rest.substr(close + 1));
    while (!reason.empty() && (reason.front() == '-' || reason.front() == ':'))
        reason = trim(reason.substr(1));
    suppression.reason = std::string(reason);
    if (suppression.rules.empty())
        suppression.problem = "suppression without rule ids: write ignore[rule-id] reason";
    else if (suppression.reason.empty())
        suppression.problem = "a reason is required after ignore[" +
                              std::string(rest.substr(1, close - 1)) +
                              "]; this suppression suppresses nothing";
}

// The line holding `offset`, cut there: what precedes `offset`, and the rest with its terminator.
std::pair<std::string_view, std::string_view> cut_line_at(std::string_view text,
                                                          std::size_t offset) {
    auto line = line_holding(text, offset);
    auto before = offset - static_cast<std::size_t>(line.data() - text.data());
    return {line.substr(0, before), line.substr(before)};
}

// A suppression whose comment marker is at `marker`: its line and column, and whether code
// precedes it on its line.
Suppression suppression_at(std::string_view text, std::size_t marker) {
    auto before = cut_line_at(text, marker).first;
    Suppression suppression;
    suppression.line = line_number_at(text, marker);
    suppression.column = static_cast<std::int64_t>(before.size()) + 1;
    suppression.trailing = !trim(before).empty();
    return suppression;
}

}  // namespace

std::vector<Suppression> find_suppressions(const SourceFile& file) {
    if (file.language == Language::other) return {};
    std::string_view text = file.text;
    if (!text_contains(text, "patchbay:")) return {};  // nearly every file: one fast pass
    std::vector<Span> spans;
    std::vector<Suppression> found;
    for (auto at = text.find("patchbay:"); at != std::string_view::npos;
         at = text.find("patchbay:", at + 1)) {
        auto marker = marker_before(text, at, file.language);
        if (marker == std::string_view::npos) continue;
        if (spans.empty()) spans = string_spans(file);
        if (inside(spans, marker)) continue;
        auto rest = trim(without_terminator(cut_line_at(text, at).second).substr(9));
        if (!rest.starts_with("ignore")) continue;
        Suppression suppression = suppression_at(text, marker);
        read_directive(rest, suppression);
        found.push_back(std::move(suppression));
    }
    return found;
}

namespace {

void check_known(Suppression& suppression, const std::vector<std::string>& known_rules) {
    if (!suppression.problem.empty() || known_rules.empty()) return;
    for (const auto& id : suppression.rules)
        if (std::find(known_rules.begin(), known_rules.end(), id) == known_rules.end()) {
            suppression.problem = "suppression names unknown rule '" + id + "'";
            return;
        }
}

Finding invalid_finding(const SourceFile& file, const Suppression& suppression) {
    Finding finding;
    finding.rule = kInvalidSuppressionRule;
    finding.severity = Severity::warning;
    finding.path = file.path;
    finding.line = suppression.line;
    finding.column = suppression.column;
    finding.message = suppression.problem;
    finding.fix_hint = std::string(file.language == Language::python ? "#" : "//") +
                       " patchbay: ignore[rule-id] why the flagged code is safe";
    finding.source_line = std::string(file.line_text(suppression.line));
    return finding;
}

bool covers(const Suppression& suppression, const Finding& finding) {
    if (!suppression.problem.empty()) return false;
    auto covered = suppression.trailing ? suppression.line : suppression.line + 1;
    if (finding.line != covered) return false;
    return std::find(suppression.rules.begin(), suppression.rules.end(), finding.rule) !=
           suppression.rules.end();
}

}  // namespace

SuppressionResult apply_suppressions(const AuditTree& tree, std::vector<Finding> findings,
                                     const std::vector<std::string>& known_rules, unsigned jobs) {
    std::vector<std::vector<Suppression>> per_file(tree.files.size());
    parallel_for(tree.files.size(), jobs, [&](std::size_t i) {
        if (!tree.files[i].declarations_only) per_file[i] = find_suppressions(tree.files[i]);
    });
    std::map<std::string, std::vector<Suppression>, std::less<>> by_path;
    SuppressionResult result;
    std::vector<Finding> invalid;
    for (std::size_t i = 0; i < tree.files.size(); ++i) {
        const auto& file = tree.files[i];
        auto& suppressions = per_file[i];
        for (auto& suppression : suppressions) {
            check_known(suppression, known_rules);
            if (!suppression.problem.empty()) invalid.push_back(invalid_finding(file, suppression));
        }
        if (!suppressions.empty()) by_path[file.path] = std::move(suppressions);
    }
    // The findings stay where they are; only the suppressed ones move out (a copy of the whole
    // vector would be megabytes of fresh memory on a large tree).
    auto suppressed_by = [&](const Finding& finding) -> const Suppression* {
        auto it = by_path.find(finding.path);
        if (it == by_path.end()) return nullptr;
        for (const auto& suppression : it->second)
            if (covers(suppression, finding)) return &suppression;
        return nullptr;
    };
    std::size_t kept = 0;
    for (auto& finding : findings) {
        if (const Suppression* by = suppressed_by(finding)) {
            ++result.suppressed;
            finding.suppression = FindingSuppression{by->line, by->reason};
            result.suppressed_findings.push_back(std::move(finding));
        } else {
            if (&findings[kept] != &finding) findings[kept] = std::move(finding);
            ++kept;
        }
    }
    findings.erase(findings.begin() + static_cast<std::ptrdiff_t>(kept), findings.end());
    result.kept = std::move(findings);
    for (auto& finding : invalid) result.kept.push_back(std::move(finding));
    return result;
}

}  // namespace patchbay
