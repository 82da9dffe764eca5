// End-to-end: audit-kernels on the demo (result tree, --upto), on a folder (--tree, --diff) and
// on a pull request that edits a patch (--base). Expected lines were read off the demo's
// sources by hand (examples/demo: v2 kernel lines 42-43 multiply the block id loaded at 36).
// Also tests tool/cmd_audit_kernels.cpp (through the binary).

#include <gtest/gtest.h>

#include <filesystem>

#include "tests/support/cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::ProcessResult;
using test_support::read_file;
using test_support::run_process;
using test_support::TempDir;
using test_support::write_file;

const char* kBeforeFix = "0005-paged-gather-v2-tests.patch";

using test_support::contains;
using test_support::kDemo;
using test_support::patchbay;

TEST(AuditKernelsDemo, BeforeTheFixBothBugClassesAreFlaggedWithReach) {
    auto result = patchbay({"audit-kernels", "--upto", kBeforeFix, "--format", "json"}, kDemo);
    EXPECT_EQ(result.status, 1) << result.err;
    EXPECT_TRUE(contains(
        result.out,
        R"("rule":"int32-index-stride","severity":"error","path":"vllm/attention/ops/paged_gather_v2.py","line":42)"))
        << result.out;
    EXPECT_TRUE(
        contains(result.out, R"("path":"vllm/attention/ops/paged_gather_v2.py","line":43)"));
    EXPECT_TRUE(contains(result.out, R"("path":"csrc/attention/paged_gather.cuh","line":28)"));
    EXPECT_TRUE(contains(result.out, R"("rule":"unregistered-env-read")"));
    EXPECT_TRUE(contains(result.out, R"("reach":{"first_block":2383)"));
    EXPECT_TRUE(contains(
        result.out, R"("related":[{"path":"vllm/attention/ops/paged_gather_v2.py","line":36)"));
}

// The products of program ids the demo keeps (rows of one request's gathered K and V) are notes:
// its `[audit] max_elements` says those tensors stay below 2^31 elements.
TEST(AuditKernelsDemo, TheWholeSeriesHasNoErrorOrWarning) {
    auto result = patchbay({"audit-kernels"}, kDemo);
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_FALSE(contains(result.out, "error: "));
    EXPECT_FALSE(contains(result.out, "warning: "));
    EXPECT_TRUE(contains(result.out, "note: program id 'lb'"));
    EXPECT_FALSE(contains(result.out, "[unregistered-env-read]"));
}

TEST(AuditKernelsDemo, GithubAndSarifFormats) {
    auto github = patchbay({"audit-kernels", "--upto", kBeforeFix, "--format", "github"}, kDemo);
    EXPECT_EQ(github.status, 1);
    // Located on the line of patch 0003 that adds the multiply (found by grep), under the
    // repository's path to the demo; the result tree's path and line go in the message.
    auto added = run_process({"grep", "-n", "-m1", "-F", "-x", "--",
                              "+    k_src = k_cache_ptr + blk * stride_kb + head * stride_kh",
                              (kDemo / "patches/0003-triton-paged-gather-v2.patch").string()});
    ASSERT_EQ(added.status, 0);
    EXPECT_TRUE(contains(github.out, "patches/0003-triton-paged-gather-v2.patch,line=" +
                                         std::to_string(std::stoi(added.out)) +
                                         ",title=int32-index-stride::"))
        << github.out;
    EXPECT_TRUE(contains(github.out, "(vllm/attention/ops/paged_gather_v2.py:42)"));
    auto sarif = patchbay({"audit-kernels", "--upto", kBeforeFix, "--format", "sarif"}, kDemo);
    EXPECT_EQ(sarif.status, 1);
    EXPECT_TRUE(contains(sarif.out, R"("version":"2.1.0")"));
    EXPECT_TRUE(contains(sarif.out, R"("ruleId":"int32-index-stride")"));
    EXPECT_TRUE(contains(sarif.out, R"("partialFingerprints":{"patchbayFingerprint/v1":")"));
}

TEST(AuditKernelsTree, AuditsAPlainFolderAndScopesADiff) {
    TempDir dir;
    auto tree = dir / "tree";
    fs::copy(kDemo / "upstream", tree, fs::copy_options::recursive);
    ASSERT_EQ(run_process({"patch", "-d", tree.string(), "-p1", "-s", "-i",
                           (kDemo / "patches/0002-kv-int32-block-ids.patch").string()})
                  .status,
              0);
    auto whole = patchbay({"audit-kernels", "--tree", tree.string()}, dir.path());
    EXPECT_EQ(whole.status, 1) << whole.out << whole.err;
    EXPECT_TRUE(contains(whole.out, "csrc/attention/paged_gather.cuh:28:37: error:")) << whole.out;

    // The diff narrows line 27 (the block id read); line 28 (the multiply) is unchanged context,
    // yet the finding is new because the load it names was added.
    auto diff =
        patchbay({"audit-kernels", "--tree", tree.string(), "--diff",
                  (kDemo / "patches/0002-kv-int32-block-ids.patch").string(), "--format", "json"},
                 dir.path());
    EXPECT_EQ(diff.status, 1) << diff.out << diff.err;
    EXPECT_TRUE(contains(diff.out, R"("line":28,"column":37)")) << diff.out;
    EXPECT_TRUE(contains(diff.out, R"("status":"new")"));
    EXPECT_TRUE(contains(diff.out, R"("files":1)"));
    // --diff mode's github format: the new finding is an error on the audited folder's file.
    auto github =
        patchbay({"audit-kernels", "--tree", tree.string(), "--diff",
                  (kDemo / "patches/0002-kv-int32-block-ids.patch").string(), "--format", "github"},
                 dir.path());
    EXPECT_EQ(github.status, 1);
    EXPECT_TRUE(contains(github.out,
                         "::error file=csrc/attention/paged_gather.cuh,line=28,col=37,"
                         "title=int32-index-stride::"))
        << github.out;
}

// Hidden from the findings (and the exit status), but kept for review with the reason.
TEST(AuditKernelsTree, ASuppressionWithAReasonHidesTheFinding) {
    TempDir dir;
    write_file(dir / "t/k.py",
               "import os\n"
               "# patchbay: ignore[unregistered-env-read] set by the launcher before import\n"
               "x = os.environ.get(\"VLLM_LAUNCHER_KNOB\")\n"
               "y = os.environ.get(\"VLLM_OTHER_KNOB\")\n");
    write_file(dir / "t/envs.py", "environment_variables = {\n    \"VLLM_KNOWN\": lambda: 1,\n}\n");
    write_file(dir / "patchbay.toml",
               "[audit.env]\nregistry = \"envs.py\"\ntable = \"environment_variables\"\n"
               "prefix = \"VLLM_\"\n");
    auto result =
        patchbay({"audit-kernels", "--tree", (dir / "t").string(), "--format", "json"}, dir.path());
    EXPECT_EQ(result.status, 1) << result.err;
    auto findings = result.out.substr(0, result.out.find("\"summary\""));
    EXPECT_FALSE(contains(findings, "VLLM_LAUNCHER_KNOB")) << result.out;
    EXPECT_TRUE(contains(findings, "VLLM_OTHER_KNOB"));
    EXPECT_TRUE(contains(result.out, R"("suppressed":1)"));
    EXPECT_TRUE(contains(
        result.out, R"("suppression":{"line":2,"reason":"set by the launcher before import"})"))
        << result.out;
    auto text = patchbay({"audit-kernels", "--tree", (dir / "t").string()}, dir.path());
    EXPECT_FALSE(contains(text.out, "VLLM_LAUNCHER_KNOB")) << text.out;
}

// A pull request that drops the Triton half of the widening patch: its kernel lines come back
// as new findings, while the CUDA finding that base also lacks stays out of scope.
class PullRequest : public ::testing::Test {
  protected:
    void SetUp() override {
        fs::copy(kDemo, repo(), fs::copy_options::recursive);
        git({"init", "-q"});
        git({"add", "-A"});
        git({"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "base"});
        auto patch = repo() / "patches/0006-widen-block-ids.patch";
        auto text = read_file(patch);
        auto begin = text.find("diff --git a/vllm/attention/ops/paged_gather_v2.py");
        auto end = text.find("diff --git a/vllm/envs.py");
        ASSERT_NE(begin, std::string::npos);
        ASSERT_NE(end, std::string::npos);
        write_file(patch, text.substr(0, begin) + text.substr(end));
    }
    fs::path repo() const { return dir.path() / "series"; }
    void git(std::vector<std::string> args) {
        args.insert(args.begin(), {"git", "-C", repo().string()});
        ASSERT_EQ(run_process(args).status, 0);
    }
    TempDir dir;
};

TEST_F(PullRequest, FindingsTheChangedPatchBringsBackAreNew) {
    auto result = patchbay({"audit-kernels", "--base", "HEAD", "--format", "json"}, repo());
    EXPECT_EQ(result.status, 1) << result.out << result.err;
    EXPECT_TRUE(contains(result.out,
                         R"("path":"vllm/attention/ops/paged_gather_v2.py","line":42,"column":31)"))
        << result.out;
    EXPECT_TRUE(contains(result.out, R"("status":"new")"));
    EXPECT_FALSE(contains(result.out, R"("path":"csrc/attention/paged_gather.cuh")"));
    // Lines 42 and 43 are new; the raw-env-read note on the knob exists at base too.
    EXPECT_TRUE(contains(result.out, R"("new":2)")) << result.out;
}

TEST_F(PullRequest, WithoutChangesNothingIsNew) {
    git({"checkout", "-q", "--", "."});
    auto result = patchbay({"audit-kernels", "--base", "HEAD", "--format", "json"}, repo());
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, R"("new":0)")) << result.out;
}

TEST_F(PullRequest, AnUnknownBaseIsBadInput) {
    auto result = patchbay({"audit-kernels", "--base", "no-such-rev"}, repo());
    EXPECT_EQ(result.status, 2);
    EXPECT_TRUE(contains(result.err, "no-such-rev")) << result.err;
}

}  // namespace
}  // namespace patchbay
