// End-to-end: `patchbay regenerate` on copies of the demo. Expected patch texts are the demo's
// own files (written by git) or hand-written lines; never output of patchbay fed back as truth.
// Also tests tool/cmd_regenerate.cpp, regenerate/regenerate_session.cpp,
// tool/regenerate_report_text.cpp and series/series_delta.cpp (the later patches' changed rows,
// through the binary).

#include <gtest/gtest.h>

#include <filesystem>

#include "tests/support/cli.hpp"
#include "tests/support/tagged_lines.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::contains;
using test_support::kDemo;
using test_support::patchbay;
using test_support::ProcessResult;
using test_support::read_file;
using test_support::run_process;
using test_support::TempDir;
using test_support::write_file;

const std::string k0002 = "0002-kv-int32-block-ids.patch";
const std::string k0003 = "0003-triton-paged-gather-v2.patch";
const std::string k0004 = "0004-utils-package.patch";

std::string preamble_of(const std::string& patch) {
    return patch.substr(0, patch.find("diff --git"));
}

using test_support::replace_in;

class RegenerateDemo : public ::testing::Test {
  protected:
    void SetUp() override { fs::copy(kDemo, demo(), fs::copy_options::recursive); }
    fs::path demo() const { return dir.path() / "demo"; }
    fs::path patch(const std::string& name) const { return demo() / "patches" / name; }
    fs::path worktree(const std::string& name) {
        fs::path wt = dir.path() / ("wt-" + name);
        auto made = patchbay({"apply", "--worktree", wt.string(), "--upto", name}, demo());
        EXPECT_EQ(made.status, 0) << made.out << made.err;
        return wt;
    }
    TempDir dir;
};

// 0002 (mail headers and an "--- exported from" marker), 0003 (a new file), 0004 (a rename with
// "similarity index 89%") and 0006 were written by git against this upstream.
TEST_F(RegenerateDemo, AnUntouchedWorktreeReproducesTheGitWrittenPatchesByteForByte) {
    for (std::string name : {k0002, k0003, k0004, std::string("0006-widen-block-ids.patch")}) {
        auto original = read_file(kDemo / "patches" / name);
        auto wt = worktree(name);
        auto check = patchbay({"regenerate", name, "--worktree", wt.string(), "--check"}, demo());
        EXPECT_EQ(check.status, 0) << name << check.out << check.err;
        auto result = patchbay({"regenerate", name, "--worktree", wt.string()}, demo());
        EXPECT_EQ(result.status, 0) << name << result.out << result.err;
        EXPECT_TRUE(contains(result.out, "unchanged: patches/" + name)) << result.out;
        EXPECT_EQ(read_file(patch(name)), original) << name;
    }
}

TEST_F(RegenerateDemo, AnEditInTheNewFileGrowsItsHunkAndReportsTheLaterPatch) {
    auto wt = worktree(k0003);
    // Three lines before the line 0006 changes: 0006's hunk must move by 3.
    replace_in(
        wt / "vllm/attention/ops/paged_gather_v2.py", "    out_k_ptr,\n",
        "    # out_k_ptr: where K goes\n    # (contiguous)\n    # per token\n    out_k_ptr,\n");
    auto check = patchbay({"regenerate", k0003, "--worktree", wt.string(), "--check"}, demo());
    EXPECT_EQ(check.status, 1) << check.out << check.err;
    EXPECT_TRUE(contains(check.out, "-@@ -0,0 +1,81 @@\n+@@ -0,0 +1,84 @@\n")) << check.out;
    auto before = read_file(patch(k0003));
    EXPECT_EQ(before, read_file(kDemo / "patches" / k0003)) << "--check wrote the patch";

    auto result = patchbay({"regenerate", k0003, "--worktree", wt.string()}, demo());
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(contains(result.out,
                         "wrote patches/0003-triton-paged-gather-v2.patch (1 file, 1 hunk; "
                         "new-file hunk 81 → 84 lines; 1 later hunk now at an offset)"))
        << result.out;
    // GNU patch on the result: 0006's hunk at 33 now lands at 36.
    EXPECT_TRUE(contains(result.out,
                         "0006-widen-block-ids.patch  vllm/attention/ops/paged_gather_v2.py"
                         "  hunk #1 succeeded at 36 (offset 3 lines) (was: succeeded at 33)"))
        << result.out;
    auto after = read_file(patch(k0003));
    EXPECT_EQ(preamble_of(after), preamble_of(before));
    EXPECT_TRUE(contains(after, "@@ -0,0 +1,84 @@\n")) << after;
    EXPECT_TRUE(contains(after, "+    # out_k_ptr: where K goes\n"));
    auto series = patchbay({"check-series"}, demo());
    EXPECT_EQ(series.status, 0) << series.out;
    EXPECT_EQ(patchbay({"regenerate", k0003, "--worktree", wt.string(), "--check"}, demo()).status,
              0);
}

// A patch shared through a symlink (patches/0003… -> ../shared/…) is written where the link
// leads: the link stays, the shared file gets the new text.
TEST_F(RegenerateDemo, ASymlinkedPatchStaysALinkAndItsTargetIsWritten) {
    fs::create_directories(demo() / "shared");
    fs::rename(patch(k0003), demo() / "shared" / k0003);
    fs::create_symlink("../shared/" + k0003, patch(k0003));
    auto wt = worktree(k0003);
    replace_in(wt / "vllm/attention/ops/paged_gather_v2.py", "    out_k_ptr,\n",
               "    # where K goes\n    out_k_ptr,\n");
    auto result = patchbay({"regenerate", k0003, "--worktree", wt.string()}, demo());
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(fs::is_symlink(patch(k0003))) << "the link was replaced by a file";
    EXPECT_TRUE(contains(read_file(demo() / "shared" / k0003), "+    # where K goes\n"));
    EXPECT_EQ(patchbay({"check-series"}, demo()).status, 0);
}

// Issue #28 item 5: an edit committed in the worktree on top of the patch's commit (as a user of
// `git commit --fixup` does) is squashed into the patch, not refused.
TEST_F(RegenerateDemo, AnEditCommittedOnTopOfThePatchIsSquashedIntoIt) {
    auto wt = worktree(k0003);
    replace_in(wt / "vllm/attention/ops/paged_gather_v2.py", "    out_k_ptr,\n",
               "    # where K goes\n    out_k_ptr,\n");
    auto committed = run_process(
        {"git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "fix typo"}, wt);
    ASSERT_EQ(committed.status, 0) << committed.err;
    auto check = patchbay({"regenerate", k0003, "--worktree", wt.string(), "--check"}, demo());
    EXPECT_EQ(check.status, 1) << check.out << check.err;
    auto result = patchbay({"regenerate", k0003, "--worktree", wt.string()}, demo());
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(contains(read_file(patch(k0003)), "+    # where K goes\n+    out_k_ptr,\n"));
}

TEST_F(RegenerateDemo, RegeneratingTheMailPatchKeepsItsHeadersAndMarkerLine) {
    auto original = read_file(patch(k0002));
    auto wt = worktree(k0002);
    replace_in(wt / "csrc/attention/paged_gather.cuh", "  const int block_id = block_table[i];\n",
               "  const int block_id = block_table[i];  // 32-bit on purpose\n");
    auto result = patchbay({"regenerate", k0002, "--worktree", wt.string()}, demo());
    EXPECT_EQ(result.status, 1) << result.out << result.err;  // 0006's context line changed
    EXPECT_TRUE(contains(result.out, "1 later hunk now rejected")) << result.out;
    EXPECT_TRUE(contains(result.out, "0006-widen-block-ids.patch  rejected (was applied)"))
        << result.out;
    auto after = read_file(patch(k0002));
    EXPECT_EQ(preamble_of(after), preamble_of(original));
    EXPECT_TRUE(contains(after,
                         "--- exported from 3f9c2ab (kv-int32); regenerate with "
                         "tools/export-patches.sh, do not edit ---\ndiff --git"));
    EXPECT_TRUE(contains(after, "+  const int block_id = block_table[i];  // 32-bit on purpose\n"));
}

// Issue #28 item 4: a file created in the worktree, or an edit of one the patch does not touch,
// joins the patch only with --add-files; without it both are named, and --check fails.
TEST_F(RegenerateDemo, ChangesOutsideThePatchAreNamedAndJoinOnlyWithAddFiles) {
    auto wt = worktree(k0004);
    write_file(wt / "vllm/utils/cuda.py", "def is_cuda():\n    return True\n");
    replace_in(wt / "vllm/envs.py", "read by vLLM.", "read by vLLM (edited).");
    const std::string named =
        "left out: vllm/envs.py, vllm/utils/cuda.py (changed in the worktree; patches/" + k0004 +
        " does not touch them: pass --add-files to add them)\n";
    auto check = patchbay({"regenerate", k0004, "--worktree", wt.string(), "--check"}, demo());
    EXPECT_EQ(check.status, 1) << check.out << check.err;
    EXPECT_TRUE(contains(check.out, named)) << check.out;
    auto left = patchbay({"regenerate", k0004, "--worktree", wt.string()}, demo());
    EXPECT_EQ(left.status, 0) << left.out << left.err;
    EXPECT_TRUE(contains(left.out, named)) << left.out;
    EXPECT_EQ(read_file(patch(k0004)), read_file(kDemo / "patches" / k0004));
}

TEST_F(RegenerateDemo, AFileCreatedInTheWorktreeBecomesANewFileSection) {
    auto wt = worktree(k0004);
    write_file(wt / "vllm/utils/cuda.py", "def is_cuda():\n    return True\n");
    auto result = patchbay({"regenerate", k0004, "--worktree", wt.string(), "--add-files"}, demo());
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    auto after = read_file(patch(k0004));
    // Blob id from `git hash-object` of the two lines.
    EXPECT_TRUE(contains(after,
                         "diff --git a/vllm/utils/cuda.py b/vllm/utils/cuda.py\n"
                         "new file mode 100644\nindex 0000000.."))
        << after;
    EXPECT_TRUE(contains(after,
                         "--- /dev/null\n+++ b/vllm/utils/cuda.py\n@@ -0,0 +1,2 @@\n"
                         "+def is_cuda():\n+    return True\n"));
    EXPECT_TRUE(after.starts_with(read_file(kDemo / "patches" / k0004)));  // old sections first
}

TEST_F(RegenerateDemo, AWorktreeOfAnotherPatchIsRefusedWithTheApplyCommand) {
    auto wt = worktree(k0004);
    auto before = read_file(patch(k0003));
    auto result = patchbay({"regenerate", k0003, "--worktree", wt.string()}, demo());
    EXPECT_EQ(result.status, 2);
    EXPECT_TRUE(contains(result.err, "its HEAD commit is \"0004-utils-package.patch\""))
        << result.err;
    EXPECT_TRUE(contains(result.err, "patchbay apply --worktree NEW_DIR --upto " + k0003));
    EXPECT_EQ(read_file(patch(k0003)), before);
}

TEST_F(RegenerateDemo, BadFlagsAreBadInput) {
    EXPECT_EQ(patchbay({"regenerate", k0003}, demo()).status, 2);
    EXPECT_EQ(patchbay({"regenerate", "nope.patch", "--worktree", "x"}, demo()).status, 2);
    auto dialect = patchbay({"regenerate", k0003, "--worktree", "x", "--dialect", "svn"}, demo());
    EXPECT_EQ(dialect.status, 2);
    EXPECT_TRUE(contains(dialect.err, "svn")) << dialect.err;
}

// Issue #25: a mistyped NAME is answered with the listed name it most likely means, with and
// without --check (which must not speak of an --upto the user never gave).
TEST_F(RegenerateDemo, AMistypedNameSuggestsTheNearestListedOne) {
    const std::string said =
        "patchbay: error: '0003-triton-paged-gather-v3.patch' is not listed in the series; did "
        "you mean '0003-triton-paged-gather-v2.patch' (series line 6)?\n";
    std::vector<std::string> args = {"regenerate", "0003-triton-paged-gather-v3.patch",
                                     "--worktree", "wt"};
    auto written = patchbay(args, demo());
    EXPECT_EQ(written.status, 2);
    EXPECT_EQ(written.err, said);
    args.push_back("--check");
    auto checked = patchbay(args, demo());
    EXPECT_EQ(checked.status, 2);
    EXPECT_EQ(checked.err, said);
}

TEST_F(RegenerateDemo, FromCommitOfAForkReproducesAndUpdatesThePatch) {
    auto fork = worktree(k0003);  // a checkout whose HEAD commit is the 0003 topic commit
    auto original = read_file(patch(k0003));
    auto same = patchbay(
        {"regenerate", k0003, "--from-commit", "HEAD", "--repo", fork.string(), "--check"}, demo());
    EXPECT_EQ(same.status, 0) << same.out << same.err;
    replace_in(fork / "vllm/attention/ops/paged_gather_v2.py", "import os\n",
               "import os\nimport sys\n");
    ASSERT_EQ(run_process({"git", "-C", fork.string(), "-c", "user.name=t", "-c", "user.email=t@t",
                           "commit", "-q", "-a", "--amend", "--no-edit"})
                  .status,
              0);
    auto result =
        patchbay({"regenerate", k0003, "--from-commit", "HEAD", "--repo", fork.string()}, demo());
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "new-file hunk 81 → 82 lines; 1 later hunk now at an offset"))
        << result.out;
    auto after = read_file(patch(k0003));
    EXPECT_EQ(preamble_of(after), preamble_of(original));
    EXPECT_TRUE(contains(after, "@@ -0,0 +1,82 @@\n")) << after;
    EXPECT_TRUE(contains(after, "+import os\n+import sys\n+\n+import torch\n"));
}

TEST_F(RegenerateDemo, FromCommitStripsTheUpstreamDirectory) {
    fs::rename(demo() / "upstream", dir.path() / "vllm-src");
    fs::create_directories(demo() / "upstream");
    fs::rename(dir.path() / "vllm-src", demo() / "upstream/vllm-src");
    replace_in(demo() / "patchbay.toml", "path = \"upstream\"",
               "path = \"upstream\"\ndirectory = \"vllm-src\"");
    fs::path fork = dir.path() / "fork";
    write_file(fork / "vllm-src/vllm/envs.py", read_file(demo() / "upstream/vllm/envs.py"));
    write_file(fork / "README", "top level, outside the directory\n");
    auto git = [&](std::vector<std::string> args) {
        args.insert(args.begin(),
                    {"git", "-C", fork.string(), "-c", "user.name=t", "-c", "user.email=t@t"});
        return run_process(args).status;
    };
    ASSERT_EQ(git({"init", "-q"}), 0);
    ASSERT_EQ(git({"add", "-A"}), 0);
    ASSERT_EQ(git({"commit", "-qm", "base"}), 0);
    write_file(fork / "vllm-src/new_mod.py", "x = 1\n");
    write_file(fork / "README", "changed\n");
    ASSERT_EQ(git({"add", "-A"}), 0);
    ASSERT_EQ(git({"commit", "-qm", "topic"}), 0);
    std::vector<std::string> args{"regenerate", k0004,    "--from-commit",
                                  "HEAD",       "--repo", fork.string()};
    auto refused = patchbay(args, demo());  // new_mod.py is not 0004's: it asks first
    EXPECT_EQ(refused.status, 2);
    EXPECT_TRUE(contains(refused.err, "also changes new_mod.py, which")) << refused.err;
    args.push_back("--add-files");
    auto result = patchbay(args, demo());
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    auto after = read_file(patch(k0004));
    EXPECT_TRUE(contains(after,
                         "diff --git a/new_mod.py b/new_mod.py\nnew file mode 100644\n"
                         "index 0000000..7d4290a\n--- /dev/null\n+++ b/new_mod.py\n"
                         "@@ -0,0 +1 @@\n+x = 1\n"))
        << after;
    EXPECT_FALSE(contains(after, "README"));
    EXPECT_TRUE(after.starts_with(preamble_of(read_file(kDemo / "patches" / k0004))));
}

}  // namespace
}  // namespace patchbay
