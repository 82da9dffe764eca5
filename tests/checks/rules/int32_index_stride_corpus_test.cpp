// Rule int32-index-stride on real code (tests/fixtures/audit_corpus/SOURCES.md): merged fixes of
// the bug class in public inference engines, before and after, and real safe kernels. The
// table of sources is always checked; the files themselves are other projects' code, written
// out by tests/fixtures/audit_corpus/fetch_corpus.sh, and the test says it is skipped when they
// are not there.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "checks/rules/rule.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;

const fs::path kCorpusTable =
    fs::path(PATCHBAY_SOURCE_DIR) / "tests/fixtures/audit_corpus/corpus.tsv";

struct CorpusEntry {
    std::string id;
    bool fix = false;
    std::string repo, commit, path;
    std::set<std::int64_t> fixed_before, fixed_after;
};

// "46-47,60" -> {46, 47, 60}; "-" -> {}.
std::set<std::int64_t> parse_lines(const std::string& text) {
    std::set<std::int64_t> lines;
    if (text == "-") return lines;
    std::stringstream in(text);
    std::string part;
    while (std::getline(in, part, ',')) {
        auto dash = part.find('-');
        std::int64_t first = std::stoll(part.substr(0, dash));
        std::int64_t last = dash == std::string::npos ? first : std::stoll(part.substr(dash + 1));
        for (auto line = first; line <= last; ++line) lines.insert(line);
    }
    return lines;
}

std::vector<CorpusEntry> read_table() {
    std::vector<CorpusEntry> entries;
    std::stringstream in(test_support::read_file(kCorpusTable));
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> fields;
        std::stringstream row(line);
        std::string field;
        while (std::getline(row, field, '\t')) fields.push_back(field);
        EXPECT_EQ(fields.size(), 8u) << line;
        if (fields.size() != 8) continue;
        entries.push_back({fields[0], fields[1] == "fix", fields[2], fields[3], fields[4],
                           parse_lines(fields[6]), parse_lines(fields[7])});
    }
    return entries;
}

fs::path corpus_folder() {
    if (const char* env = std::getenv("PATCHBAY_AUDIT_CORPUS")) return env;
    return fs::path(PATCHBAY_BINARY).parent_path() / "audit_corpus";
}

std::vector<Finding> findings_in(const fs::path& file) {
    AuditTree tree;
    auto name = file.filename().string();
    tree.files.push_back(SourceFile{name, test_support::read_file(file), language_of(name)});
    std::vector<Finding> findings;
    for (const auto& rule : all_rules())
        if (rule->id() == "int32-index-stride") rule->check(tree, AuditConfig{}, findings);
    return findings;
}

// The finding's line or the line of a load it names (where `.to(tl.int64)` goes) is one of
// `lines`.
bool at_any(const Finding& finding, const std::set<std::int64_t>& lines) {
    if (lines.count(finding.line)) return true;
    for (const auto& related : finding.related)
        if (lines.count(related.line)) return true;
    return false;
}

bool any_at(const std::vector<Finding>& findings, const std::set<std::int64_t>& lines) {
    for (const auto& finding : findings)
        if (at_any(finding, lines)) return true;
    return false;
}

TEST(Int32IndexStrideCorpus, TheTableHoldsFifteenFixesInBothLanguagesAndTenSafeKernels) {
    int fixes = 0, safe = 0, cuda_fixes = 0, triton_fixes = 0;
    std::set<std::string> ids;
    for (const auto& entry : read_table()) {
        EXPECT_TRUE(ids.insert(entry.id).second) << entry.id;
        EXPECT_EQ(entry.commit.size(), 40u) << entry.id;
        if (!entry.fix) {
            ++safe;
            continue;
        }
        ++fixes;
        (language_of(entry.path) == Language::python ? triton_fixes : cuda_fixes)++;
        EXPECT_FALSE(entry.fixed_before.empty()) << entry.id;
        EXPECT_FALSE(entry.fixed_after.empty()) << entry.id;
    }
    EXPECT_GE(fixes, 15);
    EXPECT_GE(triton_fixes, 1);
    EXPECT_GE(cuda_fixes, 1);
    EXPECT_GE(safe, 10);
}

TEST(Int32IndexStrideCorpus, FixesAreCaughtWhereTheyChangedAndSafeKernelsAreClean) {
    auto folder = corpus_folder();
    if (!fs::exists(folder))
        GTEST_SKIP() << "no corpus at " << folder
                     << ": write it with tests/fixtures/audit_corpus/fetch_corpus.sh MIRRORS "
                     << folder << " or set PATCHBAY_AUDIT_CORPUS";
    int fixes = 0, caught = 0, clean_after = 0, safe = 0, safe_flagged = 0;
    for (const auto& entry : read_table()) {
        auto name = fs::path(entry.path).filename().string();
        auto dir = folder / entry.id;
        if (!entry.fix) {
            ASSERT_TRUE(fs::exists(dir / name)) << dir / name;
            auto findings = findings_in(dir / name);
            ++safe;
            if (findings.empty()) continue;
            ++safe_flagged;  // at most one is allowed: named, not failed here
            std::cout << "safe kernel " << entry.id << " " << entry.path << ": " << findings[0].line
                      << ": " << findings[0].message << "\n";
            continue;
        }
        ASSERT_TRUE(fs::exists(dir / ("before." + name))) << dir;
        ++fixes;
        bool hit = any_at(findings_in(dir / ("before." + name)), entry.fixed_before);
        bool still = any_at(findings_in(dir / ("after." + name)), entry.fixed_after);
        caught += hit ? 1 : 0;
        clean_after += still ? 0 : 1;
        EXPECT_TRUE(hit) << entry.id << " " << entry.repo << " " << entry.path;
        EXPECT_FALSE(still) << entry.id << " " << entry.repo << " " << entry.path;
    }
    std::cout << "corpus: " << caught << " of " << fixes << " fixes caught at a fixed line before, "
              << clean_after << " of " << fixes << " clean there after; " << safe_flagged << " of "
              << safe << " safe kernels with a finding\n";
    EXPECT_GE(caught * 10, fixes * 9);  // at least 90 %
    EXPECT_EQ(clean_after, fixes);
    EXPECT_LE(safe_flagged, 1);
}

}  // namespace
}  // namespace patchbay
