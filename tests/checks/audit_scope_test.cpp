#include "checks/audit_scope.hpp"

#include <gtest/gtest.h>

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

TEST(NormalisedLine, CollapsesWhitespace) {
    EXPECT_EQ(normalised_line("  a  *\tb \r\n"), "a * b");
}

}  // namespace
}  // namespace patchbay
