// git is the oracle: `git diff --no-index` for hunks and their function context (git's default
// rule, as a repository without .gitattributes uses it), `git hash-object` for blob ids. The
// texts are the demo upstream's Python and CUDA files.

#include "regenerate/buffer_diff.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "patches/patch_writer.hpp"
#include "tests/support/tagged_lines.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/temp_tree.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::TempTree;

const fs::path kUpstream = fs::path(PATCHBAY_SOURCE_DIR) / "examples/demo/upstream";

using test_support::replaced;

// The hunks of `git diff --no-index`, from the first "@@" on.
std::string git_hunks(const std::string& old_text, const std::string& new_text) {
    TempTree tree;
    tree.write("a", old_text);
    tree.write("b", new_text);
    auto out = tree.run("git diff --no-index a b; test $? -le 1");
    auto at = out.find("\n@@");
    return at == std::string::npos ? "" : out.substr(at + 1) + "\n";
}

std::string our_hunks(const std::string& old_text, const std::string& new_text) {
    auto diff = diff_buffers(old_text, new_text);
    EXPECT_TRUE(diff.ok());
    std::string out;
    if (diff.ok())
        for (const auto& hunk : diff->hunks) out += render_hunk(hunk);
    return out;
}

TEST(BufferDiff, PythonHunksAndFunctionContextAreGits) {
    auto text = test_support::read_file(kUpstream / "vllm/core/scheduler.py");
    auto edited = replaced(text, "    max_num_seqs: int = 256\n", "    max_num_seqs: int = 512\n");
    edited = replaced(edited, "        self.config = config\n",
                      "        self.config = config\n        self.steps = 0\n");
    edited = replaced(edited, "import enum\n", "import enum\nimport os\n");
    auto expected = git_hunks(text, edited);
    ASSERT_NE(expected.find("@@ class "), std::string::npos) << expected;
    EXPECT_EQ(our_hunks(text, edited), expected);
}

TEST(BufferDiff, CudaHunksAndFunctionContextAreGits) {
    auto text = test_support::read_file(kUpstream / "csrc/attention/paged_gather.cuh");
    auto edited = replaced(text, "    out_v[dst] = v_cache[src_base + e];\n",
                           "    out_v[dst] = v_cache[src_base + e];  // same row\n");
    edited = replaced(edited, "  const int head_stride = block_size * HEAD_DIM;\n",
                      "  const int64_t head_stride = block_size * HEAD_DIM;\n");
    auto expected = git_hunks(text, edited);
    ASSERT_NE(expected.find("@@ cudaError_t paged_gather("), std::string::npos) << expected;
    EXPECT_EQ(our_hunks(text, edited), expected);
}

// git cuts the function line to 80 bytes and then trims the space at its end; libgit2 trims
// first, so a space at byte 80 used to stay.
TEST(BufferDiff, ALongFunctionLineIsCutAndTrimmedAsGitDoes) {
    std::string def =
        "def a_function_with_a_rather_long_name(first_argument, second_argument, thirds, "
        "fourth):\n";
    ASSERT_EQ(def[79], ' ');
    std::string text = def;
    for (int i = 0; i < 12; ++i)
        text += "    x" + std::to_string(i) + " = " + std::to_string(i) + "\n";
    auto edited = replaced(text, "    x9 = 9\n", "    x9 = 90\n");
    auto expected = git_hunks(text, edited);
    EXPECT_EQ(our_hunks(text, edited), expected);
    EXPECT_NE(expected.find("thirds,\n"), std::string::npos) << expected;
}

// A line that does not start with a letter, '_' or '$' is no function line (git's default).
TEST(BufferDiff, IndentedAndPunctuatedLinesAreNoContext) {
    std::string text = "#include <x>\n  int y;\n{\n" + std::string("a\nb\nc\nd\ne\nf\n");
    auto edited = replaced(text, "f\n", "F\n");
    EXPECT_EQ(our_hunks(text, edited), git_hunks(text, edited));
}

TEST(BufferDiff, BlobIdsAreGitsHashObject) {
    TempTree tree;
    tree.write("f", "x = 1\n");
    EXPECT_EQ(blob_id("x = 1\n", 0), tree.run("git hash-object f"));
    EXPECT_EQ(blob_id("x = 1\n", 7), tree.run("git hash-object f").substr(0, 7));
}

TEST(BufferDiff, ABinarySideGivesNoHunks) {
    auto diff = diff_buffers(std::string("a\0b", 3), "text\n");
    ASSERT_TRUE(diff.ok());
    EXPECT_TRUE(diff->binary);
    EXPECT_TRUE(diff->hunks.empty());
}

TEST(BufferDiff, UnifiedDiffOfEqualTextsIsEmpty) {
    auto same = unified_diff("a\n", "a\n", "x", "x");
    ASSERT_TRUE(same.ok());
    EXPECT_EQ(*same, "");
    auto diff = unified_diff("a\n", "b\n", "p", "p");
    ASSERT_TRUE(diff.ok());
    EXPECT_NE(diff->find("-a\n+b\n"), std::string::npos) << *diff;
}

}  // namespace
}  // namespace patchbay
