// End-to-end, with git as the oracle: a patch written by `git format-patch`, regenerated from a
// worktree edit, must be byte for byte what format-patch writes for the same edit (the first
// "From <commit id>" line aside): its diffstat recomputed (scaled graph, a long name cut, the
// create/delete/rename/mode summary), its hunk headers with git's function context, its "-- "
// signature kept. The files are the demo's upstream (a vLLM-like tree).
// Also tests regenerate/patch_rewrite.cpp (sections, diffstat and signature, through the binary).

#include <gtest/gtest.h>

#include <filesystem>
#include <functional>

#include "tests/support/cli.hpp"
#include "tests/support/tagged_lines.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/temp_tree.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::contains;
using test_support::kDemo;
using test_support::patchbay;
using test_support::read_file;
using test_support::TempTree;
using test_support::write_file;

const std::string kPatch = "0001-topic.patch";
const std::string kLongDoc =
    "docs/a_rather_long_directory_name_for_scaling/and_an_even_longer_file_name.md";

using test_support::replace_in;

std::string numbered(const std::string& tag, int from, int to) {
    std::string text;
    for (int i = from; i <= to; ++i) text += tag + " " + std::to_string(i) + "\n";
    return text;
}

// The commit format-patch exports first: a change in a dataclass and in a CUDA kernel, a
// rename with a small change, a deleted file, a new file long enough to scale the graph and
// named long enough to be cut, a mode change.
void topic_edits(const fs::path& root) {
    replace_in(root / "vllm/core/scheduler.py", "    max_num_seqs: int = 256\n",
               "    max_num_seqs: int = 512\n");
    replace_in(root / "csrc/attention/paged_gather.cuh", "  const int elems = block_size",
               "  const int64_t elems = block_size");
    fs::create_directories(root / "vllm/config");
    fs::rename(root / "vllm/envs.py", root / "vllm/config/envs.py");
    replace_in(root / "vllm/config/envs.py", "import os\n", "import os  # the registry\n");
    fs::remove(root / "vllm/__init__.py");
    write_file(root / kLongDoc, numbered("note", 1, 120));
    fs::permissions(root / "vllm/attention/ops/paged_gather.py", fs::perms::owner_exec,
                    fs::perm_options::add);
}

// The edit made later, once in the worktree and once by amending the commit: a new hunk far
// down in a method, more lines in the new file, a second change in the kernel.
void later_edits(const fs::path& root) {
    replace_in(root / "vllm/core/scheduler.py", "        self.config = config\n",
               "        self.config = config\n        self.steps = 0\n");
    write_file(root / kLongDoc, numbered("note", 1, 150));
    replace_in(root / "csrc/attention/paged_gather.cuh",
               "    out_v[dst] = v_cache[src_base + e];\n",
               "    out_v[dst] = v_cache[src_base + e];  // same row\n");
}

class FormatPatchOracle : public ::testing::Test {
  protected:
    void SetUp() override {
        fs::copy(kDemo / "upstream", tree / "repo", fs::copy_options::recursive);
        in_repo(
            "git init -q && git config user.name T && git config user.email t@t && "
            "git add -A && git commit -qm base && git tag base");
        topic_edits(tree / "repo");
        in_repo(
            "git add -A && git commit -qm 'Topic: widen and move' && "
            "git format-patch -q -1 -o ../out");
        tree.run("mkdir -p s/up s/patches && git -C repo archive base | tar -x -C s/up");
        tree.run("cp out/*.patch s/patches/" + kPatch);
        write_file(tree / "s/patches/series", kPatch + "\n");
        write_file(tree / "s/patchbay.toml", "[upstream]\npath = \"up\"\n");
    }
    void in_repo(const std::string& command) { tree.run("cd repo && " + command); }
    std::string without_first_line(const std::string& text) {
        return text.substr(text.find('\n') + 1);
    }
    TempTree tree;
};

TEST_F(FormatPatchOracle, ARegeneratedMailIsWhatFormatPatchWritesForTheSameEdit) {
    ASSERT_TRUE(contains(read_file(tree / "s/patches" / kPatch), " create mode 100644 "))
        << "the setup must exercise the summary lines";
    auto made = patchbay({"apply", "--worktree", "W"}, tree / "s");
    ASSERT_EQ(made.status, 0) << made.out << made.err;
    later_edits(tree / "s/W");
    auto result = patchbay({"regenerate", kPatch, "--worktree", "W"}, tree / "s");
    ASSERT_EQ(result.status, 0) << result.out << result.err;

    later_edits(tree / "repo");
    in_repo("git add -A && git commit -q --amend --no-edit && git format-patch -q -1 -o ../again");
    auto expected = read_file(tree / tree.run("ls again/*.patch"));
    auto regenerated = read_file(tree / "s/patches" / kPatch);
    EXPECT_EQ(without_first_line(regenerated), without_first_line(expected));
    EXPECT_TRUE(contains(regenerated, "\n-- \n")) << regenerated;
}

// An untouched worktree leaves the mail as format-patch wrote it.
TEST_F(FormatPatchOracle, AnUntouchedWorktreeLeavesTheMailAlone) {
    auto original = read_file(tree / "s/patches" / kPatch);
    auto made = patchbay({"apply", "--worktree", "W"}, tree / "s");
    ASSERT_EQ(made.status, 0) << made.out << made.err;
    auto check = patchbay({"regenerate", kPatch, "--worktree", "W", "--check"}, tree / "s");
    EXPECT_EQ(check.status, 0) << check.out << check.err;
    EXPECT_EQ(read_file(tree / "s/patches" / kPatch), original);
}

}  // namespace
}  // namespace patchbay
