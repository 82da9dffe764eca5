// End-to-end: `patchbay repro` and `patchbay verify` on copies of the demo. The reproducers here
// are command entries: real programs that look at the result tree, no GPU involved.
// Also tests tool/cmd_repro.cpp, tool/cmd_verify.cpp, tool/verify_report.cpp,
// tool/repro_report_text.cpp, tool/repro_report_json.cpp, tool/repro_report_junit.cpp and
// kernels/result_tree.cpp (the tree the reproducers read), through the binary.

#include <gtest/gtest.h>

#include <filesystem>

#include "tests/support/cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::contains;
using test_support::kDemo;
using test_support::ProcessResult;
using test_support::read_file;
using test_support::run_process;
using test_support::TempDir;
using test_support::write_file;

// Passes only when the gather widens block ids before the multiply (patch 0006).
const char* kWidenedCheck =
    "\n[[repro]]\nname = \"widened\"\ncommand = [\"sh\", \"-c\", \"grep -q "
    "'static_cast<int64_t>(block_id)' \\\"$PATCHBAY_RESULT/csrc/attention/paged_gather.cuh\\\"\"]\n"
    "timeout = 30\n";
// Skips as a reproducer without a GPU does: exit 77 with its reason in the JSON line.
const char* kNoGpu =
    "\n[[repro]]\nname = \"needs-gpu\"\ncommand = [\"sh\", \"-c\", \"echo "
    "'{\\\"skip\\\": \\\"no CUDA device\\\"}'; exit 77\"]\ntimeout = 30\n";
const char* kHang = "\n[[repro]]\nname = \"hang\"\ncommand = [\"sleep\", \"5\"]\ntimeout = 1\n";

class ReproCli : public ::testing::Test {
  protected:
    void SetUp() override {
        fs::copy(kDemo, demo(), fs::copy_options::recursive);
        fs::remove_all(demo() / ".patchbay-cache");
    }
    fs::path demo() const { return dir.path() / "demo"; }
    void add_to_config(const std::string& text) {
        write_file(demo() / "patchbay.toml", read_file(demo() / "patchbay.toml") + text);
    }
    // The demo's CUDA entry needs nvcc and a GPU; these tests are about the command entries.
    void command_entries_only(const std::string& text) {
        auto config = read_file(demo() / "patchbay.toml");
        config = config.substr(0, config.find("[[repro]]"));
        write_file(demo() / "patchbay.toml", config + text);
    }
    ProcessResult patchbay(std::vector<std::string> args) {
        args.insert(args.begin(), PATCHBAY_BINARY);
        return run_process(args, demo());
    }
    TempDir dir;
};

TEST_F(ReproCli, ListsTheConfiguredReproducers) {
    add_to_config(kHang);
    auto result = patchbay({"repro", "--list"});
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_EQ(result.out,
              "paged-gather-bigpool\tcuda\t../../kernels/paged_gather_bigpool.cu\n"
              "hang\tcommand\tsleep 5\n");
}

TEST_F(ReproCli, RunsCommandEntriesAgainstTheResultTree) {
    command_entries_only(kWidenedCheck);
    auto result = patchbay({"repro"});
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "OK   widened: exit 0 after")) << result.out;
    EXPECT_TRUE(contains(result.out, "result: 1 OK, 0 FAIL, 0 SKIP"));
}

TEST_F(ReproCli, AHangingReproducerFailsAtItsTimeout) {
    command_entries_only(kHang);
    auto result = patchbay({"repro", "hang"});
    EXPECT_EQ(result.status, 1) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "FAIL hang: timed out after 1s")) << result.out;
}

TEST_F(ReproCli, AnUnknownNameIsBadInput) {
    auto result = patchbay({"repro", "nope"});
    EXPECT_EQ(result.status, 2);
    EXPECT_TRUE(contains(result.err, "no [[repro]] named 'nope'")) << result.err;
}

TEST_F(ReproCli, TheWideningPatchDiscriminates) {
    command_entries_only(kWidenedCheck);
    auto result = patchbay({"repro", "--arms", "0006-widen-block-ids.patch"});
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(contains(result.out,
                         "arms: A = up to 0005-paged-gather-v2-tests.patch, B = up to "
                         "0006-widen-block-ids.patch"))
        << result.out;
    EXPECT_TRUE(contains(result.out, "  -> discriminates (FAIL -> OK)"));
}

TEST_F(ReproCli, APatchThatDoesNotFlipExitsOne) {
    command_entries_only(kWidenedCheck);
    auto result = patchbay({"repro", "--arms", "0005-paged-gather-v2-tests.patch"});
    EXPECT_EQ(result.status, 1) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "  -> does not discriminate (FAIL -> FAIL)")) << result.out;
}

TEST_F(ReproCli, ArmsOfASkippedPatchIsBadInput) {
    command_entries_only(kWidenedCheck);
    auto result = patchbay({"repro", "--arms", "dflash2-backport.patch"});
    EXPECT_EQ(result.status, 2);
    EXPECT_TRUE(
        contains(result.err, "dflash2-backport.patch is skipped (native upstream since 0.28.0)"))
        << result.err;
}

TEST_F(ReproCli, JsonAndJunitReports) {
    command_entries_only(std::string(kWidenedCheck) + kHang);
    auto json = patchbay({"repro", "--format", "json"});
    EXPECT_EQ(json.status, 1);
    EXPECT_TRUE(
        contains(json.out, R"({"name":"hang","status":"FAIL","detail":"timed out after 1s")"))
        << json.out;
    auto junit = patchbay({"repro", "--format", "junit"});
    EXPECT_TRUE(contains(
        junit.out, R"(<testsuite name="repro" tests="2" failures="1" errors="0" skipped="0">)"))
        << junit.out;
    EXPECT_TRUE(contains(junit.out, R"(<failure message="timed out after 1s"/>)"));
}

TEST_F(ReproCli, BenchAlternatesTheArmsAndReportsTheRatio) {
    // A stand-in for the reproducer's bench mode: prints the JSON line the runner reads; arm B
    // (the widened tree) reports 2 ms, arm A 1 ms, with no spread: a real difference.
    command_entries_only(
        "\n[[repro]]\nname = \"timed\"\ncommand = [\"sh\", \"-c\", \"if grep -q "
        "'static_cast<int64_t>(block_id)' "
        "\\\"$PATCHBAY_RESULT/csrc/attention/paged_gather.cuh\\\"; "
        "then echo '{\\\"median_ms\\\":2}'; else echo '{\\\"median_ms\\\":1}'; fi; echo \\\"$1 "
        "$2\\\" >&2\", \"timed\"]\n");
    auto result = patchbay({"repro", "--arms", "0004-utils-package.patch", "--bench", "3"});
    EXPECT_TRUE(contains(result.out, "bench timed (3 repetitions, arms alternated; ms per launch)"))
        << result.out;
    EXPECT_TRUE(contains(result.out, "  A median 1.0000 ms"));
    result = patchbay({"repro", "--arms", "0006-widen-block-ids.patch", "--bench", "3"});
    EXPECT_TRUE(contains(result.out, "  A median 1.0000 ms, IQR 1.0000-1.0000")) << result.out;
    EXPECT_TRUE(contains(result.out, "  B median 2.0000 ms"));
    EXPECT_TRUE(contains(result.out, "  B/A 2.000: B is slower"));
}

TEST_F(ReproCli, VerifyPrintsEverySectionAndASummary) {
    command_entries_only(kWidenedCheck);
    auto result = patchbay({"verify"});
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "== check-series ==\n"));
    EXPECT_TRUE(contains(result.out, "== audit-kernels ==\n"));
    EXPECT_TRUE(contains(result.out, "== repro ==\n"));
    EXPECT_TRUE(contains(result.out, "check-series   OK\n"));
    EXPECT_TRUE(contains(result.out, "repro          OK\n"));
    EXPECT_TRUE(contains(result.out, "verify: OK (exit 0)")) << result.out;
}

TEST_F(ReproCli, VerifySaysSkipWhenEveryReproducerSkipped) {
    command_entries_only(kNoGpu);
    auto result = patchbay({"verify"});
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "repro          SKIP (no CUDA device)\n")) << result.out;
    EXPECT_FALSE(contains(result.out, "repro          OK")) << result.out;
    EXPECT_TRUE(contains(result.out, "verify: OK (exit 0); skipped: repro\n")) << result.out;
    auto junit = patchbay({"verify", "--format", "junit"});
    EXPECT_EQ(junit.status, 0);
    EXPECT_TRUE(contains(junit.out, "<skipped")) << junit.out;
}

TEST_F(ReproCli, VerifySaysSkipWithoutReproducers) {
    command_entries_only("");
    auto result = patchbay({"verify"});
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "repro          SKIP (no [[repro]] entries)\n")) << result.out;
}

TEST_F(ReproCli, VerifySaysOkWhenOneRanAndOneSkipped) {
    command_entries_only(std::string(kWidenedCheck) + kNoGpu);
    auto result = patchbay({"verify"});
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "repro          OK\n")) << result.out;
}

TEST_F(ReproCli, VerifyExitsWithTheWorstSection) {
    command_entries_only(kHang);
    auto result = patchbay({"verify"});
    EXPECT_EQ(result.status, 1) << result.out;
    EXPECT_TRUE(contains(result.out, "repro          FAIL\n"));
    auto junit = patchbay({"verify", "--format", "junit"});
    EXPECT_EQ(junit.status, 1);
    EXPECT_TRUE(
        contains(junit.out, "<testsuites name=\"verify\">\n<testsuite name=\"check-series\""))
        << junit.out;
    EXPECT_TRUE(contains(junit.out, "<testsuite name=\"repro\" tests=\"1\" failures=\"1\""));
    EXPECT_TRUE(contains(junit.out, "<testsuite name=\"audit-kernels\""));
}

TEST_F(ReproCli, WritesACtestProject) {
    auto result = patchbay({"repro", "--ctest", (dir / "ctest").string()});
    EXPECT_EQ(result.status, 0) << result.err;
    auto cmake = read_file(dir / "ctest/CMakeLists.txt");
    EXPECT_TRUE(contains(cmake, "add_test(NAME [==[paged-gather-bigpool]==]")) << cmake;
    EXPECT_TRUE(contains(cmake, "RESOURCE_GROUPS \"gpus:1\""));
}

}  // namespace
}  // namespace patchbay
