// Rule unregistered-env-read on its fixture tree (every `expect:` line and no other) and on the
// demo series, where patch 0003 reads VLLM_GATHER_SPLITS before patch 0006 registers it.
// Also tests checks/env_registry.cpp, checks/prefixed_env_reads.cpp, checks/string_literal.cpp,
// checks/python/python_env_reads.cpp and checks/cpp/cpp_env_reads.cpp (through the rule).

#include <gtest/gtest.h>

#include "checks/rules/rule.hpp"
#include "tests/checks/audit_fixture_tree.hpp"

namespace patchbay {

std::unique_ptr<Rule> make_unregistered_env_read_rule();

namespace {

using test_support::expected_lines;
using test_support::finding_lines;

const char* kRule = "unregistered-env-read";

AuditConfig fixture_config() {
    AuditConfig config;
    config.env_registry = "vllm/envs.py";
    config.env_table = "environment_variables";
    config.env_prefix = "VLLM_";
    config.env_allow = {"VLLM_ALLOWED_BY_CONFIG", "VLLM_ALLOWED_PATTERN_*"};
    return config;
}

AuditTree env_fixture_tree() {
    return test_support::load_fixture_tree(test_support::source_dir() /
                                           "tests/fixtures/checks/unregistered-env-read");
}

std::vector<Finding> check(const AuditTree& tree, const AuditConfig& config) {
    std::vector<Finding> findings;
    make_unregistered_env_read_rule()->check(tree, config, findings);
    return findings;
}

TEST(UnregisteredEnvRead, FlagsExactlyTheExpectedLinesOfTheFixtureTree) {
    auto tree = env_fixture_tree();
    auto expected = expected_lines(tree, kRule);
    ASSERT_EQ(expected.size(), 23u);  // 18 Python reads, 5 C/C++ reads
    EXPECT_EQ(finding_lines(check(tree, fixture_config())), expected);
}

TEST(UnregisteredEnvRead, FindingCarriesMessageLocationRegistryAndFix) {
    auto tree = env_fixture_tree();
    auto findings = check(tree, fixture_config());
    auto it = std::find_if(findings.begin(), findings.end(), [](const Finding& f) {
        return f.path == "vllm/positive.py" && f.line == 8;
    });
    ASSERT_NE(it, findings.end());
    EXPECT_EQ(it->rule, kRule);
    EXPECT_EQ(it->severity, Severity::warning);
    EXPECT_EQ(it->column, 20);
    EXPECT_EQ(it->message,
              "environment variable 'VLLM_POS_GET' is read here but is not registered in "
              "vllm/envs.py (environment_variables)");
    EXPECT_EQ(it->fix_hint,
              "add 'VLLM_POS_GET' to environment_variables in vllm/envs.py, or read it through "
              "vllm.envs");
    EXPECT_EQ(it->source_line,
              "a = os.environ.get(\"VLLM_POS_GET\")  # expect: unregistered-env-read");
    ASSERT_EQ(it->related.size(), 1u);
    EXPECT_EQ(it->related[0].path, "vllm/envs.py");
    EXPECT_EQ(it->related[0].line, 14);
    EXPECT_EQ(it->related[0].message, "registry table here");
}

TEST(UnregisteredEnvRead, CppFindingPointsAtTheNameLiteral) {
    auto findings = check(env_fixture_tree(), fixture_config());
    auto it = std::find_if(findings.begin(), findings.end(), [](const Finding& f) {
        return f.path == "csrc/reads.cu" && f.line == 8;
    });
    ASSERT_NE(it, findings.end());
    EXPECT_EQ(it->column, 33);
    EXPECT_NE(it->message.find("'VLLM_CPP_STD'"), std::string::npos);
}

TEST(UnregisteredEnvRead, IsOffWithoutRegistryPrefixOrTable) {
    auto tree = env_fixture_tree();
    for (auto blank :
         {&AuditConfig::env_registry, &AuditConfig::env_prefix, &AuditConfig::env_table}) {
        auto config = fixture_config();
        config.*blank = "";
        EXPECT_TRUE(check(tree, config).empty());
    }
}

TEST(UnregisteredEnvRead, IsOffWhenTheRegistryFileIsNotInTheTree) {
    auto config = fixture_config();
    config.env_registry = "vllm/missing_envs.py";
    EXPECT_TRUE(check(env_fixture_tree(), config).empty());
}

TEST(UnregisteredEnvRead, RegistryWithoutTheTablePointsAtLineOneAndFlagsEveryRead) {
    auto tree = test_support::make_tree({{"envs.py", "\"\"\"no table\"\"\"\nother = {}\n"},
                                         {"a.py", "import os\nx = os.getenv(\"VLLM_A\")\n"}});
    auto config = fixture_config();
    config.env_registry = "envs.py";
    auto findings = check(tree, config);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].line, 2);
    ASSERT_EQ(findings[0].related.size(), 1u);
    EXPECT_EQ(findings[0].related[0].line, 1);
    EXPECT_EQ(findings[0].related[0].path, "envs.py");
}

TEST(UnregisteredEnvRead, DemoPatch0003ReadsGatherSplitsBeforeItIsRegistered) {
    auto config = Config{};
    auto tree = test_support::demo_result_tree("0003-triton-paged-gather-v2.patch", &config);
    auto findings = check(tree, config.audit);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].path, "vllm/attention/ops/paged_gather_v2.py");
    EXPECT_EQ(findings[0].line, 61);
    EXPECT_EQ(findings[0].column, 33);
    EXPECT_EQ(findings[0].message,
              "environment variable 'VLLM_GATHER_SPLITS' is read here but is not registered in "
              "vllm/envs.py (environment_variables)");
    EXPECT_EQ(findings[0].source_line,
              "    splits = int(os.environ.get(\"VLLM_GATHER_SPLITS\", \"1\"))");
}

TEST(UnregisteredEnvRead, DemoAfterPatch0006HasNoFinding) {
    auto config = Config{};
    auto tree = test_support::demo_result_tree("", &config);
    ASSERT_NE(tree.find("vllm/attention/ops/paged_gather_v2.py"), nullptr);
    EXPECT_TRUE(check(tree, config.audit).empty());
}

TEST(UnregisteredEnvRead, DemoUpstreamReadsOnlyRegisteredNames) {
    auto config = Config{};
    auto tree = test_support::demo_result_tree("0002-kv-int32-block-ids.patch", &config);
    EXPECT_TRUE(check(tree, config.audit).empty());
}

// Two trees audited one after the other on one thread, with a file of the same path and size
// but another text: the second gets its own reads (nothing about a file is kept from one
// audit to the next).
TEST(UnregisteredEnvRead, SamePathAndSizeWithAnotherTextGetsItsOwnReads) {
    auto config = fixture_config();
    config.env_registry = "envs.py";
    const char* registry = "environment_variables = {}\n";
    auto first = test_support::make_tree(
        {{"envs.py", registry}, {"a.py", "import os\nx = os.getenv(\"VLLM_A\")\n"}});
    auto second = test_support::make_tree(
        {{"envs.py", registry}, {"a.py", "import os\nx = os.getenv(\"VLLM_B\")\n"}});
    ASSERT_EQ(check(first, config).size(), 1u);
    auto findings = check(second, config);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_NE(findings[0].message.find("'VLLM_B'"), std::string::npos) << findings[0].message;
}

}  // namespace
}  // namespace patchbay
