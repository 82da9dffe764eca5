// The order every audit format prints findings in (and SARIF counts fingerprint occurrences in),
// and the baseline names of the JSON summary. Expected orders by hand.

#include "checks/audit_report.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace patchbay {
namespace {

Finding at(std::string path, std::int64_t line, std::int64_t column, std::string rule,
           std::string message = "m") {
    Finding finding;
    finding.path = std::move(path);
    finding.line = line;
    finding.column = column;
    finding.rule = std::move(rule);
    finding.message = std::move(message);
    return finding;
}

std::vector<std::string> places(const std::vector<Finding>& findings) {
    std::vector<std::string> out;
    for (const auto& f : findings)
        out.push_back(f.path + ":" + std::to_string(f.line) + ":" + std::to_string(f.column) + " " +
                      f.rule + " " + f.message);
    return out;
}

TEST(SortFindings, ByPathThenLineThenColumnThenRuleThenMessage) {
    std::vector<Finding> findings = {
        at("b.py", 1, 1, "raw-env-read"),
        at("a.py", 10, 1, "raw-env-read"),
        at("a.py", 2, 9, "unregistered-env-read", "z"),
        at("a.py", 2, 9, "unregistered-env-read", "a"),
        at("a.py", 2, 9, "int32-index-stride"),
        at("a.py", 2, 3, "unregistered-env-read"),
    };
    sort_findings(findings);
    EXPECT_EQ(places(findings), (std::vector<std::string>{
                                    "a.py:2:3 unregistered-env-read m",
                                    "a.py:2:9 int32-index-stride m",
                                    "a.py:2:9 unregistered-env-read a",
                                    "a.py:2:9 unregistered-env-read z",
                                    "a.py:10:1 raw-env-read m",  // 10 after 2: numbers, not text
                                    "b.py:1:1 raw-env-read m",
                                }));
}

// Findings equal in all five keep the order they came in (a stable sort): what else tells them
// apart (their related locations, the patch that added the line) stays with them.
TEST(SortFindings, KeepsTheOrderOfFindingsThatTie) {
    std::vector<Finding> findings = {at("b.py", 1, 1, "r"), at("a.py", 4, 2, "r"),
                                     at("a.py", 4, 2, "r"), at("a.py", 4, 2, "r")};
    findings[1].fix_hint = "first";
    findings[2].fix_hint = "second";
    findings[3].fix_hint = "third";
    sort_findings(findings);
    ASSERT_EQ(findings.size(), 4u);
    EXPECT_EQ(findings[0].fix_hint, "first");
    EXPECT_EQ(findings[1].fix_hint, "second");
    EXPECT_EQ(findings[2].fix_hint, "third");
    EXPECT_EQ(findings[3].path, "b.py");
}

TEST(SortFindings, NothingToSort) {
    std::vector<Finding> none;
    sort_findings(none);
    EXPECT_TRUE(none.empty());
}

TEST(AuditBaseline, NamesAsTheJsonSummaryWritesThem) {
    EXPECT_STREQ(to_string(AuditBaseline::none), "none");
    EXPECT_STREQ(to_string(AuditBaseline::upstream), "upstream");
    EXPECT_STREQ(to_string(AuditBaseline::base), "base");
    EXPECT_STREQ(to_string(AuditBaseline::diff), "diff");
}

TEST(AuditReport, IsScopedWhenThereIsABaseline) {
    AuditReport report;
    EXPECT_FALSE(report.scoped());
    for (auto baseline : {AuditBaseline::upstream, AuditBaseline::base, AuditBaseline::diff}) {
        report.baseline = baseline;
        EXPECT_TRUE(report.scoped()) << to_string(baseline);
    }
}

}  // namespace
}  // namespace patchbay
