// run_audit over a tree of many files: the same findings, in the same order, on 1 thread and on
// 4; and the pre-filters that skip files do not skip a file that can match.

#include <gtest/gtest.h>

#include <tuple>

#include "checks/audit.hpp"
#include "tests/checks/audit_fixture_tree.hpp"

namespace patchbay {
namespace {

using test_support::expected_lines;
using test_support::finding_lines;

// Both rule fixture folders in one tree: the int32 kernels under k/, the env fixture at the root
// (its registry is vllm/envs.py).
AuditTree audit_fixture_tree() {
    auto root = test_support::source_dir() / "tests/fixtures/checks";
    auto kernels = test_support::load_fixture_tree(root / "int32-index-stride");
    auto env = test_support::load_fixture_tree(root / "unregistered-env-read");
    std::map<std::string, std::string> files;
    for (const auto& file : kernels.files) files["k/" + file.path] = file.text;
    for (const auto& file : env.files) files[file.path] = file.text;
    return test_support::make_tree(files);
}

AuditConfig env_config() {
    AuditConfig config;
    config.env_registry = "vllm/envs.py";
    config.env_table = "environment_variables";
    config.env_prefix = "VLLM_";
    config.env_allow = {"VLLM_ALLOWED_BY_CONFIG", "VLLM_ALLOWED_PATTERN_*"};
    return config;
}

std::vector<Finding> of_rule(const std::vector<Finding>& findings, const std::string& rule) {
    std::vector<Finding> kept;
    for (const auto& finding : findings)
        if (finding.rule == rule) kept.push_back(finding);
    return kept;
}

auto identity(const Finding& f) {
    return std::tie(f.rule, f.path, f.line, f.column, f.message, f.source_line, f.fix_hint);
}

TEST(RunAudit, OneAndFourThreadsGiveTheSameFindingsInTheSameOrder) {
    auto tree = audit_fixture_tree();
    ASSERT_GT(tree.files.size(), 40u);
    auto one = run_audit(tree, env_config(), nullptr, 1);
    auto four = run_audit(tree, env_config(), nullptr, 4);
    // The fixtures' own `expect:` comments are the oracle for what is found at all.
    EXPECT_EQ(finding_lines(of_rule(one.findings, "int32-index-stride")),
              expected_lines(tree, "int32-index-stride"));
    EXPECT_EQ(finding_lines(of_rule(one.findings, "unregistered-env-read")),
              expected_lines(tree, "unregistered-env-read"));
    ASSERT_EQ(one.findings.size(), four.findings.size());
    for (std::size_t i = 0; i < one.findings.size(); ++i)
        EXPECT_EQ(identity(one.findings[i]), identity(four.findings[i])) << "finding " << i;
    EXPECT_EQ(one.summary.files, four.summary.files);
    EXPECT_EQ(one.summary.suppressed, four.summary.suppressed);
}

TEST(RunAudit, AnIndexTablePatternThatStartsWithAWildcardIsNotPreFiltered) {
    auto tree = test_support::make_tree({{"k.cu",
                                          "__global__ void k(float* out, const float* cache,\n"
                                          "                  const int* my_tbl, int stride) {\n"
                                          "  int b = my_tbl[blockIdx.x];\n"
                                          "  out[threadIdx.x] = cache[b * stride];\n"
                                          "}\n"}});
    AuditConfig config;
    config.index_tables = {"*_tbl"};
    auto report = run_audit(tree, config, nullptr, 2);
    ASSERT_EQ(report.findings.size(), 1u);
    EXPECT_EQ(report.findings[0].rule, "int32-index-stride");
    EXPECT_EQ(report.findings[0].line, 4);
    EXPECT_EQ(report.findings[0].column, 30);
}

TEST(RunAudit, AnEnvReadThroughAnAliasedImportIsNotPreFiltered) {
    auto tree =
        test_support::make_tree({{"pkg/envs.py", "environment_variables = {\"VLLM_A\": 1}\n"},
                                 {"pkg/b.py",
                                  "from os import getenv as g\n"
                                  "x = g(\"VLLM_B\")\n"}});
    AuditConfig config;
    config.env_registry = "pkg/envs.py";
    config.env_table = "environment_variables";
    config.env_prefix = "VLLM_";
    auto report = run_audit(tree, config, nullptr, 2);
    ASSERT_EQ(report.findings.size(), 1u);
    EXPECT_EQ(report.findings[0].rule, "unregistered-env-read");
    EXPECT_EQ(report.findings[0].path, "pkg/b.py");
    EXPECT_EQ(report.findings[0].line, 2);
}

// A header read for its declarations only: its struct gives gather.cu's stride its width (a
// finding there), but nothing in it is reported, not even the same product in a kernel of its
// own or a malformed suppression comment, and it is not counted as an audited file.
TEST(RunAudit, AHeaderReadForItsDeclarationsIsNeverReported) {
    const std::string kernel =
        "__global__ void g(const int* block_table, GatherParams p, float* out) {\n"
        "  int b = block_table[blockIdx.x];\n  out[b * p.stride] = 0.f;\n}\n";
    auto tree =
        test_support::make_tree({{"csrc/gather.cu", "#include \"params.h\"\n" + kernel},
                                 {"csrc/params.h",
                                  "struct GatherParams {\n  uint32_t stride;\n};\n// patchbay: "
                                  "ignore[no-such-rule]\n" +
                                      kernel}});
    tree.files[1].declarations_only = true;
    auto report = run_audit(tree, AuditConfig{});
    ASSERT_EQ(report.findings.size(), 1u);
    EXPECT_EQ(report.findings[0].path, "csrc/gather.cu");
    EXPECT_EQ(report.findings[0].line, 4);
    EXPECT_EQ(report.summary.files, 1);
}

}  // namespace
}  // namespace patchbay
