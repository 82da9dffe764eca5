// int32-index-stride on Triton and CuTe DSL kernels: the fixtures' `# expect:` lines, the
// findings' fields, the demo's gather kernels.
// Also tests checks/python/triton_taint_expressions.cpp, checks/python/triton_taint_statements.cpp,
// checks/python/triton_taint_values.cpp and checks/python/cute_taint.cpp (the taint interpreter
// the rule runs).

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "checks/rules/index_stride_analysis.hpp"
#include "tests/support/flagged_lines.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {

namespace {

namespace fs = std::filesystem;

const fs::path kSourceDir = PATCHBAY_SOURCE_DIR;
const fs::path kTritonFixtures = kSourceDir / "tests/fixtures/checks/int32-index-stride/triton";

SourceFile python_file(std::string path, std::string text) {
    return SourceFile{std::move(path), std::move(text), Language::python};
}

// 1-based lines carrying the fixture's hand-written expectation marker.
// `# expect: int32-index-stride` marks an error, `# expect-warning: int32-index-stride` a
// warning (a product of program ids, whose reach is the tensor's size).
std::set<std::int64_t> expected_lines(const std::string& text,
                                      std::string_view marker = "# expect: int32-index-stride") {
    std::set<std::int64_t> lines;
    std::istringstream in(text);
    std::string line;
    for (std::int64_t number = 1; std::getline(in, line); ++number)
        if (line.find(marker) != std::string::npos) lines.insert(number);
    return lines;
}

constexpr std::string_view kTritonExpectWarning = "# expect-warning: int32-index-stride";

using test_support::flagged_lines;
using test_support::of_severity;

std::vector<fs::path> fixture_files() {
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(kTritonFixtures))
        if (entry.path().extension() == ".py") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

TEST(TritonIndexStride, EveryFixtureFlagsExactlyItsExpectedLines) {
    auto files = fixture_files();
    ASSERT_GE(files.size(), 15u);
    for (const auto& path : files) {
        std::string text = test_support::read_file(path);
        auto findings = triton_index_stride_findings(python_file(path.filename().string(), text),
                                                     AuditConfig{});
        EXPECT_EQ(flagged_lines(findings, Severity::error), expected_lines(text))
            << path.filename();
        EXPECT_EQ(flagged_lines(findings, Severity::warning),
                  expected_lines(text, kTritonExpectWarning))
            << path.filename();
    }
}

// CuTe DSL kernels run through the same interpreter: a subscript of a global tensor reads an
// element, its coordinates and those of cute.local_tile are multiplied by strides.
TEST(TritonIndexStride, CuteDslFixtureFlagsExactlyItsExpectedLines) {
    auto path = kSourceDir / "tests/fixtures/checks/int32-index-stride/cute/pool_indices.py";
    std::string text = test_support::read_file(path);
    auto findings = triton_index_stride_findings(python_file("pool_indices.py", text), {});
    EXPECT_EQ(flagged_lines(findings), expected_lines(text));
    ASSERT_FALSE(findings.empty());
    EXPECT_EQ(findings[0].message,
              "index 'pool_idx' (loaded from h0_indices at line 12) times 'the stride of "
              "h0_source' is computed in 32 bits: it wraps once offsets pass 2^31 - 1");
    EXPECT_EQ(findings[0].fix_hint,
              "widen before the multiply: pool_idx = cutlass.Int64(pool_idx)");
}

TEST(TritonIndexStride, FixturesHoldPositiveAndNegativeFiles) {
    int with_findings = 0;
    int without = 0;
    for (const auto& path : fixture_files())
        (expected_lines(test_support::read_file(path)).empty() ? without : with_findings)++;
    EXPECT_GE(with_findings, 15);
    EXPECT_GE(without, 15);
}

constexpr const char* kTritonKernel = R"(import triton
import triton.language as tl


@triton.jit
def gather(out_ptr, k_cache_ptr, block_table_ptr, stride_kb, BLOCK: tl.constexpr):
    lb = tl.program_id(0)
    blk = tl.load(block_table_ptr + lb)
    vals = tl.load(k_cache_ptr + blk * stride_kb)
    tl.store(out_ptr + lb, vals)
)";

TEST(TritonIndexStride, FindingFieldsForAPlainLoad) {
    auto findings = triton_index_stride_findings(python_file("ops/gather.py", kTritonKernel), {});
    ASSERT_EQ(findings.size(), 1u);
    const Finding& finding = findings[0];
    EXPECT_EQ(finding.rule, "int32-index-stride");
    EXPECT_EQ(finding.severity, Severity::error);
    EXPECT_EQ(finding.path, "ops/gather.py");
    EXPECT_EQ(finding.line, 9);
    EXPECT_EQ(finding.column, 38);  // the `*`
    EXPECT_EQ(finding.message,
              "block id 'blk' (loaded from block_table_ptr at line 8) times 'stride_kb' is "
              "computed in 32 bits: it wraps once offsets pass 2^31 - 1");
    ASSERT_EQ(finding.related.size(), 2u);
    EXPECT_EQ(finding.related[0].path, "ops/gather.py");
    EXPECT_EQ(finding.related[0].line, 8);
    EXPECT_EQ(finding.related[0].column, 11);  // `tl.load`
    EXPECT_EQ(finding.related[0].message, "block id loaded from block_table_ptr here");
    // The other way to fix it: the stride's own declaration (aiter PR 1853 annotated it so).
    EXPECT_EQ(finding.related[1].line, 6);
    EXPECT_EQ(finding.related[1].message,
              "'stride_kb' is a parameter here: annotated tl.int64, the product is 64-bit");
    EXPECT_EQ(
        finding.fix_hint,
        "widen before the multiply: blk = blk.to(tl.int64) (or annotate stride_kb: tl.int64)");
    EXPECT_EQ(finding.source_line, "    vals = tl.load(k_cache_ptr + blk * stride_kb)");
    EXPECT_FALSE(finding.reach);
}

// LightLLM PR 1304 widened `token_ids = token_ids - vob_start_id`, two lines below the load:
// the finding points there too, where the fix hint's `.to(tl.int64)` goes.
TEST(TritonIndexStride, AnIndexReassignedAfterItsLoadPointsAtTheAssignment) {
    std::string text = kTritonKernel;
    text.replace(text.find("    vals ="), 0, "    blk = blk - 1\n");
    auto findings = triton_index_stride_findings(python_file("ops/gather.py", text), {});
    ASSERT_EQ(findings.size(), 1u);
    ASSERT_EQ(findings[0].related.size(), 3u);  // the load, the assignment, the stride
    EXPECT_EQ(findings[0].related[0].line, 8);  // the load
    EXPECT_EQ(findings[0].related[1].line, 9);
    EXPECT_EQ(findings[0].related[1].message, "assigned from the load here: widen it here");
}

// MSLK PR 71 widened `off_z = off_zhg // (H * G)`, a line below the program id: the finding
// points there too, where widening fixes every product of `off_z`.
TEST(TritonIndexStride, AnIdDerivedFromTheProgramIdPointsAtItsDerivation) {
    const std::string text =
        "import triton\n"
        "import triton.language as tl\n"
        "@triton.jit\n"
        "def k(K, stride_kz, H, G):\n"
        "    off_zhg = tl.program_id(1)\n"
        "    off_z = off_zhg // (H * G)\n"
        "    tl.store(K + off_z * stride_kz, 0)\n"
        "    tl.store(K + off_zhg * stride_kz, 0)\n";
    auto findings = triton_index_stride_findings(python_file("k.py", text), {});
    ASSERT_EQ(findings.size(), 2u);
    ASSERT_EQ(findings[0].related.size(), 3u);
    EXPECT_EQ(findings[0].related[0].line, 5);  // the program id
    EXPECT_EQ(findings[0].related[1].line, 6);
    EXPECT_EQ(findings[0].related[1].message,
              "'off_z' derived from the program id here: widen it here");
    EXPECT_EQ(findings[0].related[2].line, 4);  // the stride parameter
    EXPECT_EQ(findings[1].related.size(), 2u);  // `off_zhg` is the program id itself
}

// FBGEMM's grouped GEMM (commit 61509bda5) started its running sum of group sizes as int64:
// the finding points at the sum's start, where that fix goes.
TEST(TritonIndexStride, ARunningSumOfLoadsPointsAtItsStart) {
    const std::string text =
        "import triton\n"
        "import triton.language as tl\n"
        "@triton.jit\n"
        "def grouped(c_ptr, m_sizes, G, N):\n"
        "    M_end_offset = 0\n"
        "    for g in tl.range(G):\n"
        "        M_start_offset = M_end_offset\n"
        "        m_size = tl.load(m_sizes + g)\n"
        "        M_end_offset = M_start_offset + m_size\n"
        "        tl.store(c_ptr + M_start_offset * N, 0)\n";
    auto findings = triton_index_stride_findings(python_file("ops/grouped.py", text), {});
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].severity, Severity::error);
    bool start_named = false;
    for (const auto& related : findings[0].related)
        start_named = start_named || (related.line == 5 &&
                                      related.message.find("starts here") != std::string::npos);
    EXPECT_TRUE(start_named);
}

// aiter PR 3245 widened the stride, computed in the kernel, not the loaded id: the finding
// points at the stride too.
TEST(TritonIndexStride, AStrideComputedInTheKernelIsPointedAt) {
    std::string text = kTritonKernel;
    text.replace(text.find("    vals ="), 0, "    stride = stride_kb * 2\n");
    text.replace(text.find("blk * stride_kb"), 15, "blk * stride");
    auto findings = triton_index_stride_findings(python_file("ops/gather.py", text), {});
    ASSERT_EQ(findings.size(), 1u);
    ASSERT_EQ(findings[0].related.size(), 2u);
    EXPECT_EQ(findings[0].related[1].line, 9);
    EXPECT_EQ(findings[0].related[1].message,
              "'stride' computed here: a 64-bit value there fixes this too");
}

TEST(TritonIndexStride, ConstexprOtherOperandGetsNoAnnotateHint) {
    std::string text = kTritonKernel;
    text.replace(text.find("blk * stride_kb"), 15, "blk * BLOCK");
    auto findings = triton_index_stride_findings(python_file("g.py", text), {});
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].fix_hint, "widen before the multiply: blk = blk.to(tl.int64)");
    EXPECT_NE(findings[0].message.find("times 'BLOCK'"), std::string::npos);
}

TEST(TritonIndexStride, SubscriptedOperandIsNamedByItsBase) {
    std::string text = kTritonKernel;
    text.replace(text.find("blk * stride_kb"), 15, "blk[:, None] * stride_kb");
    auto findings = triton_index_stride_findings(python_file("g.py", text), {});
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_NE(findings[0].message.find("block id 'blk' (loaded"), std::string::npos);
    // The broadcast view is widened where `blk` is assigned.
    EXPECT_EQ(findings[0].fix_hint,
              "widen before the multiply: blk = blk.to(tl.int64) (or annotate stride_kb: "
              "tl.int64)");
}

TEST(TritonIndexStride, OtherTablesAreNamedByWhatTheyHold) {
    auto text = test_support::read_file(kTritonFixtures / "table_names.py");
    auto findings =
        of_severity(triton_index_stride_findings(python_file("t.py", text), {}), Severity::error);
    ASSERT_EQ(findings.size(), 4u);
    EXPECT_EQ(findings[0].related[0].message, "token slot loaded from req_to_token_ptr here");
    EXPECT_EQ(findings[1].related[0].message, "page id loaded from page_table here");
    EXPECT_EQ(findings[2].related[0].message, "slot loaded from slot_mapping_ptr here");
    EXPECT_EQ(findings[3].related[0].message, "block id loaded from block_tables here");
}

TEST(TritonIndexStride, HelperFindingPointsIntoTheHelperAndAtTheCallersLoad) {
    auto text = test_support::read_file(kTritonFixtures / "helper_parameter.py");
    auto findings =
        of_severity(triton_index_stride_findings(python_file("h.py", text), {}), Severity::error);
    ASSERT_EQ(findings.size(), 2u);
    EXPECT_EQ(findings[0].line, 7);
    EXPECT_EQ(findings[0].related[0].line, 18);  // the load in `gather`, which calls the helper
    EXPECT_EQ(findings[1].line, 12);
    EXPECT_EQ(findings[1].related[0].line, 25);
}

// vLLM's causal_conv1d after its fix (86f3ac21c): one branch widens the loaded cache index, the
// other keeps the 32-bit sequence index, itself loaded. The finding names the load that was not
// widened; one pointing at the widened load would read as a false positive.
TEST(TritonIndexStride, BranchJoinNamesTheLoadThatWasNotWidened) {
    const std::string text = R"(import triton
import triton.language as tl


@triton.jit
def conv_kernel(batch_ptr, idx_ptr, s_ptr, stride_s, CONTINUOUS: tl.constexpr):
    idx_seq = tl.load(batch_ptr + tl.program_id(0))
    if CONTINUOUS:
        coord = tl.load(idx_ptr + idx_seq).to(tl.int64)
    else:
        coord = idx_seq
    tl.store(s_ptr + coord * stride_s, 0.0)
)";
    auto findings = triton_index_stride_findings(python_file("c.py", text), {});
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].line, 12);
    EXPECT_NE(findings[0].message.find("(loaded from batch_ptr at line 7)"), std::string::npos)
        << findings[0].message;
    EXPECT_EQ(findings[0].related[0].line, 7);

    std::string bounded = text;
    bounded.replace(bounded.find("coord = idx_seq"), 15, "coord = idx_seq % 64");
    EXPECT_TRUE(triton_index_stride_findings(python_file("c.py", bounded), {}).empty());
}

// A counter of a loop over a runtime count is named as a loop index, and its note points at the
// loop; the fix hint widens it where it is used.
TEST(TritonIndexStride, LoopCounterIsNamedByItsLoop) {
    const std::string text = R"(import triton
import triton.language as tl


@triton.jit
def states(h_ptr, T, stride_h, BT: tl.constexpr, BV: tl.constexpr):
    for i_t in range(tl.cdiv(T, BT)):
        tl.store(h_ptr + i_t * stride_h + tl.arange(0, BV), tl.zeros([BV], dtype=tl.float32))
)";
    auto findings = triton_index_stride_findings(python_file("h.py", text), {});
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].severity, Severity::warning);
    EXPECT_EQ(findings[0].line, 8);
    EXPECT_EQ(findings[0].message,
              "loop index 'i_t' (range at line 7) times 'stride_h' is computed in 32 bits: it "
              "wraps once h has more than 2^31 elements: i_t \u00d7 stride_h");
    ASSERT_FALSE(findings[0].related.empty());
    EXPECT_EQ(findings[0].related[0].line, 7);
    EXPECT_EQ(findings[0].related[0].message, "loop over a runtime count here");
}

// fla's conv kernel before #1082: the chunk is read from chunk_indices when IS_VARLEN and is the
// program id otherwise. Its rows times the row stride are a position, reported by reach at the
// stride multiply, with a note at the line that scaled the tile (where the fix widened it).
TEST(TritonIndexStride, VarlenTileRowsAreReportedWhereTheStrideMultipliesThem) {
    const std::string text = R"(import triton
import triton.language as tl


@triton.jit
def conv(x, chunk_indices, stride_x_t, IS_VARLEN: tl.constexpr, BT: tl.constexpr):
    i_t = tl.program_id(1)
    if IS_VARLEN:
        i_t = tl.load(chunk_indices + i_t * 2 + 1).to(tl.int32)
    o_t = i_t * BT + tl.arange(0, BT)
    tl.store(x + o_t * stride_x_t, 0.0)
)";
    auto findings = triton_index_stride_findings(python_file("conv.py", text), {});
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].severity, Severity::warning);
    EXPECT_EQ(findings[0].line, 11);
    EXPECT_NE(findings[0].message.find("position 'o_t' (from chunk_indices at line 9"),
              std::string::npos)
        << findings[0].message;
    bool scaled_note = false;
    for (const auto& related : findings[0].related) scaled_note |= related.line == 10;
    EXPECT_TRUE(scaled_note);
}

// Detection does not depend on names: patterns that match nothing in the kernel leave its
// finding, and a table renamed to match one only changes the wording.
TEST(TritonIndexStride, ConfiguredTablePatternsOnlyChangeTheWording) {
    AuditConfig config;
    config.index_tables = {"kv_indices*"};
    auto unmatched = triton_index_stride_findings(python_file("g.py", kTritonKernel), config);
    ASSERT_EQ(unmatched.size(), 1u);
    EXPECT_EQ(unmatched[0].related[0].message, "block id loaded from block_table_ptr here");
    std::string text = kTritonKernel;
    for (auto at = text.find("block_table_ptr"); at != std::string::npos;
         at = text.find("block_table_ptr"))
        text.replace(at, 15, "kv_indices");
    auto findings = triton_index_stride_findings(python_file("g.py", text), config);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].related[0].message, "index loaded from kv_indices here");
}

TEST(TritonIndexStride, NonJitFunctionsAndBrokenTextAreIgnored) {
    EXPECT_TRUE(triton_index_stride_findings(
                    python_file("x.py",
                                "def f(block_table_ptr, s):\n"
                                "    return tl.load(p + tl.load(block_table_ptr) * s)\n"),
                    {})
                    .empty());
    EXPECT_TRUE(
        triton_index_stride_findings(python_file("x.py", "@triton.jit\ndef k(a, (\n"), {}).empty());
}

// No block id of the upstream gather wraps. Its output rows, `(lb * block_size + tok) *
// stride_ot`, are a program id times runtime sizes: a warning that names the output tensor.
TEST(TritonIndexStride, DemoUpstreamGatherHasNoErrorAndWarnsOfItsOutputRows) {
    auto path = kSourceDir / "examples/demo/upstream/vllm/attention/ops/paged_gather.py";
    auto findings = triton_index_stride_findings(
        python_file("vllm/attention/ops/paged_gather.py", test_support::read_file(path)), {});
    EXPECT_TRUE(of_severity(findings, Severity::error).empty());
    ASSERT_FALSE(findings.empty());
    EXPECT_EQ(findings[0].message,
              "program id 'lb' (tl.program_id at line 24) times 'block_size' is computed in 32 "
              "bits: it wraps once out has more than 2^31 elements: lb \u00d7 block_size");
    EXPECT_EQ(findings[0].related[0].message, "program id here");
}

// The new file of a patch: its hunk's `+` lines without the `+`.
std::string new_file_from_patch(const std::string& patch, const std::string& path) {
    std::istringstream in(patch);
    std::string line;
    std::string text;
    bool in_file = false;
    bool in_hunk = false;
    while (std::getline(in, line)) {
        if (line.starts_with("diff --git ")) in_file = line.ends_with(" b/" + path);
        if (!in_file) continue;
        if (line.starts_with("@@ "))
            in_hunk = true;
        else if (in_hunk && line.starts_with("+"))
            text += line.substr(1) + "\n";
    }
    return text;
}

TEST(TritonIndexStride, DemoPatchedGatherV2IsFlaggedWhereTheAuthorSaid) {
    auto patch = test_support::read_file(kSourceDir /
                                         "examples/demo/patches/0003-triton-paged-gather-v2.patch");
    const std::string path = "vllm/attention/ops/paged_gather_v2.py";
    std::string text = new_file_from_patch(patch, path);
    ASSERT_NE(text.find("def _paged_gather_v2_kernel("), std::string::npos);
    auto findings =
        of_severity(triton_index_stride_findings(python_file(path, text), {}), Severity::error);
    ASSERT_EQ(findings.size(), 2u);
    EXPECT_EQ(findings[0].line, 42);
    EXPECT_EQ(findings[1].line, 43);
    for (const auto& finding : findings) {
        ASSERT_EQ(finding.related.size(), 2u);  // the load, the stride parameter
        EXPECT_EQ(finding.related[0].line, 36);
        EXPECT_EQ(finding.message,
                  "block id 'blk' (loaded from block_table_ptr at line 36) times 'stride_kb' is "
                  "computed in 32 bits: it wraps once offsets pass 2^31 - 1");
    }
    EXPECT_EQ(findings[0].source_line,
              "    k_src = k_cache_ptr + blk * stride_kb + head * stride_kh");
}

}  // namespace
}  // namespace patchbay
