// Rule raw-env-read: registered names read straight from os.environ in Python.

#include <gtest/gtest.h>

#include "checks/rules/rule.hpp"
#include "tests/checks/audit_fixture_tree.hpp"

namespace patchbay {

std::unique_ptr<Rule> make_raw_env_read_rule();

namespace {

const char* kRegistry =
    "import os\n"
    "environment_variables = {\n"
    "    \"VLLM_A\": lambda: os.getenv(\"VLLM_A\"),\n"
    "    \"VLLM_B\": lambda: int(os.environ.get(\"VLLM_B\", \"0\")),\n"
    "}\n";

AuditConfig config() {
    AuditConfig c;
    c.env_registry = "pkg/envs.py";
    c.env_table = "environment_variables";
    c.env_prefix = "VLLM_";
    return c;
}

std::vector<Finding> check(const std::map<std::string, std::string>& files,
                           const AuditConfig& c = config()) {
    auto tree = test_support::make_tree(files);
    std::vector<Finding> findings;
    make_raw_env_read_rule()->check(tree, c, findings);
    return findings;
}

TEST(RawEnvRead, FlagsARegisteredNameReadFromOsEnviron) {
    auto findings = check({{"pkg/envs.py", kRegistry},
                           {"pkg/a.py", "import os\n\nif \"VLLM_B\" in os.environ:\n    pass\n"}});
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].rule, "raw-env-read");
    EXPECT_EQ(findings[0].severity, Severity::note);
    EXPECT_EQ(findings[0].path, "pkg/a.py");
    EXPECT_EQ(findings[0].line, 3);
    EXPECT_EQ(findings[0].column, 4);
    EXPECT_EQ(findings[0].message, "read 'VLLM_B' through pkg.envs instead of os.environ");
    ASSERT_EQ(findings[0].related.size(), 1u);
    EXPECT_EQ(findings[0].related[0].path, "pkg/envs.py");
    EXPECT_EQ(findings[0].related[0].line, 2);
    EXPECT_EQ(findings[0].fix_hint,
              "import pkg.envs and use pkg.envs.VLLM_B (the registry parses and defaults it in "
              "one place)");
}

// vLLM sets registered variables for its workers (`os.environ["VLLM_..."] = ...`, cpu_worker.py)
// and removes them: neither reads the variable. An augmented assignment does.
TEST(RawEnvRead, WritesAndDeletionsAreNotReads) {
    auto findings = check({{"pkg/envs.py", kRegistry},
                           {"pkg/a.py",
                            "import os\n"
                            "os.environ[\"VLLM_A\"] = \"1\"\n"
                            "os.environ['VLLM_B'] = os.environ[\"VLLM_A\"] = \"2\"\n"
                            "del os.environ[\"VLLM_A\"]\n"
                            "os.environ[\"VLLM_B\"] += \":x\"\n"
                            "same = os.environ[\"VLLM_A\"] == \"1\"\n"}});
    ASSERT_EQ(findings.size(), 2u);
    EXPECT_EQ(findings[0].line, 5);
    EXPECT_EQ(findings[1].line, 6);
}

TEST(RawEnvRead, LeavesUnregisteredNamesToTheOtherRule) {
    EXPECT_TRUE(
        check({{"pkg/envs.py", kRegistry}, {"pkg/a.py", "import os\nx = os.getenv(\"VLLM_C\")\n"}})
            .empty());
}

TEST(RawEnvRead, TheRegistryFileItselfIsExempt) {
    EXPECT_TRUE(check({{"pkg/envs.py", kRegistry}}).empty());
}

TEST(RawEnvRead, CppReadsOfRegisteredNamesAreFine) {
    EXPECT_TRUE(check({{"pkg/envs.py", kRegistry},
                       {"csrc/a.cu", "const char* a = std::getenv(\"VLLM_A\");\n"}})
                    .empty());
}

TEST(RawEnvRead, AllowedNamesAreNotFlagged) {
    auto c = config();
    c.env_allow = {"VLLM_A"};
    auto findings = check(
        {
            {"pkg/envs.py", kRegistry},
            {"pkg/a.py",
             "import os\nx = os.getenv(\"VLLM_A\")\n"
             "y = os.environ[\"VLLM_B\"]\n"},
        },
        c);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].line, 3);
}

TEST(RawEnvRead, PackageInitRegistryNamesThePackage) {
    auto c = config();
    c.env_registry = "pkg/envs/__init__.py";
    auto findings = check({{"pkg/envs/__init__.py", kRegistry},
                           {"pkg/a.py", "from os import getenv\nx = getenv(\"VLLM_A\")\n"}},
                          c);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].message, "read 'VLLM_A' through pkg.envs instead of os.environ");
}

TEST(RawEnvRead, IsOffWithoutARegistry) {
    auto c = config();
    c.env_registry.clear();
    EXPECT_TRUE(
        check({{"pkg/envs.py", kRegistry}, {"pkg/a.py", "import os\nx = os.getenv(\"VLLM_A\")\n"}},
              c)
            .empty());
}

TEST(RawEnvRead, DemoSeriesReadsGatherSplitsRawOnceRegistered) {
    Config demo;
    auto tree = test_support::demo_result_tree("", &demo);
    std::vector<Finding> findings;
    make_raw_env_read_rule()->check(tree, demo.audit, findings);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].path, "vllm/attention/ops/paged_gather_v2.py");
    EXPECT_EQ(findings[0].line, 62);  // line 61 at 0003; 0006 adds a comment above it
    EXPECT_EQ(findings[0].message,
              "read 'VLLM_GATHER_SPLITS' through vllm.envs instead of os.environ");
}

}  // namespace
}  // namespace patchbay
