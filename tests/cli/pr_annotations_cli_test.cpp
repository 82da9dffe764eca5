// End-to-end (issue #17): a pull request that edits a patch of the demo series gets annotations
// on lines of patches/*.patch that exist in the repository, in the github, JSON and SARIF
// formats, and the findings it fixed are reported. The demo sits in a subfolder of the
// repository ("demo/"), so the paths must be the repository's, not patchbay.toml's folder's.
// Every expected patch-file line is found with grep -n in the patch the test wrote; the result
// lines 42-43 of the v2 kernel were read off the demo's sources by hand (as in
// audit_kernels_cli_test.cpp).

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <regex>

#include "tests/support/cli.hpp"
#include "tests/support/sarif_schema.hpp"
#include "tests/support/tagged_lines.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::contains;
using test_support::kDemo;
using test_support::patchbay;
using test_support::read_file;
using test_support::run_process;
using test_support::TempDir;
using test_support::write_file;

const char* kWiden = "demo/patches/0006-widen-block-ids.patch";
// The CUDA half of the fix as the PR rewrites it: the line split, the widening lost.
const char* kGoodLine =
    "+      static_cast<int64_t>(block_id) * block_stride + head * head_stride;";
const char* kBadLine = "+      block_id * block_stride + head * head_stride;";

using test_support::replaced;

// The 1-based line of the first line of `file` holding `text` exactly, by grep.
int grep_line(const fs::path& file, const std::string& text) {
    auto found = run_process({"grep", "-n", "-m1", "-F", "-x", "--", text, file.string()});
    EXPECT_EQ(found.status, 0) << text << " not in " << file;
    return found.status == 0 ? std::stoi(found.out) : -1;
}

int grep_first(const fs::path& file, const std::string& regex) {
    auto found = run_process({"grep", "-n", "-m1", "-E", "--", regex, file.string()});
    EXPECT_EQ(found.status, 0) << regex << " not in " << file;
    return found.status == 0 ? std::stoi(found.out) : -1;
}

std::size_t line_count(const fs::path& file) {
    auto text = read_file(file);
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// The repository: the demo in demo/, committed with the Triton half of the widening missing
// (the base: the v2 kernel's multiplies are findings there). The PR, in the work tree, puts
// the Triton half back (fixing them) and breaks the CUDA half on a line it rewrites.
class PullRequestAnnotations : public ::testing::Test {
  protected:
    void SetUp() override {
        fs::create_directories(repo());
        fs::copy(kDemo, demo(), fs::copy_options::recursive);
        git({"init", "-q"});
        auto widen = repo() / kWiden;
        original_ = read_file(widen);
        auto begin = original_.find("diff --git a/vllm/attention/ops/paged_gather_v2.py");
        auto end = original_.find("diff --git a/vllm/envs.py");
        ASSERT_NE(begin, std::string::npos);
        ASSERT_NE(end, std::string::npos);
        write_file(widen, original_.substr(0, begin) + original_.substr(end));
        git({"add", "-A"});
        git({"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "base"});
        write_file(widen, replaced(original_, kGoodLine, kBadLine));
    }
    fs::path repo() const { return dir.path() / "repo"; }
    fs::path demo() const { return repo() / "demo"; }
    void git(std::vector<std::string> args) {
        args.insert(args.begin(), {"git", "-C", repo().string()});
        ASSERT_EQ(run_process(args).status, 0);
    }
    test_support::ProcessResult audit(const std::string& format) {
        return patchbay({"audit-kernels", "--base", "HEAD", "--format", format}, demo());
    }
    // Every "file=F,line=N" of a github output names a file of the repository that has line N.
    void expect_annotations_exist(const std::string& out) {
        std::regex located("file=([^,:]+),line=([0-9]+)");
        int seen = 0;
        for (std::sregex_iterator it(out.begin(), out.end(), located), end; it != end; ++it) {
            auto file = repo() / (*it)[1].str();
            EXPECT_TRUE(fs::exists(file)) << file;
            if (fs::exists(file)) {
                EXPECT_LE(std::stoul((*it)[2].str()), line_count(file)) << out;
            }
            ++seen;
        }
        EXPECT_GT(seen, 0) << out;
    }
    TempDir dir;
    std::string original_;
};

TEST_F(PullRequestAnnotations, GithubAnnotatesTheLineThePrRewrote) {
    auto result = audit("github");
    EXPECT_EQ(result.status, 1) << result.out << result.err;
    int line = grep_line(repo() / kWiden, kBadLine);
    EXPECT_TRUE(contains(result.out, "::error file=" + std::string(kWiden) + ",line=" +
                                         std::to_string(line) + ",title=int32-index-stride::"))
        << result.out;
    EXPECT_TRUE(contains(result.out, "(csrc/attention/paged_gather.cuh:"));
    expect_annotations_exist(result.out);
    // The Triton multiplies the PR widened again are fixed, not annotated on a file.
    EXPECT_TRUE(contains(result.out,
                         "::notice title=int32-index-stride (fixed)::"
                         "vllm/attention/ops/paged_gather_v2.py:42:"))
        << result.out;
}

TEST_F(PullRequestAnnotations, JsonNamesThePatchLineAndTheFixedFindings) {
    auto result = audit("json");
    EXPECT_EQ(result.status, 1) << result.err;
    int line = grep_line(repo() / kWiden, kBadLine);
    EXPECT_TRUE(contains(result.out, R"("status":"new","patch":"0006-widen-block-ids.patch",)"
                                     R"("patch_file":")" +
                                         std::string(kWiden) + R"(","patch_line":)" +
                                         std::to_string(line)))
        << result.out;
    EXPECT_TRUE(contains(result.out, R"("fixed":2,"baseline":"base")")) << result.out;
    EXPECT_TRUE(contains(result.out, R"("path":"vllm/attention/ops/paged_gather_v2.py","line":42,)"
                                     R"("column":31,"message":"block id 'blk')"));
    EXPECT_TRUE(contains(result.out, R"("status":"fixed")"));
}

TEST_F(PullRequestAnnotations, SarifIsValidAndLocatedOnThePatch) {
    auto result = audit("sarif");
    EXPECT_EQ(result.status, 1) << result.err;
    int line = grep_line(repo() / kWiden, kBadLine);
    EXPECT_TRUE(contains(result.out, R"("locations":[{"physicalLocation":{"artifactLocation":)"
                                     R"({"uri":")" +
                                         std::string(kWiden) + R"("},"region":{"startLine":)" +
                                         std::to_string(line) + "}}}]"))
        << result.out;
    EXPECT_TRUE(contains(result.out, R"("baselineState":"absent")"));
    if (auto why = test_support::sarif_validation_unavailable(); !why.empty()) GTEST_SKIP() << why;
    write_file(dir / "out.sarif", result.out);
    auto valid = test_support::validate_sarif(dir / "out.sarif");
    EXPECT_EQ(valid.status, 0) << valid.err;
}

TEST_F(PullRequestAnnotations, ExistingFindingsAreNoticesOrHidden) {
    auto shown = audit("github");
    // The raw-env-read note on VLLM_GATHER_SPLITS exists at base too (patch 0003 adds it).
    int line = grep_line(demo() / "patches/0003-triton-paged-gather-v2.patch",
                         "+    splits = int(os.environ.get(\"VLLM_GATHER_SPLITS\", \"1\"))");
    EXPECT_TRUE(contains(shown.out,
                         "::notice file=demo/patches/0003-triton-paged-gather-v2.patch,"
                         "line=" +
                             std::to_string(line) + ",title=raw-env-read (existing)::"))
        << shown.out;
    auto hidden = patchbay(
        {"audit-kernels", "--base", "HEAD", "--format", "github", "--hide-existing"}, demo());
    EXPECT_FALSE(contains(hidden.out, "(existing)")) << hidden.out;
    EXPECT_TRUE(contains(hidden.out, "::error file="));
}

TEST_F(PullRequestAnnotations, TextMarksNewExistingAndFixed) {
    auto result = audit("text");
    int line = grep_line(repo() / kWiden, kBadLine);
    EXPECT_TRUE(contains(result.out, "[int32-index-stride] (new)\n    added by " +
                                         std::string(kWiden) + ":" + std::to_string(line) + "\n"))
        << result.out;
    EXPECT_TRUE(contains(result.out, "[raw-env-read] (existing)\n"));
    EXPECT_TRUE(contains(result.out, "vllm/attention/ops/paged_gather_v2.py:43:31: fixed: "));
    // Existing: the raw-env-read note and three notes of program-id products (rows of the
    // gathered K and V, below the demo's max_elements), at base as at head.
    EXPECT_TRUE(contains(result.out, "5 findings (1 new, 4 existing), 2 fixed in ")) << result.out;
}

TEST_F(PullRequestAnnotations, CheckSeriesAnnotatesARejectedHunkOnItsHeader) {
    // The PR also changes the first context line of 0006's first hunk: it would apply only with
    // fuzz 1, over the demo's policy (fuzz = 0): a rejection.
    auto widen = repo() / kWiden;
    write_file(widen, replaced(read_file(widen), "   const int head = blockIdx.y;\n",
                               "   const int head = blockIdx.z;\n"));
    int header = grep_first(widen, "^@@ ");
    auto result = patchbay({"check-series", "--format", "github"}, demo());
    EXPECT_EQ(result.status, 1) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "::error file=" + std::string(kWiden) +
                                         ",line=" + std::to_string(header) +
                                         ",title=rejected::0006-widen-block-ids.patch: hunk #1 "
                                         "FAILED at "))
        << result.out;
    EXPECT_TRUE(contains(result.out, ": it applies with fuzz 1, over the policy's 0\n"));
    expect_annotations_exist(result.out);
}

// A section whose file is missing has no hunk that could fail: its file header is the line.
TEST_F(PullRequestAnnotations, CheckSeriesAnnotatesAMissingFileOnTheFileHeader) {
    auto added = demo() / "patches/0007-missing.patch";
    write_file(added,
               "touch a file upstream never had\n\n"
               "diff --git a/vllm/nope.py b/vllm/nope.py\n"
               "--- a/vllm/nope.py\n+++ b/vllm/nope.py\n@@ -1 +1 @@\n-a\n+b\n");
    write_file(demo() / "patches/series",
               read_file(demo() / "patches/series") + "0007-missing.patch\n");
    int header = grep_first(added, "^diff --git ");
    auto result = patchbay({"check-series", "--format", "github"}, demo());
    EXPECT_EQ(result.status, 1) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "file=demo/patches/0007-missing.patch,line=" +
                                         std::to_string(header) + ",title=missing-file::"))
        << result.out;
}

TEST_F(PullRequestAnnotations, SummaryFileGetsBothCommandsAppended) {
    auto summary = dir / "summary.md";
    write_file(summary, "before\n");
    auto series = patchbay({"check-series", "--summary", summary.string()}, demo());
    EXPECT_EQ(series.status, 0) << series.out << series.err;
    EXPECT_TRUE(contains(series.out, "result: "));  // the report itself is unchanged
    auto audited =
        patchbay({"audit-kernels", "--base", "HEAD", "--summary", summary.string()}, demo());
    EXPECT_EQ(audited.status, 1);
    auto text = read_file(summary);
    EXPECT_EQ(text.rfind("before\n### patchbay check-series\n", 0), 0u) << text;
    EXPECT_TRUE(contains(text, "| 7 | `0006-widen-block-ids.patch` | applied |"));
    EXPECT_TRUE(contains(text, "### patchbay audit-kernels\n\n**1 new**, 4 existing, 2 fixed"))
        << text;
    EXPECT_TRUE(contains(text, "`" + std::string(kWiden) + ":" +
                                   std::to_string(grep_line(repo() / kWiden, kBadLine)) + "`"));
    EXPECT_TRUE(contains(text, "#### Fixed"));
}

// The default mode: the pristine upstream is the baseline. An upstream file with an
// unregistered read is upstream's own finding: it fails the run only with --fail-on all.
class UpstreamBaseline : public ::testing::Test {
  protected:
    void SetUp() override {
        fs::copy(kDemo, repo(), fs::copy_options::recursive);
        write_file(repo() / "upstream/vllm/legacy_knob.py",
                   "import os\n\nKNOB = os.environ.get(\"VLLM_LEGACY_KNOB\")\n");
        ASSERT_EQ(run_process({"git", "init", "-q", repo().string()}).status, 0);
    }
    fs::path repo() const { return dir.path() / "series"; }
    TempDir dir;
};

TEST_F(UpstreamBaseline, UpstreamFindingsFailOnlyWithFailOnAll) {
    auto result = patchbay({"audit-kernels"}, repo());
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "vllm/legacy_knob.py:3:"));
    EXPECT_TRUE(contains(result.out, "[unregistered-env-read] (upstream)\n")) << result.out;
    auto all = patchbay({"audit-kernels", "--fail-on", "all"}, repo());
    EXPECT_EQ(all.status, 1) << all.out;
}

TEST_F(UpstreamBaseline, WhatTheSeriesAddsIsNewWithItsPatchLine) {
    auto result = patchbay(
        {"audit-kernels", "--upto", "0005-paged-gather-v2-tests.patch", "--format", "json"},
        repo());
    EXPECT_EQ(result.status, 1) << result.err;
    auto patch = repo() / "patches/0003-triton-paged-gather-v2.patch";
    int line = grep_line(patch, "+    k_src = k_cache_ptr + blk * stride_kb + head * stride_kh");
    EXPECT_TRUE(contains(result.out, R"("line":42,"column":31,)")) << result.out;
    EXPECT_TRUE(
        contains(result.out, R"("status":"new","patch":"0003-triton-paged-gather-v2.patch",)"
                             R"("patch_file":"patches/0003-triton-paged-gather-v2.patch",)"
                             R"("patch_line":)" +
                                 std::to_string(line)))
        << result.out;
    EXPECT_TRUE(contains(result.out, R"("baseline":"upstream")"));
    // The upstream file's finding has no patch.
    auto legacy = result.out.find(R"("path":"vllm/legacy_knob.py")");
    ASSERT_NE(legacy, std::string::npos);
    auto end = result.out.find("\"source\"", legacy);
    EXPECT_FALSE(contains(result.out.substr(legacy, end - legacy), "\"patch\""));
}

// The CUDA multiply is upstream's line; patch 0002 narrowed the load it uses: the annotation
// goes to the line of 0002 that narrows it.
TEST_F(UpstreamBaseline, AFindingOnAnUpstreamLinePointsAtThePatchedLoad) {
    auto result = patchbay(
        {"audit-kernels", "--upto", "0005-paged-gather-v2-tests.patch", "--format", "github"},
        repo());
    auto patch = repo() / "patches/0002-kv-int32-block-ids.patch";
    int line = grep_line(patch, "+  const int block_id = block_table[i];");
    EXPECT_TRUE(contains(result.out, "::error file=patches/0002-kv-int32-block-ids.patch,line=" +
                                         std::to_string(line) + ",title=int32-index-stride::"))
        << result.out;
}

}  // namespace
}  // namespace patchbay
