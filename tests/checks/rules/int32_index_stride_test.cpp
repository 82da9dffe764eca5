// Rule int32-index-stride as the audit runs it (detection, then the reach of the configured
// geometry), on the examples of issue #15: the prefill kernel the rule exists for, the
// reshape_and_cache split of a slot, and a block table reached through a derived pointer.

#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "checks/rules/index_stride_analysis.hpp"
#include "checks/rules/rule.hpp"
#include "tests/support/flagged_lines.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;

const fs::path kRuleFixtures =
    fs::path(PATCHBAY_SOURCE_DIR) / "tests/fixtures/checks/int32-index-stride";

const Rule& index_stride_rule() {
    for (const auto& rule : all_rules())
        if (rule->id() == "int32-index-stride") return *rule;
    throw std::logic_error("int32-index-stride is not registered");
}

std::vector<Finding> audit_text(const std::string& path, std::string text,
                                const AuditConfig& config) {
    AuditTree tree;
    tree.files.push_back(SourceFile{path, std::move(text), language_of(path)});
    std::vector<Finding> findings;
    index_stride_rule().check(tree, config, findings);
    return findings;
}

// The block-id errors alone, without the warnings of the kernels' own ids.
std::vector<Finding> audit_errors(const std::string& path, std::string text,
                                  const AuditConfig& config) {
    return test_support::of_severity(audit_text(path, std::move(text), config), Severity::error);
}

AuditConfig seed_geometry() {
    AuditConfig config;
    config.geometry = AuditGeometry{880, 4, 256, 2};  // stride 901,120 elements
    return config;
}

// Inserts `.to(tl.int64)` after every `other=0)` that closes a block-id load.
std::string widened_at_the_loads(std::string text) {
    const std::string load_end = "mask=ok, other=0)";
    int casts = 0;
    for (auto at = text.find(load_end); at != std::string::npos;
         at = text.find(load_end, at + load_end.size())) {
        text.insert(at + load_end.size(), ".to(tl.int64)");
        ++casts;
    }
    EXPECT_EQ(casts, 3);
    return text;
}

TEST(Int32IndexStride, PrefillKernelGivesOneFindingPerKernelWithItsLoadAndReach) {
    auto text = test_support::read_file(kRuleFixtures / "triton/prefill_three_kernels.py");
    auto findings = audit_errors("prefill.py", text, seed_geometry());
    ASSERT_EQ(findings.size(), 3u);
    const std::vector<std::int64_t> loads = {19, 37, 54};  // the three `blk = tl.load(...)`
    const std::vector<std::int64_t> products = {20, 39, 56};
    const std::vector<std::string> strides = {"stride_kb", "stride_vb", "stride_kb"};
    for (std::size_t i = 0; i < findings.size(); ++i) {
        const auto& f = findings[i];
        EXPECT_EQ(f.line, products[i]);
        EXPECT_EQ(f.message, "index 'blk' (loaded from bt_ptr at line " + std::to_string(loads[i]) +
                                 ") times '" + strides[i] +
                                 "' is computed in 32 bits: it wraps once offsets pass 2^31 - 1");
        ASSERT_EQ(f.related.size(), 2u);  // the load, the stride parameter
        EXPECT_EQ(f.related[0].line, loads[i]);
        EXPECT_EQ(f.related[0].message, "index loaded from bt_ptr here");
        EXPECT_EQ(f.related[1].message, "'" + strides[i] +
                                            "' is a parameter here: annotated tl.int64, the "
                                            "product is 64-bit");
        ASSERT_TRUE(f.reach.has_value());
        EXPECT_EQ(f.reach->stride_elements, 901120);
        EXPECT_EQ(f.reach->first_block, 2383);
        EXPECT_EQ(f.fix_hint, "widen before the multiply: blk = blk.to(tl.int64) (or annotate " +
                                  strides[i] + ": tl.int64)");
    }
}

// After the casts no block id wraps. What is left are products of the kernel's own ids with
// sizes, each a warning by the size of the tensor it addresses: the queries' and outputs' rows
// `req * HEAD_DIM`, the probabilities' rows `req * seq_len`, the new keys' rows `(pos -
// seq_start) * HEAD_DIM`. The heads' offsets beside the block ids (`head * stride_kh`) are
// inside a block and not reported.
TEST(Int32IndexStride, PrefillKernelHasNoErrorAfterTheThreeCasts) {
    auto text = widened_at_the_loads(
        test_support::read_file(kRuleFixtures / "triton/prefill_three_kernels.py"));
    for (const auto& config : {seed_geometry(), AuditConfig{}}) {
        auto findings = audit_text("prefill.py", text, config);
        std::set<std::int64_t> lines;
        for (const auto& finding : findings) {
            EXPECT_EQ(finding.severity, Severity::warning) << finding.line;
            EXPECT_FALSE(finding.reach.has_value());  // a tensor's reach, not a pool's block
            lines.insert(finding.line);
        }
        EXPECT_EQ(lines, (std::set<std::int64_t>{14, 41, 43, 55}));
        ASSERT_EQ(findings.size(), 4u);
        EXPECT_NE(findings[1].message.find("it wraps once p has more than 2^31 elements"),
                  std::string::npos);
    }
}

// `[audit] max_elements` says how large the tensors get: at 2^31 and more the products of
// program ids are errors, below it notes.
TEST(Int32IndexStride, MaxElementsDecidesTheSeverityOfProgramIdProducts) {
    auto text = widened_at_the_loads(
        test_support::read_file(kRuleFixtures / "triton/prefill_three_kernels.py"));
    AuditConfig config;
    config.max_elements = std::int64_t{1} << 31;
    auto reached = audit_text("prefill.py", text, config);
    ASSERT_EQ(reached.size(), 4u);
    for (const auto& finding : reached) EXPECT_EQ(finding.severity, Severity::error);
    EXPECT_NE(reached[0].message.find("([audit] max_elements = 2147483648)"), std::string::npos);
    config.max_elements = 100'000'000;
    auto below = audit_text("prefill.py", text, config);
    ASSERT_EQ(below.size(), 4u);
    for (const auto& finding : below) EXPECT_EQ(finding.severity, Severity::note);
}

TEST(Int32IndexStride, NoIndexTableNamesAreNeeded) {
    auto text = test_support::read_file(kRuleFixtures / "triton/prefill_three_kernels.py");
    AuditConfig config = seed_geometry();
    config.index_tables.clear();
    EXPECT_EQ(audit_errors("prefill.py", text, config).size(), 3u);
}

// `[audit] index_tables` adds sources by name: prefixes (`bt_*`), a bare `*`, and globs.
TEST(IndexTableNames, MatchesPrefixesStarsAndGlobs) {
    AuditConfig config;
    config.index_tables = {"block_table*", "bt_*"};
    IndexTableNames prefixes(config);
    EXPECT_TRUE(prefixes.matches("block_tables"));
    EXPECT_TRUE(prefixes.matches("bt_ptr"));
    EXPECT_FALSE(prefixes.matches("b_ptr"));
    EXPECT_FALSE(prefixes.matches("k_ptr"));
    EXPECT_FALSE(prefixes.matches(""));
    config.index_tables = {"*"};
    EXPECT_TRUE(IndexTableNames(config).matches("k_ptr"));
    config.index_tables = {"block_table*", "[kv]_pages"};
    IndexTableNames globs(config);
    EXPECT_TRUE(globs.matches("v_pages"));
    EXPECT_TRUE(globs.matches("block_table"));
    EXPECT_FALSE(globs.matches("q_pages"));
}

// The compiled patterns are cached per thread: a config with other patterns (another
// `.patchbay.toml` in the same process) must not be answered from the first one's.
TEST(IndexTableNames, CompiledAgainWhenThePatternsChange) {
    AuditConfig config;
    config.index_tables = {"block_table*"};
    EXPECT_TRUE(compiled_index_tables(config).matches("block_tables"));
    EXPECT_FALSE(compiled_index_tables(config).matches("pages"));
    AuditConfig other;
    other.index_tables = {"pages"};
    EXPECT_TRUE(compiled_index_tables(other).matches("pages"));
    EXPECT_FALSE(compiled_index_tables(other).matches("block_tables"));
    EXPECT_TRUE(compiled_index_tables(config).matches("block_tables"));
}

// The pre-filter looks for `jit` first, as every Triton kernel's decorator spells it; a CuTe DSL
// file may spell only `@cute.kernel`. Such a file must still be kept and analysed.
TEST(Int32IndexStride, CuteKernelFileWithoutJitPassesThePreFilter) {
    auto text = test_support::read_file(kRuleFixtures / "cute/pool_indices.py");
    ASSERT_EQ(text.find("jit"), std::string::npos);
    SourceFile file{"pool_indices.py", text, Language::python};
    EXPECT_TRUE(index_stride_rule().may_need(file, AuditConfig{}));
    EXPECT_EQ(audit_text("pool_indices.py", text, AuditConfig{}).size(), 3u);
}

// The block id of a slot is flagged, the offset inside the block is not: with no geometry,
// and with one whose block (880 x 4 x 256) is far below 2^31 elements.
TEST(Int32IndexStride, ReshapeAndCacheFlagsTheBlockIdNotTheOffset) {
    for (const auto* name :
         {"triton/reshape_and_cache_bounded.py", "cuda/reshape_and_cache_bounded.cu"}) {
        auto text = test_support::read_file(kRuleFixtures / name);
        for (const auto& config : {AuditConfig{}, seed_geometry()}) {
            auto findings = audit_errors(name, text, config);
            ASSERT_EQ(findings.size(), 1u) << name;
            EXPECT_NE(findings[0].message.find("'block_idx'"), std::string::npos) << name;
        }
    }
}

// One block of 65,536 tokens x 256 heads x 128 dims is 2^31 elements, so even an offset
// bounded by the block size reaches 2^31: it is flagged too, with its own message, and the
// reach is block 0.
TEST(Int32IndexStride, BoundedOffsetIsFlaggedWhenTheGeometryLetsItWrap) {
    AuditConfig config;
    config.geometry = AuditGeometry{65536, 256, 128, 2};
    auto text = test_support::read_file(kRuleFixtures / "triton/reshape_and_cache_bounded.py");
    auto findings = audit_errors("r.py", text, config);
    ASSERT_EQ(findings.size(), 3u);
    EXPECT_NE(findings[1].message.find("'block_offset'"), std::string::npos);
    EXPECT_NE(findings[1].message.find("offset inside a block"), std::string::npos);
    EXPECT_NE(findings[2].message.find("'lane'"), std::string::npos);
    ASSERT_TRUE(findings[1].reach.has_value());
    EXPECT_EQ(findings[1].reach->first_block, 0);
}

TEST(Int32IndexStride, SmallLiteralsScaleRatherThanStride) {
    EXPECT_TRUE(is_small_literal("16"));
    EXPECT_TRUE(is_small_literal("0x10"));
    EXPECT_TRUE(is_small_literal("255u"));
    EXPECT_TRUE(is_small_literal("1_0"));
    EXPECT_FALSE(is_small_literal("256"));
    EXPECT_FALSE(is_small_literal("4096"));
    EXPECT_FALSE(is_small_literal("2.0"));
    EXPECT_FALSE(is_small_literal("BLOCK"));
}

// A load written over several lines: the finding also points at its closing parenthesis,
// where `.to(tl.int64)` goes.
TEST(Int32IndexStride, MultiLineLoadNamesWhereItEnds) {
    auto findings = audit_text("m.py",
                               "import triton\nimport triton.language as tl\n\n\n"
                               "@triton.jit\n"
                               "def k(out_ptr, k_ptr, ids_ptr, stride):\n"
                               "    i = tl.program_id(0)\n"
                               "    blk = tl.load(\n"
                               "        ids_ptr + i,\n"
                               "    )\n"
                               "    tl.store(out_ptr + i, tl.load(k_ptr + blk * stride))\n",
                               AuditConfig{});
    ASSERT_EQ(findings.size(), 1u);
    ASSERT_EQ(findings[0].related.size(), 3u);  // the load, its end, the stride parameter
    EXPECT_EQ(findings[0].related[0].line, 8);
    EXPECT_EQ(findings[0].related[1].line, 10);
    EXPECT_EQ(findings[0].related[2].line, 6);
    EXPECT_EQ(findings[0].related[1].message, "the load ends here: widen it with .to(tl.int64)");
}

TEST(Int32IndexStride, DerivedPointerRowOfTheBlockTable) {
    auto findings = audit_text("k.cu",
                               "__global__ void k(float* out, const float* cache,\n"
                               "                  const int* block_tables, int max_blocks,\n"
                               "                  int stride) {\n"
                               "  const int* seq_table = block_tables + blockIdx.y * max_blocks;\n"
                               "  const int block = seq_table[blockIdx.x];\n"
                               "  out[threadIdx.x] = cache[block * stride + threadIdx.x];\n"
                               "}\n",
                               seed_geometry());
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].line, 6);
    EXPECT_EQ(findings[0].related[0].line, 5);
    EXPECT_EQ(findings[0].message,
              "index 'block' (read from seq_table at line 5) times 'stride' (int) is computed in "
              "32 bits: it wraps once offsets pass 2^31 - 1");
    EXPECT_EQ(findings[0].reach->first_block, 2383);
}

}  // namespace
}  // namespace patchbay
