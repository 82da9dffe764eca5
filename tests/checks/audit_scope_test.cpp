// What an audit looks at and what it calls new: the files a tree keeps, the tree before a
// series, the findings a change fixed or added.
// Also tests checks/rules/rule.cpp: any_rule_may_need here (which files are kept), Rule::check
// in every test of tests/checks/rules/.

#include "checks/audit_scope.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "checks/audit.hpp"
#include "tests/support/memory_source.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

using test_support::TempDir;
using test_support::write_file;

// Files no rule can use are read, counted and dropped; the ones a finding needs stay, the
// header whose typedef another file uses included.
TEST(TreeFromDirectory, KeepsOnlyFilesARuleCanUse) {
    TempDir dir;
    write_file(dir / "plain.py", "def f(x):\n    return x * 2\n");
    write_file(dir / "types.cuh", "typedef int stride_t;\n");
    write_file(dir / "kernel.cu",
               "#include \"types.cuh\"\n__global__ void k(float* out, const float* cache,\n"
               "    const int* block_table, stride_t block_stride) {\n"
               "  const int b = block_table[blockIdx.x];\n"
               "  out[0] = cache[b * block_stride];\n}\n");
    write_file(dir / "quiet.py", "# patchbay: ignore[raw-env-read]\nx = 1\n");
    AuditConfig config;
    auto tree = tree_from_directory(dir.path(), config);
    ASSERT_TRUE(tree.ok()) << tree.error().located();
    std::vector<std::string> kept;
    for (const auto& file : tree->files) kept.push_back(file.path);
    EXPECT_EQ(kept, (std::vector<std::string>{"kernel.cu", "quiet.py", "types.cuh"}));
    EXPECT_EQ(tree->dropped, std::vector<std::string>{"plain.py"});
}

// A C/C++ header the include patterns leave out is read for what it declares, no more, when an
// audited file includes it (`#include "…"`): the params struct of csrc/params.h is kept for
// csrc/gather.cu, marked declarations-only; a header no audited file includes (whatever it
// declares: a name declared two ways would have no width), one that declares nothing and a file
// of another kind stay unread and uncounted.
TEST(TreeFromDirectory, AHeaderOutsideIncludeIsReadForItsDeclarationsOnly) {
    TempDir dir;
    write_file(dir / "csrc/params.h",
               "#pragma once\nstruct GatherParams {\n  uint32_t stride;\n};\n");
    write_file(dir / "csrc/macros.h", "#define CHECK(x) x\n");
    write_file(dir / "other/unrelated.h", "struct Other {\n  int64_t stride;\n};\n");
    write_file(dir / "csrc/gather.cu",
               "#include \"params.h\"\n__global__ void g(const int* block_table, GatherParams "
               "p, float* out) {\n  int b = block_table[blockIdx.x];\n  out[b * p.stride] = "
               "0.f;\n}\n");
    write_file(dir / "csrc/notes.txt", "typedef int not_code;\n");
    AuditConfig config;
    auto tree = tree_from_directory(dir.path(), config);
    ASSERT_TRUE(tree.ok()) << tree.error().located();
    std::vector<std::pair<std::string, bool>> kept;
    for (const auto& file : tree->files) kept.emplace_back(file.path, file.declarations_only);
    EXPECT_EQ(kept, (std::vector<std::pair<std::string, bool>>{{"csrc/gather.cu", false},
                                                               {"csrc/params.h", true}}));
    EXPECT_TRUE(tree->dropped.empty());
    config.include.push_back("**/*.h");
    auto included = tree_from_directory(dir.path(), config);
    ASSERT_TRUE(included.ok());
    ASSERT_NE(included->find("csrc/params.h"), nullptr);
    EXPECT_FALSE(included->find("csrc/params.h")->declarations_only);
    EXPECT_EQ(included->dropped, std::vector<std::string>{"csrc/macros.h"});
}

// A header of the tree that audited files name only with `#include <…>` (cuDF's
// `<cudf/types.hpp>`) is read for its type aliases alone: `size_type` gets its width, so the
// grid-stride loop over it is reported, but its structs stay out of the tree's types (a struct
// member read through it has no known width, so its product is not reported).
TEST(TreeFromDirectory, AHeaderIncludedWithAnglesGivesItsAliasesOnly) {
    TempDir dir;
    write_file(dir / "include/cudf/types.hpp",
               "namespace cudf {\nusing size_type = int32_t;\n"
               "struct view {\n  int stride;\n};\n}\n");
    write_file(dir / "src/fill.cu",
               "#include <cudf/types.hpp>\n"
               "__global__ void fill(float* out, cudf::size_type n, cudf::view v) {\n"
               "  cudf::size_type i = blockIdx.x * blockDim.x + threadIdx.x;\n"
               "  while (i < n) {\n    out[i] = 0.f;\n    i += blockDim.x * gridDim.x;\n  }\n"
               "  const int row = blockIdx.x;\n  out[row * v.stride] = 0.f;\n}\n");
    AuditConfig config;
    auto tree = tree_from_directory(dir.path(), config);
    ASSERT_TRUE(tree.ok()) << tree.error().located();
    const SourceFile* header = tree->find("include/cudf/types.hpp");
    ASSERT_NE(header, nullptr);
    EXPECT_TRUE(header->declarations_only);
    EXPECT_TRUE(header->aliases_only);
    EXPECT_FALSE(header->declarations_private);
    auto report = run_audit(*tree, config);
    std::vector<std::int64_t> lines;
    for (const auto& finding : report.findings)
        if (finding.rule == "int32-index-stride") lines.push_back(finding.line);
    EXPECT_EQ(lines, std::vector<std::int64_t>{3});
}

// cuDF's kernels name `<cudf/column/column_device_view.cuh>`, which names `<cudf/types.hpp>`:
// the index type two includes away is read, a class's own `size_type` beside it is not taken.
TEST(TreeFromDirectory, AHeaderIncludedInTurnGivesItsAliasesToo) {
    TempDir dir;
    write_file(
        dir / "include/cudf/types.hpp",
        "#include \"utilities/span.hpp\"\nnamespace cudf {\nusing size_type = int32_t;\n}\n");
    write_file(dir / "include/cudf/utilities/span.hpp",
               "namespace cudf {\nclass span {\n  using size_type = std::size_t;\n};\n}\n");
    write_file(
        dir / "include/cudf/column/view.hpp",
        "#include <cudf/types.hpp>\nnamespace cudf {\nclass column_view {\n  int x;\n};\n}\n");
    write_file(dir / "include/cudf/unrelated.hpp", "using size_type = int64_t;\n");
    write_file(dir / "src/fill.cu",
               "#include <cudf/column/view.hpp>\n"
               "__global__ void fill(float* out, cudf::size_type n) {\n"
               "  cudf::size_type i = blockIdx.x * blockDim.x + threadIdx.x;\n"
               "  while (i < n) {\n    out[i] = 0.f;\n    i += blockDim.x * gridDim.x;\n  }\n}\n");
    AuditConfig config;
    auto tree = tree_from_directory(dir.path(), config);
    ASSERT_TRUE(tree.ok()) << tree.error().located();
    for (const char* path : {"include/cudf/types.hpp", "include/cudf/utilities/span.hpp"}) {
        const SourceFile* header = tree->find(path);
        ASSERT_NE(header, nullptr) << path;
        EXPECT_TRUE(header->aliases_only) << path;
    }
    EXPECT_EQ(tree->find("include/cudf/unrelated.hpp"), nullptr);  // named by no include
    auto report = run_audit(*tree, config);
    std::vector<std::int64_t> lines;
    for (const auto& finding : report.findings)
        if (finding.rule == "int32-index-stride") lines.push_back(finding.line);
    EXPECT_EQ(lines, std::vector<std::int64_t>{3});
}

// flash-attention's layout: kernels in `.h` files that the `.cu` files include through a launch
// template, their params struct in a header beside them that they do not include.
void write_kernel_header_tree(const TempDir& dir) {
    write_file(dir / "fa/flash.h", "struct Params {\n  int64_t row_stride;\n  int h;\n};\n");
    write_file(dir / "fa/flash_bwd_kernel.h",
               "#include \"common/base.h\"\n"
               "template <typename T> __device__ void bwd(const Params& params, T* out) {\n"
               "  const int m_block = blockIdx.x;\n"
               "  out[m_block * params.row_stride] = 0;\n"
               "  out[m_block * params.h] = 0;\n}\n");
    write_file(dir / "fa/kernel_traits.h", "struct Traits {\n  int64_t unrelated;\n};\n");
    write_file(dir / "fa/host_only.h", "int host(int a, int b) { return a * b; }\n");
    write_file(dir / "common/base.h", "struct Base {\n  int row_stride;\n};\n");
    write_file(dir / "other/q.h", "struct Q {\n  int row_stride;\n};\n");
    write_file(dir / "other/k.cu",
               "#include \"q.h\"\n__global__ void k(Q q, float* out) {\n"
               "  const int row = blockIdx.x;\n  out[row * q.row_stride] = 0.f;\n}\n");
}

// A header outside the patterns that reads blockIdx is kernel code: audited where the patterns
// audit a `.cu` in its place. Its folder's headers are read for its types alone
// (declarations-private), and the headers it includes are not read for it.
TEST(TreeFromDirectory, AKernelHeaderIsAuditedWithItsFolderTypes) {
    TempDir dir;
    write_kernel_header_tree(dir);
    AuditConfig config;
    auto tree = tree_from_directory(dir.path(), config);
    ASSERT_TRUE(tree.ok()) << tree.error().located();
    std::vector<std::tuple<std::string, bool, bool>> kept;
    for (const auto& file : tree->files)
        kept.emplace_back(file.path, file.declarations_only, file.declarations_private);
    EXPECT_EQ(kept, (std::vector<std::tuple<std::string, bool, bool>>{
                        {"fa/flash.h", true, true},
                        {"fa/flash_bwd_kernel.h", false, true},
                        {"fa/kernel_traits.h", true, true},
                        {"other/k.cu", false, false},
                        {"other/q.h", true, false}}));
    config.include = {"other/**/*.cu"};
    auto elsewhere = tree_from_directory(dir.path(), config);
    ASSERT_TRUE(elsewhere.ok());
    EXPECT_EQ(elsewhere->find("fa/flash_bwd_kernel.h"), nullptr);
}

// Ginkgo keeps the kernels its CUDA and HIP backends share in `.hpp.inc` files: audited as a
// kernel header is, where the patterns audit a `.cu` in its place; one without kernel code is
// read for its declarations only, and only when a file includes it.
TEST(TreeFromDirectory, AnIncludedKernelFileIsAuditedAsAKernelHeader) {
    TempDir dir;
    write_file(dir / "common/matrix/csr_kernels.hpp.inc",
               "__global__ void spgeam_nnz(const int* row_ptrs, int* nnz, int num_rows) {\n"
               "  auto row = threadIdx.x + blockDim.x * blockIdx.x;\n"
               "  nnz[row] = row_ptrs[row + 1] - row_ptrs[row];\n}\n");
    write_file(dir / "common/base/types.hpp.inc", "using size_type = std::size_t;\n");
    write_file(dir / "cuda/matrix/csr.cu", "#include \"common/matrix/csr_kernels.hpp.inc\"\n");
    auto tree = tree_from_directory(dir.path(), AuditConfig{});
    ASSERT_TRUE(tree.ok()) << tree.error().located();
    const SourceFile* kernels = tree->find("common/matrix/csr_kernels.hpp.inc");
    ASSERT_NE(kernels, nullptr);
    EXPECT_FALSE(kernels->declarations_only);
    EXPECT_EQ(kernels->language, Language::cuda);
    EXPECT_EQ(tree->find("common/base/types.hpp.inc"), nullptr);
}

// The kernel header's products take their widths from its folder (`row_stride` is 64-bit in
// fa/flash.h), and its folder's structs stay out of the rest of the tree: other/k.cu's
// `q.row_stride` is still other/q.h's int, not a name declared two ways.
TEST(TreeFromDirectory, AKernelHeadersFolderTypesAreItsOwn) {
    TempDir dir;
    write_kernel_header_tree(dir);
    auto tree = tree_from_directory(dir.path(), AuditConfig{});
    ASSERT_TRUE(tree.ok()) << tree.error().located();
    auto report = run_audit(*tree, AuditConfig{});
    std::vector<std::pair<std::string, std::int64_t>> flagged;
    for (const auto& finding : report.findings) flagged.emplace_back(finding.path, finding.line);
    EXPECT_EQ(flagged, (std::vector<std::pair<std::string, std::int64_t>>{
                           {"fa/flash_bwd_kernel.h", 5}, {"other/k.cu", 4}}));
    EXPECT_EQ(report.summary.files, 2);
}

TEST(NormalisedLine, CollapsesWhitespace) {
    EXPECT_EQ(normalised_line("  a  *\tb \r\n"), "a * b");
}

// The result tree of a series that changed a.py, created c.py and deleted d.py: before it,
// a.py and d.py are the pristine ones, c.py is not there, b.py is the same file.
TEST(TreeBefore, ChangedPathsComeFromThePristineSourceTheRestIsShared) {
    test_support::MemorySource source;
    source.file("a.py", "old\n");
    source.file("b.py", "same\n");
    source.file("d.py", "deleted\n");
    AuditTree result;
    result.files = {{"a.py", "new\n", Language::python},
                    {"b.py", "same\n", Language::python},
                    {"c.py", "created\n", Language::python}};
    AuditConfig config;
    auto before = tree_before(result, source, {"a.py", "c.py", "d.py"}, config);
    ASSERT_TRUE(before.ok()) << before.error().located();
    std::vector<std::string> seen;
    for (const auto& file : before->files) seen.push_back(file.path + "=" + file.text.str());
    EXPECT_EQ(seen, (std::vector<std::string>{"a.py=old\n", "b.py=same\n", "d.py=deleted\n"}));
}

Finding at(std::string rule, std::string path, std::string source_line) {
    Finding f;
    f.rule = std::move(rule);
    f.path = std::move(path);
    f.source_line = std::move(source_line);
    return f;
}

// Matched on rule, path and the line's text with whitespace collapsed, one for one: the base's
// second identical line is fixed when head keeps only one.
TEST(FixedSinceBase, BaseFindingsNoHeadFindingMatches) {
    std::vector<Finding> base{at("r", "a.py", "x = y * s"), at("r", "a.py", "x = y * s"),
                              at("r", "b.py", "z"), at("q", "a.py", "w")};
    std::vector<Finding> head{at("r", "a.py", "x  =  y * s"), at("q", "a.py", "w"),
                              at("r", "c.py", "z")};
    auto fixed = fixed_since_base(head, base);
    ASSERT_EQ(fixed.size(), 2u);
    EXPECT_EQ(fixed[0].path, "a.py");
    EXPECT_EQ(fixed[0].rule, "r");
    EXPECT_EQ(fixed[1].path, "b.py");
    EXPECT_TRUE(fixed_since_base(base, base).empty());
}

TEST(LabelNewAgainstBase, NewWhenTheBaseLacksTheLine) {
    std::vector<Finding> base{at("r", "a.py", "x = y * s")};
    std::vector<Finding> head{at("r", "a.py", "x = y * s"), at("r", "a.py", "x = y * s"),
                              at("r", "a.py", "other")};
    label_new_against_base(head, base);
    EXPECT_FALSE(head[0].is_new);
    EXPECT_TRUE(head[1].is_new);  // two identical lines at head need two at base
    EXPECT_TRUE(head[2].is_new);
}

}  // namespace
}  // namespace patchbay
