#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>

#include "checks/rules/index_stride_analysis.hpp"
#include "tests/support/flagged_lines.hpp"
#include "tests/support/process.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {

namespace {

namespace fs = std::filesystem;
using test_support::read_file;

const fs::path kSource = PATCHBAY_SOURCE_DIR;
const fs::path kCudaFixtures = kSource / "tests/fixtures/checks/int32-index-stride/cuda";

SourceFile source(std::string path, std::string text) {
    SourceFile file{std::move(path), std::move(text), Language::cuda};
    file.language = language_of(file.path);
    return file;
}

AuditTree cuda_fixture_tree() {
    AuditTree tree;
    for (const auto& entry : fs::directory_iterator(kCudaFixtures))
        tree.files.push_back(source(entry.path().filename().string(), read_file(entry.path())));
    std::sort(tree.files.begin(), tree.files.end(),
              [](const SourceFile& a, const SourceFile& b) { return a.path < b.path; });
    return tree;
}

// `// expect: int32-index-stride` marks an error, `// expect-warning: int32-index-stride` a
// warning (a product of block ids, whose reach is the tensor's size).
std::set<std::int64_t> expected_lines(const SourceFile& file,
                                      std::string_view marker = "// expect: int32-index-stride") {
    std::set<std::int64_t> lines;
    for (std::int64_t line = 1;; ++line) {
        auto text = file.line_text(line);
        if (text.empty() && line > std::ranges::count(file.text.view(), '\n')) break;
        if (text.find(marker) != std::string_view::npos) lines.insert(line);
    }
    return lines;
}

constexpr std::string_view kCudaExpectWarning = "// expect-warning: int32-index-stride";

using test_support::flagged_lines;

std::vector<Finding> analyse(const std::string& text, const std::string& path = "k.cu") {
    AuditTree tree;
    tree.files.push_back(source(path, text));
    return cuda_index_stride_findings(tree.files[0], tree, AuditConfig{});
}

TEST(CudaIndexStride, EveryFixtureFlagsExactlyItsExpectLines) {
    auto tree = cuda_fixture_tree();
    ASSERT_GE(tree.files.size(), 7u);
    std::size_t expected_total = 0;
    std::size_t warning_total = 0;
    for (const auto& file : tree.files) {
        auto expected = expected_lines(file);
        auto warnings = expected_lines(file, kCudaExpectWarning);
        expected_total += expected.size();
        warning_total += warnings.size();
        auto findings = cuda_index_stride_findings(file, tree, AuditConfig{});
        EXPECT_EQ(flagged_lines(findings, Severity::error), expected) << file.path;
        EXPECT_EQ(flagged_lines(findings, Severity::warning), warnings) << file.path;
    }
    EXPECT_EQ(expected_total, 46u);  // the `// expect:` lines written in the fixtures
    EXPECT_EQ(warning_total, 60u);   // and their `// expect-warning:` lines
}

// cuDF's null-replacement kernel before PR 10448: a `size_type` (int32_t) index below the
// column's size, stepped by the whole grid in a while loop.
TEST(CudaIndexStride, AGridStrideIndexBelowA32BitBoundWrapsOnItsLastStep) {
    auto findings = analyse(
        "using size_type = int32_t;\n"
        "__global__ void replace(float* out, size_type nrows) {\n"
        "  size_type i = blockIdx.x * blockDim.x + threadIdx.x;\n"
        "  while (i < nrows) {\n"
        "    out[i] = 0.f;\n"
        "    i += blockDim.x * gridDim.x;\n"
        "  }\n"
        "}\n");
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].severity, Severity::warning);
    EXPECT_EQ(findings[0].line, 3);
    EXPECT_EQ(findings[0].message,
              "grid-stride index 'i' (blockIdx at line 3) is kept in 32 bits below 'nrows', "
              "compared at line 4: its step over the whole grid wraps it once nrows is within "
              "one grid of 2^31");
    EXPECT_EQ(findings[0].fix_hint, "declare 'i' int64_t: the step then cannot wrap");
}

// The same kernel in a cuDF file that does not include cudf/types.hpp in the audited tree:
// cuDF's `size_type` is known as a signed 32-bit int, unless the file says otherwise.
TEST(CudaIndexStride, CudfsRowIndexIsKnownWithoutItsHeader) {
    const std::string kernel =
        "#include <cudf/column/column_device_view.cuh>\n"
        "__global__ void replace(float* out, cudf::size_type nrows) {\n"
        "  cudf::size_type i = blockIdx.x * blockDim.x + threadIdx.x;\n"
        "  while (i < nrows) {\n"
        "    out[i] = 0.f;\n"
        "    i += blockDim.x * gridDim.x;\n"
        "  }\n"
        "}\n";
    auto findings = analyse(kernel);
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].line, 3);
    EXPECT_TRUE(analyse("namespace cudf { using size_type = int64_t; }\n" + kernel).empty());
    EXPECT_TRUE(
        analyse("namespace other { using size_type = long; }\n" +
                std::string("__global__ void replace(float* out, size_type nrows) {\n"
                            "  size_type i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                            "  for (; i < nrows; i += blockDim.x * gridDim.x) out[i] = 0.f;\n"
                            "}\n"))
            .empty());
}

TEST(CudaIndexStride, MessageRelatedAndFixHint) {
    auto findings = analyse(
        "__global__ void k(float* out, const float* cache, const int* block_table,\n"
        "                  int block_stride) {\n"
        "  const int block_id = block_table[blockIdx.x];\n"
        "  out[0] = cache[block_id * block_stride];\n"
        "}\n");
    ASSERT_EQ(findings.size(), 1u);
    const auto& f = findings[0];
    EXPECT_EQ(f.rule, "int32-index-stride");
    EXPECT_EQ(f.severity, Severity::error);
    EXPECT_EQ(f.path, "k.cu");
    EXPECT_EQ(f.line, 4);
    EXPECT_EQ(f.column, 27);  // the `*`
    EXPECT_EQ(f.message,
              "block id 'block_id' (read from block_table at line 3) times 'block_stride' (int) "
              "is computed in 32 bits: it wraps once offsets pass 2^31 - 1");
    ASSERT_EQ(f.related.size(), 2u);
    EXPECT_EQ(f.related[0].path, "k.cu");
    EXPECT_EQ(f.related[0].line, 3);
    EXPECT_EQ(f.related[0].column, 24);
    EXPECT_EQ(f.related[0].message, "block id read from block_table here");
    // The 32-bit stride's declaration: a 64-bit stride there would fix the product as well.
    EXPECT_EQ(f.related[1].line, 2);
    EXPECT_EQ(f.related[1].column, 23);
    EXPECT_EQ(f.related[1].message, "'block_stride' is declared int here");
    EXPECT_EQ(f.fix_hint,
              "widen before the multiply: static_cast<int64_t>(block_id) * block_stride");
    EXPECT_EQ(f.source_line, "  out[0] = cache[block_id * block_stride];");
}

TEST(CudaIndexStride, FixHintWidensTheIndexOperandWhenItIsOnTheRight) {
    auto findings = analyse(
        "__global__ void k(float* c, const int* block_table, uint32_t s) {\n"
        "  int b = block_table[0];\n"
        "  c[s * b] = 0;\n"
        "}\n");
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].fix_hint, "widen before the multiply: s * static_cast<int64_t>(b)");
    EXPECT_NE(findings[0].message.find("times 's' (uint32_t)"), std::string::npos);
}

TEST(CudaIndexStride, DirectReadIsNamedByItsText) {
    auto findings = analyse(
        "__global__ void k(float* c, const int* block_table, int s) {\n"
        "  c[block_table[threadIdx.x] * s] = 0;\n"
        "}\n");
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].message.substr(0, 60),
              "block id 'block_table[threadIdx.x]' (read from block_table a");
    EXPECT_EQ(findings[0].related[0].line, 2);
    EXPECT_EQ(findings[0].related[0].column, 5);
}

TEST(CudaIndexStride, StrideAliasInAnotherHeaderOfTheTree) {
    const std::string kernel =
        "#include \"types.h\"\n"
        "__global__ void k(float* c, const int* block_table, stride_t s) {\n"
        "  int b = block_table[0];\n"
        "  c[b * s] = 0;\n"
        "}\n";
    AuditTree narrow;
    narrow.files = {source("k.cu", kernel),
                    source("types.h", "using stride_t = index_type;\ntypedef int index_type;\n")};
    EXPECT_EQ(flagged_lines(cuda_index_stride_findings(narrow.files[0], narrow, AuditConfig{})),
              (std::set<std::int64_t>{4}));
    AuditTree wide;
    wide.files = {
        source("k.cu", kernel),
        source("types.h", "typedef long long index_type;\nusing stride_t = index_type;\n")};
    EXPECT_TRUE(cuda_index_stride_findings(wide.files[0], wide, AuditConfig{}).empty());
    AuditTree alone;
    alone.files = {source("k.cu", kernel)};  // stride_t unknown: not reported
    EXPECT_TRUE(cuda_index_stride_findings(alone.files[0], alone, AuditConfig{}).empty());
}

// vLLM's selective scan before its fix (#35275): the strides are members of a params struct
// whose header says `using index_t = uint32_t;`; the fix made index_t size_t.
TEST(CudaIndexStride, StrideMemberDeclaredInAHeaderOfTheTree) {
    const std::string kernel =
        "#include \"selective_scan.h\"\n"
        "__global__ void scan(SSMParamsBase params) {\n"
        "  const int* cache_indices = reinterpret_cast<int*>(params.cache_indices_ptr);\n"
        "  const int cache_index = cache_indices[blockIdx.x];\n"
        "  float* states = reinterpret_cast<float*>(params.ssm_states_ptr) +\n"
        "                  cache_index * params.ssm_states_batch_stride;\n"
        "  states[threadIdx.x] = 0.f;\n"
        "}\n";
    auto header = [](std::string_view index_t) {
        return "struct SSMParamsBase {\n  using index_t = " + std::string(index_t) +
               ";\n  int batch, dim;\n  index_t ssm_states_batch_stride;\n"
               "  void* __restrict__ cache_indices_ptr;\n  void* __restrict__ "
               "ssm_states_ptr;\n};\n";
    };
    AuditTree before;
    before.files = {source("selective_scan.h", header("uint32_t")), source("scan.cu", kernel)};
    auto findings = cuda_index_stride_findings(before.files[1], before, AuditConfig{});
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].line, 6);
    // The member's type is its struct's `index_t`, named by what it stands for there.
    EXPECT_NE(findings[0].message.find("'params.ssm_states_batch_stride' (uint32_t)"),
              std::string::npos)
        << findings[0].message;
    AuditTree after;
    after.files = {source("selective_scan.h", header("size_t")), source("scan.cu", kernel)};
    EXPECT_TRUE(cuda_index_stride_findings(after.files[1], after, AuditConfig{}).empty());
    AuditTree alone;  // the header is not part of the audited tree: the width is unknown
    alone.files = {source("scan.cu", kernel)};
    EXPECT_TRUE(cuda_index_stride_findings(alone.files[0], alone, AuditConfig{}).empty());
}

// Mamba's selective scan before #881: the header declares `using index_t = uint32_t;` inside the
// params struct, and a struct of another header declares its own 64-bit `index_t`: each member
// has its own struct's.
TEST(CudaIndexStride, StructScopedAliasesDecideTheWidthOfTheirMembers) {
    const std::string kernel =
        "__global__ void scan(SSMParamsBase params) {\n"
        "  const int batch_id = blockIdx.x;\n"
        "  float* u = reinterpret_cast<float*>(params.u_ptr) + batch_id * params.u_batch_stride;\n"
        "  float* q = reinterpret_cast<float*>(params.q_ptr) + batch_id * params.q_batch_stride;\n"
        "  u[threadIdx.x] = q[threadIdx.x];\n"
        "}\n";
    AuditTree tree;
    tree.files = {
        source("selective_scan.h",
               "struct SSMParamsBase {\n  using index_t = uint32_t;\n  index_t u_batch_stride;\n"
               "  void* __restrict__ u_ptr;\n};\n"),
        source("flash.h",
               "struct Qkv_params {\n  using index_t = int64_t;\n  index_t q_batch_stride;\n"
               "  void* __restrict__ q_ptr;\n};\n"),
        source("scan.cu", kernel)};
    auto findings = cuda_index_stride_findings(tree.files[2], tree, AuditConfig{});
    EXPECT_EQ(flagged_lines(findings, Severity::warning), (std::set<std::int64_t>{3}));
}

// lmdeploy's activation kernel before #897: a grid-stride index bounded by `m * n`, an element
// count computed in 32 bits.
TEST(CudaIndexStride, AnElementCountBoundingAThreadIndexIsReportedByReach) {
    auto findings = analyse(
        "__global__ void act(float* out, int m, int n) {\n"
        "  for (int id = blockIdx.x * blockDim.x + threadIdx.x; id < m * n;\n"
        "       id += blockDim.x * gridDim.x)\n"
        "    out[id] = 0.f;\n"
        "}\n");
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].severity, Severity::warning);
    EXPECT_EQ(findings[0].line, 2);
    EXPECT_EQ(findings[0].column, 63);  // the `*` of m * n
    EXPECT_EQ(findings[0].message,
              "element count 'm * n', the bound of thread index 'id' (blockIdx at line 2), is "
              "computed in 32 bits: it wraps once out has more than 2^31 elements: m * n");
    ASSERT_EQ(findings[0].related.size(), 1u);
    EXPECT_EQ(findings[0].related[0].line, 2);
    AuditConfig config;
    config.max_elements = std::int64_t{1} << 33;
    AuditTree tree;
    tree.files.push_back(source("k.cu",
                                "__global__ void act(float* out, int m, int n) {\n"
                                "  int id = blockIdx.x * blockDim.x + threadIdx.x;\n"
                                "  if (id < m * n) out[id] = 0.f;\n"
                                "}\n"));
    // The count, and the signed index itself: both wrap once out passes 2^31 elements.
    auto configured = cuda_index_stride_findings(tree.files[0], tree, config);
    ASSERT_EQ(configured.size(), 2u);
    EXPECT_EQ(configured[0].severity, Severity::error);
    EXPECT_EQ(configured[1].severity, Severity::error);
}

// exllamav3's activation kernels before its commit 7f5a9c7: a thread's position held in an int
// and used as the element offset of the whole tensor. Reported at the declaration, by reach.
TEST(CudaIndexStride, AFlatThreadIndexHeldInAnIntIsReportedByReach) {
    auto findings = analyse(
        "__global__ void act(const float* x, float* z, int numel) {\n"
        "  int idx = blockIdx.x * 256 + threadIdx.x;\n"
        "  if (idx >= numel) return;\n"
        "  z[idx] = x[idx];\n"
        "}\n");
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].severity, Severity::warning);
    EXPECT_EQ(findings[0].line, 2);
    EXPECT_EQ(findings[0].message,
              "thread index 'idx' (blockIdx.x at line 2) is kept in a signed 32-bit int and "
              "addresses 'x': it wraps once x has more than 2^31 elements");
}

// ggml's transposed copy before llama.cpp PR 25000: a thread index of the x axis held in an
// int and compared with an int64_t size. Reported at the declaration, naming the comparison.
TEST(CudaIndexStride, AThreadIndexComparedWithA64BitBoundIsReportedAtItsDeclaration) {
    auto findings = analyse(
        "__global__ void t(float* dst, const int64_t ne01) {\n"
        "  const int x = blockIdx.x * 32 + threadIdx.x;\n"
        "  if (x < ne01) dst[x] = 0.f;\n"
        "}\n");
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].severity, Severity::warning);
    EXPECT_EQ(findings[0].line, 2);
    EXPECT_EQ(findings[0].column, 13);  // the name `x`
    EXPECT_EQ(findings[0].message,
              "thread index 'x' (blockIdx.x at line 2) is kept in 32 bits but is compared with "
              "'ne01', a 64-bit bound, at line 3: it wraps once ne01 passes 2^31 - 1");
    EXPECT_EQ(findings[0].fix_hint,
              "declare 'x' int64_t and widen the block id: static_cast<int64_t>(blockIdx.x) * …");
}

// flash-attention PR 2260: a batch's element count in 32 bits, handed to a 64-bit stride.
TEST(CudaIndexStride, AnElementCountOfThreeSizesWidenedLateNamesItsFactors) {
    auto findings = analyse(
        "struct P { int s, h, d; };\n"
        "__global__ void k(const P params, float* out) {\n"
        "  const int64_t batch_stride = params.s * params.h * params.d;\n"
        "  out[batch_stride * blockIdx.y] = 0.f;\n"
        "}\n");
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].severity, Severity::warning);
    EXPECT_EQ(findings[0].line, 3);
    EXPECT_EQ(findings[0].column, 41);  // the first `*`
    EXPECT_EQ(findings[0].message,
              "element count 'params.s * params.h * params.d' multiplies 3 runtime sizes in 32 "
              "bits and only then is widened: it wraps once it passes 2^31 - 1");
    EXPECT_TRUE(findings[0].related.empty());
}

// xformers widened its Params' bias strides, not the multiply: the finding names the member's
// declaration, where the fix goes.
TEST(CudaIndexStride, AMemberStrideOfTheFilesClassIsPointedAt) {
    auto findings = analyse(
        "struct Params {\n"
        "  float* bias_ptr;\n"
        "  int32_t bias_strideB = 0;\n"
        "  __device__ void advance() { bias_ptr += blockIdx.z * bias_strideB; }\n"
        "};\n");
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].line, 4);
    ASSERT_EQ(findings[0].related.size(), 2u);
    EXPECT_EQ(findings[0].related[1].line, 3);
    EXPECT_EQ(findings[0].related[1].message, "'bias_strideB' is declared int32_t here");
}

// The element type finds the index; a configured name only adds a source that the type would
// not make one (here a table declared as float).
TEST(CudaIndexStride, ConfiguredIndexTablePatternsOnlyAddSources) {
    EXPECT_EQ(analyse("__global__ void k(float* c, const int* pages, int s) {\n"
                      "  int p = pages[0];\n"
                      "  c[p * s] = 0;\n"
                      "}\n")
                  .size(),
              1u);
    const std::string kernel =
        "__global__ void k(float* c, const float* pages, int s) {\n"
        "  int p = pages[0];\n"
        "  c[p * s] = 0;\n"
        "}\n";
    EXPECT_TRUE(analyse(kernel).empty());
    AuditTree tree;
    tree.files = {source("k.cu", kernel)};
    AuditConfig config;
    config.index_tables = {"pages"};
    EXPECT_EQ(cuda_index_stride_findings(tree.files[0], tree, config).size(), 1u);
}

TEST(CudaIndexStride, OneFindingPerMultiplyEvenWhenItReachesSeveralOffsets) {
    auto findings = analyse(
        "__global__ void k(float* a, float* b2, const int* block_table, int s) {\n"
        "  int b = block_table[0];\n"
        "  int off = b * s;\n"
        "  a[off] = 0;\n"
        "  b2[off + 1] = 0;\n"
        "}\n");
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].line, 3);
}

// Each 32-bit product of a line is its own finding: a value holds every product it was given,
// not only the first, so silencing or fixing one does not hide the other.
TEST(CudaIndexStride, EveryProductOfALineIsReported) {
    auto findings = analyse(
        "__global__ void k(float* a, const int* t, int s1, int s2) {\n"
        "  int b = t[0];\n"
        "  int c = t[1];\n"
        "  a[b * s1 + c * s2] = 0;\n"
        "}\n");
    ASSERT_EQ(findings.size(), 2u);
    EXPECT_EQ(findings[0].line, 4);
    EXPECT_EQ(findings[1].line, 4);
    EXPECT_NE(findings[0].message.find("'b'"), std::string::npos);
    EXPECT_NE(findings[1].message.find("'c'"), std::string::npos);
}

// A running offset's finding points at where the sizes were summed, and a warning by reach: its
// source is the kernel's own arithmetic, as a block id's is.
TEST(CudaIndexStride, RunningOffsetNamesWhereItWasSummed) {
    auto findings = analyse(
        "__global__ void k(float* a, unsigned m, const unsigned* layout) {\n"
        "  unsigned sum = 0;\n"
        "  for (int g = 0; g < 4; ++g) {\n"
        "    sum += m;\n"
        "    a[sum * m] = 0;\n"
        "  }\n"
        "}\n");
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].line, 5);
    EXPECT_EQ(findings[0].severity, Severity::warning);
    EXPECT_NE(findings[0].message.find("running offset 'sum' (sizes summed into it at line 4)"),
              std::string::npos)
        << findings[0].message;
    ASSERT_FALSE(findings[0].related.empty());
    EXPECT_EQ(findings[0].related[0].line, 4);
}

// A chain is reported once, at its first runtime multiply: widening that index widens the rest.
TEST(CudaIndexStride, AChainOfProductsIsReportedOnce) {
    auto findings = analyse(
        "__global__ void k(float* a, int dim, int n_chunks, int dstate) {\n"
        "  const int batch_id = blockIdx.x;\n"
        "  a[batch_id * dim * n_chunks * dstate] = 0;\n"
        "}\n");
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].severity, Severity::warning);
    EXPECT_EQ(findings[0].message,
              "block id 'batch_id' (blockIdx at line 2) times 'dim' (int) is computed in 32 bits: "
              "it wraps once a has more than 2^31 elements: batch_id \u00d7 dim");
}

TEST(CudaIndexStride, DemoUpstreamGatherIsClean) {
    auto path = kSource / "examples/demo/upstream/csrc/attention/paged_gather.cuh";
    EXPECT_TRUE(analyse(read_file(path), "csrc/attention/paged_gather.cuh").empty());
}

TEST(CudaIndexStride, DemoPatch0002IsFlaggedAtLine28) {
    test_support::TempDir dir;
    fs::copy(kSource / "examples/demo/upstream", dir.path() / "tree", fs::copy_options::recursive);
    auto patched = test_support::run_process(
        {"patch", "-p1", "--fuzz=0", "-s", "-i",
         (kSource / "examples/demo/patches/0002-kv-int32-block-ids.patch").string()},
        dir.path() / "tree");
    ASSERT_EQ(patched.status, 0) << patched.out << patched.err;
    auto text = read_file(dir.path() / "tree/csrc/attention/paged_gather.cuh");
    auto findings = analyse(text, "csrc/attention/paged_gather.cuh");
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].line, 28);
    EXPECT_EQ(findings[0].source_line,
              "  const int64_t src_base = block_id * block_stride + head * head_stride;");
    EXPECT_EQ(findings[0].related[0].line, 27);
    EXPECT_EQ(findings[0].fix_hint,
              "widen before the multiply: static_cast<int64_t>(block_id) * block_stride");
}

}  // namespace
}  // namespace patchbay
