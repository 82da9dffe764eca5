// Inline suppressions: where they reach, which rules they name, and that a reason is required.

#include "checks/suppression.hpp"

#include <gtest/gtest.h>

#include "tests/checks/audit_fixture_tree.hpp"

namespace patchbay {
namespace {

Finding at(const std::string& path, std::int64_t line, const std::string& rule) {
    Finding finding;
    finding.rule = rule;
    finding.path = path;
    finding.line = line;
    finding.column = 1;
    return finding;
}

const char* kPython =
    "import os\n"                                                                       // 1
    "a = os.getenv(\"VLLM_A\")  # patchbay: ignore[unregistered-env-read] test only\n"  // 2
    "# patchbay: ignore[raw-env-read, unregistered-env-read] read before envs loads\n"  // 3
    "b = os.getenv(\"VLLM_B\")\n"                                                       // 4
    "c = os.getenv(\"VLLM_C\")\n"                                                       // 5
    "d = os.getenv(\"VLLM_D\")  # patchbay: ignore[unregistered-env-read]\n"            // 6
    "e = \"# patchbay: ignore[unregistered-env-read] in a string\"\n"                   // 7
    "f = os.getenv(\"VLLM_F\")  # patchbay: ignore[raw-env-read] other rule\n";         // 8

AuditTree python_tree() {
    return test_support::make_tree({{"a.py", kPython}});
}

TEST(FindSuppressions, ReadsRulesReasonsAndPositionsFromComments) {
    auto found = find_suppressions(python_tree().files[0]);
    ASSERT_EQ(found.size(), 4u);  // the one inside a string literal is not a comment
    EXPECT_EQ(found[0].line, 2);
    EXPECT_EQ(found[0].column, 26);
    EXPECT_EQ(found[0].rules, std::vector<std::string>{"unregistered-env-read"});
    EXPECT_EQ(found[0].reason, "test only");
    EXPECT_EQ(found[1].line, 3);
    EXPECT_EQ(found[1].column, 1);
    EXPECT_EQ(found[1].rules, (std::vector<std::string>{"raw-env-read", "unregistered-env-read"}));
    EXPECT_EQ(found[1].reason, "read before envs loads");
    EXPECT_EQ(found[2].line, 6);
    EXPECT_EQ(found[2].reason, "");
    EXPECT_NE(found[2].problem, "");
    EXPECT_EQ(found[3].line, 8);
}

// Line 2's comment ends a line of code: it covers line 2 only. Line 3's stands alone: it
// covers line 4 only.
TEST(ApplySuppressions, TrailingCoversItsLineAndAloneCoversTheNext) {
    auto result = apply_suppressions(
        python_tree(),
        {at("a.py", 2, "unregistered-env-read"), at("a.py", 3, "unregistered-env-read"),
         at("a.py", 4, "unregistered-env-read"), at("a.py", 4, "raw-env-read"),
         at("a.py", 5, "unregistered-env-read")});
    EXPECT_EQ(result.suppressed, 3);
    ASSERT_EQ(result.kept.size(), 3u);  // lines 3 and 5, and the invalid suppression on line 6
    EXPECT_EQ(result.kept[0].line, 3);
    EXPECT_EQ(result.kept[1].line, 5);
    EXPECT_EQ(result.kept[2].rule, "invalid-suppression");
}

TEST(ApplySuppressions, ATrailingCommentDoesNotReachTheNextLine) {
    auto tree = test_support::make_tree({{"a.py", "x = 1  # patchbay: ignore[r] why\ny = 2\n"}});
    auto result = apply_suppressions(tree, {at("a.py", 1, "r"), at("a.py", 2, "r")});
    EXPECT_EQ(result.suppressed, 1);
    ASSERT_EQ(result.kept.size(), 1u);
    EXPECT_EQ(result.kept[0].line, 2);
}

TEST(ApplySuppressions, SuppressedFindingsAreKeptWithTheirReason) {
    auto result = apply_suppressions(
        python_tree(), {at("a.py", 2, "unregistered-env-read"), at("a.py", 4, "raw-env-read")});
    ASSERT_EQ(result.suppressed_findings.size(), 2u);
    const auto& first = result.suppressed_findings[0];
    EXPECT_EQ(first.line, 2);
    ASSERT_TRUE(first.suppression.has_value());
    EXPECT_EQ(first.suppression->line, 2);
    EXPECT_EQ(first.suppression->reason, "test only");
    ASSERT_TRUE(result.suppressed_findings[1].suppression.has_value());
    EXPECT_EQ(result.suppressed_findings[1].suppression->line, 3);
    EXPECT_EQ(result.suppressed_findings[1].suppression->reason, "read before envs loads");
    for (const auto& kept : result.kept) EXPECT_FALSE(kept.suppression.has_value());
}

TEST(ApplySuppressions, ASuppressionWithoutAReasonIsReportedAndSuppressesNothing) {
    auto result = apply_suppressions(python_tree(), {at("a.py", 6, "unregistered-env-read")});
    EXPECT_EQ(result.suppressed, 0);
    ASSERT_EQ(result.kept.size(), 2u);
    EXPECT_EQ(result.kept[0].rule, "unregistered-env-read");
    const auto& invalid = result.kept[1];
    EXPECT_EQ(invalid.rule, "invalid-suppression");
    EXPECT_EQ(invalid.severity, Severity::warning);
    EXPECT_EQ(invalid.path, "a.py");
    EXPECT_EQ(invalid.line, 6);
    EXPECT_EQ(invalid.column, 26);
    EXPECT_EQ(invalid.message,
              "a reason is required after ignore[unregistered-env-read]; this suppression "
              "suppresses nothing");
    EXPECT_EQ(invalid.source_line,
              "d = os.getenv(\"VLLM_D\")  # patchbay: ignore[unregistered-env-read]");
}

TEST(ApplySuppressions, OnlyTheNamedRulesAreSuppressed) {
    auto result = apply_suppressions(python_tree(), {at("a.py", 8, "unregistered-env-read")});
    EXPECT_EQ(result.suppressed, 0);
    EXPECT_EQ(result.kept[0].line, 8);
}

TEST(ApplySuppressions, AStringThatLooksLikeASuppressionIsNotOne) {
    auto result = apply_suppressions(python_tree(), {at("a.py", 7, "unregistered-env-read")});
    EXPECT_EQ(result.suppressed, 0);
}

TEST(ApplySuppressions, TwoLinesBelowIsOutOfReach) {
    auto tree = test_support::make_tree({{"a.py", "# patchbay: ignore[r] why\n\nx = 1\n"}});
    auto result = apply_suppressions(tree, {at("a.py", 3, "r")});
    EXPECT_EQ(result.suppressed, 0);
    EXPECT_EQ(result.kept.size(), 1u);
}

TEST(ApplySuppressions, SuppressionsAreReadPerFile) {
    auto tree = test_support::make_tree(
        {{"a.py", "x = 1  # patchbay: ignore[r] why\n"}, {"b.py", "x = 1\n"}});
    auto result = apply_suppressions(tree, {at("b.py", 1, "r")});
    EXPECT_EQ(result.suppressed, 0);
}

TEST(ApplySuppressions, CppUsesLineCommentsNotHashes) {
    auto tree = test_support::make_tree(
        {{"k.cu",
          "#include <cstdlib>  // patchbay: ignore[r] directive line\n"
          "const char* a = getenv(\"VLLM_A\");  // patchbay: ignore[r] set by the launcher\n"
          "const char* b = getenv(\"VLLM_B\");  # patchbay: ignore[r] not a C++ comment\n"
          "const char* c = \"// patchbay: ignore[r] in a string\";\n"}});
    auto found = find_suppressions(tree.files[0]);
    ASSERT_EQ(found.size(), 2u);
    EXPECT_EQ(found[1].line, 2);
    EXPECT_EQ(found[1].column, 36);
    auto result =
        apply_suppressions(tree, {at("k.cu", 2, "r"), at("k.cu", 3, "r"), at("k.cu", 4, "r")});
    EXPECT_EQ(result.suppressed, 1);  // line 2 only: its comment ends a line of code
    ASSERT_EQ(result.kept.size(), 2u);
    EXPECT_EQ(result.kept[0].line, 3);
    EXPECT_EQ(result.kept[1].line, 4);
}

TEST(ApplySuppressions, MissingRuleIdsAreInvalid) {
    auto tree = test_support::make_tree(
        {{"a.py", "x = 1  # patchbay: ignore because\ny = 2  # patchbay: ignore[] why\n"}});
    auto result = apply_suppressions(tree, {at("a.py", 1, "r")});
    EXPECT_EQ(result.suppressed, 0);
    ASSERT_EQ(result.kept.size(), 3u);
    EXPECT_EQ(result.kept[1].message, "suppression without rule ids: write ignore[rule-id] reason");
    EXPECT_EQ(result.kept[2].line, 2);
}

TEST(ApplySuppressions, UnknownRuleIdsAreInvalidWhenTheRulesAreKnown) {
    auto tree =
        test_support::make_tree({{"a.py", "x = 1  # patchbay: ignore[no-such-rule] why\n"}});
    auto result = apply_suppressions(tree, {}, {"raw-env-read"});
    ASSERT_EQ(result.kept.size(), 1u);
    EXPECT_EQ(result.kept[0].message, "suppression names unknown rule 'no-such-rule'");
    EXPECT_TRUE(apply_suppressions(tree, {}).kept.empty());
}

TEST(ApplySuppressions, OtherPatchbayCommentsAreNotSuppressions) {
    auto tree =
        test_support::make_tree({{"a.py", "x = 1  # patchbay: keep in sync with envs.py\n"}});
    EXPECT_TRUE(find_suppressions(tree.files[0]).empty());
}

}  // namespace
}  // namespace patchbay
