#include "rebase/provenance.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <regex>

#include "common/text_lines.hpp"

namespace patchbay {

namespace {

std::string lowered(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

std::string uppered(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return out;
}

void add_matches(std::string_view text, const std::regex& pattern, ClaimKind kind,
                 const std::string& where, std::vector<ProvenanceClaim>& claims) {
    const std::string owned(text);
    for (std::sregex_iterator it(owned.begin(), owned.end(), pattern), end; it != end; ++it) {
        std::string value = (*it).size() > 1 && (*it)[1].matched ? (*it)[1].str() : it->str();
        if (kind == ClaimKind::commit) value = lowered(value);
        if (kind == ClaimKind::cve) value = uppered(value);
        // A run of decimal digits is a date or a number, not a commit id.
        if (kind == ClaimKind::commit && value.find_first_of("abcdef") == std::string::npos)
            continue;
        auto same = [&](const ProvenanceClaim& c) { return c.kind == kind && c.value == value; };
        if (std::none_of(claims.begin(), claims.end(), same))
            claims.push_back({kind, value, where});
    }
}

// The DEP-3 headers that name an origin, and the commits, PRs, CVEs and bugs in them.
void header_claims(std::string_view line, std::vector<ProvenanceClaim>& claims) {
    static const std::regex header(R"(^(Origin|Applied-Upstream|Bug|Forwarded):\s*(.*))",
                                   std::regex::icase);
    static const std::regex commit(R"((?:commit[/=]|\b)([0-9a-fA-F]{12,40})\b)");
    static const std::regex pull(R"((?:pull/|/merge_requests/|\bPR\s*#?)(\d{2,7})\b)",
                                 std::regex::icase);
    static const std::regex bug(R"(https?://\S+)");
    std::cmatch found;
    const std::string owned(without_terminator(line));
    if (!std::regex_match(owned.c_str(), found, header)) return;
    const std::string where = found[1].str() + " header";
    const std::string value = found[2].str();
    add_matches(value, commit, ClaimKind::commit, where, claims);
    add_matches(value, pull, ClaimKind::pull_request, where, claims);
    if (lowered(found[1].str()) == "bug") add_matches(value, bug, ClaimKind::bug, where, claims);
}

// The Subject header with its folded continuation lines, unfolded ("" without one).
std::string subject_of(std::string_view preamble) {
    std::string subject;
    for (auto line : split_lines(preamble)) {
        auto text = without_terminator(line);
        bool folded = !subject.empty() && !text.empty() && (text[0] == ' ' || text[0] == '\t');
        if (folded)
            subject.append(text);
        else if (!subject.empty())
            break;
        else if (text.starts_with("Subject:"))
            subject = text;
    }
    return subject;
}

}  // namespace

std::vector<ProvenanceClaim> provenance_claims(std::string_view preamble, std::string_view name) {
    static const std::regex from_line(R"(^From ([0-9a-f]{40}) )");
    // GitHub's squash merges end the subject with the PR number: "Fix the scale (#23182)".
    static const std::regex subject_pr(R"(^Subject:.*\(#(\d{2,7})\)\s*$)");
    static const std::regex cve(R"(CVE-\d{4}-\d{4,7})", std::regex::icase);
    static const std::regex pr_name(R"((?:^|[-_.])pr[-_]?(\d{2,7})(?:[-_.]|$))", std::regex::icase);
    std::vector<ProvenanceClaim> claims;
    for (auto line : split_lines(preamble)) {
        std::cmatch found;
        const std::string owned(without_terminator(line));
        if (std::regex_search(owned.c_str(), found, from_line))
            claims.push_back({ClaimKind::commit, found[1].str(), "From line"});
        header_claims(line, claims);
    }
    add_matches(subject_of(preamble), subject_pr, ClaimKind::pull_request, "Subject line", claims);
    add_matches(preamble.substr(0, std::min<std::size_t>(preamble.size(), 4096)), cve,
                ClaimKind::cve, "description", claims);
    add_matches(name, cve, ClaimKind::cve, "file name", claims);
    add_matches(name, pr_name, ClaimKind::pull_request, "file name", claims);
    return claims;
}

bool text_confirms(std::string_view text, const ProvenanceClaim& claim) {
    switch (claim.kind) {
        case ClaimKind::commit:
        case ClaimKind::cve:
            return lowered(text).find(lowered(claim.value)) != std::string::npos;
        case ClaimKind::pull_request: {
            const std::regex pr("(#|pull/)" + claim.value + "\\b");
            return std::regex_search(std::string(text), pr);
        }
        case ClaimKind::bug:
            return text.find(claim.value) != std::string_view::npos;
    }
    return false;
}

std::string describe(const ProvenanceClaim& claim) {
    switch (claim.kind) {
        case ClaimKind::commit:
            return fmt::format("{} names commit {}", claim.where, claim.value.substr(0, 12));
        case ClaimKind::pull_request:
            return fmt::format("{} names PR #{}", claim.where, claim.value);
        case ClaimKind::cve:
            return fmt::format("{} names {}", claim.where, claim.value);
        case ClaimKind::bug:
            return fmt::format("{} names {}", claim.where, claim.value);
    }
    return "";
}

}  // namespace patchbay
