// End-to-end: the patchbay binary on the embedded demo and on copies of it made bad on purpose.
// Expected hunk positions come from GNU patch (examples/demo/EXPECTED.md), not from patchbay.
// Also tests tool/cmd_check_series.cpp, tool/cmd_apply.cpp and tool/workspace.cpp (through the
// binary).

#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "tests/support/cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::ProcessResult;
using test_support::read_file;
using test_support::run_process;
using test_support::TempDir;
using test_support::write_file;

using test_support::contains;
using test_support::kDemo;
using test_support::patchbay;

// Every file under `root` with its bytes: to prove a tree was not touched.
std::map<std::string, std::string> snapshot(const fs::path& root) {
    std::map<std::string, std::string> files;
    for (const auto& entry : fs::recursive_directory_iterator(root))
        if (entry.is_regular_file())
            files[entry.path().lexically_relative(root).string()] = read_file(entry.path());
    return files;
}

class DemoCopy : public ::testing::Test {
  protected:
    void SetUp() override { fs::copy(kDemo, dir.path() / "demo", fs::copy_options::recursive); }
    fs::path demo() const { return dir.path() / "demo"; }
    void replace_in(const std::string& rel, const std::string& from, const std::string& to) {
        auto text = read_file(demo() / rel);
        auto at = text.find(from);
        ASSERT_NE(at, std::string::npos) << from;
        text.replace(at, from.size(), to);
        write_file(demo() / rel, text);
    }
    TempDir dir;
};

TEST(CheckSeriesDemo, PrintsTheTableAndPasses) {
    auto before = snapshot(kDemo);
    auto result = patchbay({"check-series"}, kDemo);
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(contains(result.out,
                         "0001-scheduler-prefix-aware-preemption.patch  vllm/core/scheduler.py  "
                         "hunk #1 succeeded at 81 (offset 3 lines)"))
        << result.out;
    EXPECT_TRUE(contains(result.out, "native upstream since 0.28.0"));
    EXPECT_TRUE(
        contains(result.out, "totals: 7 entries: 6 applied, 1 skipped, 0 rejected, 0 failed"));
    EXPECT_TRUE(contains(result.out, "result: OK"));
    EXPECT_EQ(snapshot(kDemo), before) << "check-series wrote into the demo";
}

TEST(CheckSeriesDemo, JsonCarriesGnuPatchLinesAndOffsets) {
    auto result = patchbay({"check-series", "--format", "json"}, kDemo);
    EXPECT_EQ(result.status, 0) << result.err;
    // GNU patch: "Hunk #1 succeeded at 81 (offset 3 lines)." and, for 0006, envs.py at 40.
    EXPECT_TRUE(contains(
        result.out,
        R"({"path":"vllm/core/scheduler.py","old_path":"vllm/core/scheduler.py","op":"modify","hunks":[{"n":1,"status":"offset","line":81,"offset":3,"fuzz":0}]})"))
        << result.out;
    EXPECT_TRUE(contains(
        result.out,
        R"({"path":"vllm/envs.py","old_path":"vllm/envs.py","op":"modify","hunks":[{"n":1,"status":"exact","line":40,"offset":0,"fuzz":0}]})"));
    EXPECT_TRUE(contains(result.out, R"("op":"rename")"));
    EXPECT_TRUE(contains(
        result.out,
        R"("name":"dflash2-backport.patch","status":"skipped","reason":"native upstream since 0.28.0")"));
    EXPECT_TRUE(contains(result.out, R"("skipped":1)"));
}

TEST(CheckSeriesDemo, JunitHasOneTestcasePerEntry) {
    auto result = patchbay({"check-series", "--format", "junit"}, kDemo);
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_TRUE(contains(result.out, R"(tests="8" failures="0" errors="0" skipped="1")"))
        << result.out;
}

TEST_F(DemoCopy, ARejectedHunkExitsOneAndLaterPatchesAreStillChecked) {
    replace_in("upstream/csrc/attention/paged_gather.cuh", "block_table", "blk_table");
    auto result = patchbay({"check-series", "--format", "json"}, demo());
    EXPECT_EQ(result.status, 1) << result.out << result.err;
    EXPECT_TRUE(
        contains(result.out, R"("name":"0002-kv-int32-block-ids.patch","status":"rejected")"));
    EXPECT_TRUE(
        contains(result.out, R"("name":"0003-triton-paged-gather-v2.patch","status":"applied")"));
}

// Issue #14: the reason of a rejection in all three formats: where the hunk almost matched,
// the lines that differ there, and the earlier rejected patch a later hunk needs.
TEST_F(DemoCopy, ARejectionSaysWhyInTextJsonAndJunit) {
    replace_in("upstream/csrc/attention/paged_gather.cuh", "block_table", "blk_table");
    auto text = patchbay({"check-series"}, demo());
    EXPECT_TRUE(contains(text.out,
                         "closest match at line 17 (13 of 14 lines equal); line 19 "
                         "expected \"                                    const int* "
                         "__restrict__ block_table,\", found \"                        "
                         "            const int* __restrict__ blk_table,\""))
        << text.out;
    EXPECT_TRUE(contains(text.out,
                         "'0002-kv-int32-block-ids.patch' (rejected above, so not "
                         "applied) adds the line"))
        << text.out;
    auto json = patchbay({"check-series", "--format", "json"}, demo());
    EXPECT_TRUE(
        contains(json.out, R"("details":["closest match at line 17 (13 of 14 lines equal))"))
        << json.out;
    auto junit = patchbay({"check-series", "--format", "junit"}, demo());
    EXPECT_TRUE(
        contains(junit.out, R"(<failure message="hunk #1 FAILED at 17: closest match at line 17)"))
        << junit.out;
}

// Issue #14: a missing patch file is reported at the series line that names it.
TEST_F(DemoCopy, ASeriesLineNamingAMissingPatchIsReportedWithItsLine) {
    fs::remove(demo() / "patches/0004-utils-package.patch");
    auto result = patchbay({"check-series"}, demo());
    EXPECT_EQ(result.status, 2) << result.out;
    EXPECT_TRUE(contains(result.err, "patchbay: error: patches/series:")) << result.err;
    EXPECT_TRUE(contains(result.err, "'0004-utils-package.patch' is named by the series"))
        << result.err;
}

// Issue #25: a patch renamed without its series line. The finding names the file the line
// most likely means; the unlisted file is still reported.
TEST_F(DemoCopy, AMissingPatchSuggestsTheUnlistedFileWithACloseName) {
    fs::rename(demo() / "patches/0004-utils-package.patch",
               demo() / "patches/0004-utils-packages.patch");
    auto result = patchbay({"check-series"}, demo());
    EXPECT_EQ(result.status, 2) << result.out;
    const std::string hint = "did you mean '0004-utils-packages.patch'?";
    EXPECT_TRUE(contains(result.err, "cannot read: No such file or directory); " + hint))
        << result.err;
    EXPECT_TRUE(contains(result.out,
                         "  5  0004-utils-package.patch                      failed"
                         "    '0004-utils-package.patch' is named by the series"))
        << result.out;
    EXPECT_TRUE(contains(result.out, hint + "\n")) << result.out;
    EXPECT_TRUE(contains(result.out, "warning: unlisted: '0004-utils-packages.patch'"))
        << result.out;
    auto json = patchbay({"check-series", "--format", "json"}, demo());
    EXPECT_TRUE(contains(json.out, hint)) << json.out;
}

// Issue #25: the rejection that follows a missing patch names it.
TEST_F(DemoCopy, ARejectionAfterAMissingPatchNamesIt) {
    fs::remove(demo() / "patches/0002-kv-int32-block-ids.patch");
    auto result = patchbay({"check-series"}, demo());
    EXPECT_EQ(result.status, 2) << result.out;
    EXPECT_TRUE(contains(result.out,
                         "      '0002-kv-int32-block-ids.patch' (listed above but missing, so not "
                         "applied) may add the lines it expects\n"))
        << result.out;
}

// Issue #25: a long series line is shown by its ends and its size in text, whole in JSON.
TEST_F(DemoCopy, ALongSeriesNameIsElidedInTextAndWholeInJson) {
    const std::string name = std::string(300, 'x') + ".patch";
    write_file(demo() / "patches/series", name + "\n");
    const std::string shown =
        std::string(80, 'x') + "…(306 bytes)…" + std::string(74, 'x') + ".patch";
    auto text = patchbay({"check-series"}, demo());
    EXPECT_EQ(text.status, 2);
    EXPECT_TRUE(contains(text.out, "  1  " + shown + "  failed    '" + shown + "' is named"))
        << text.out;
    EXPECT_FALSE(contains(text.out, name)) << text.out;
    EXPECT_TRUE(contains(text.err, "patchbay: error: patches/series:1: '" + shown + "'"))
        << text.err;
    auto json = patchbay({"check-series", "--format", "json"}, demo());
    EXPECT_TRUE(contains(json.out, "\"name\":\"" + name + "\"")) << json.out;
}

TEST_F(DemoCopy, UptoSuggestsTheNearestEntry) {
    auto result = patchbay({"check-series", "--upto", "0004-utils-pakage.patch"}, demo());
    EXPECT_EQ(result.status, 2);
    EXPECT_TRUE(contains(result.err, "did you mean '0004-utils-package.patch'")) << result.err;
    result = patchbay({"check-series", "--upto", "0004"}, demo());
    EXPECT_TRUE(contains(result.err, "did you mean '0004-utils-package.patch'")) << result.err;
}

TEST_F(DemoCopy, AHandEditedHunkHeaderIsBadInputWithItsLine) {
    replace_in("patches/0003-triton-paged-gather-v2.patch", "@@ -0,0 +1,", "@@ -0,0 +1,9");
    auto result = patchbay({"check-series"}, demo());
    EXPECT_EQ(result.status, 2) << result.out;
    EXPECT_TRUE(contains(result.err, "patchbay: error: patches/0003-triton-paged-gather-v2.patch:"))
        << result.err;
}

TEST_F(DemoCopy, AnUnknownConfigKeyIsAnErrorWithItsLine) {
    replace_in("patchbay.toml", "fuzz = 0", "fuzzz = 0");
    auto result = patchbay({"check-series"}, demo());
    EXPECT_EQ(result.status, 2);
    EXPECT_TRUE(contains(result.err, "patchbay.toml:")) << result.err;
    EXPECT_TRUE(contains(result.err, "fuzzz")) << result.err;
}

// A patch file no series line names does not change the tree the build gets: a warning by
// default (gcc-12's folder holds patches for other architectures), a failure when strict.
TEST_F(DemoCopy, AnUnlistedPatchWarnsByDefaultAndFailsWhenStrict) {
    write_file(demo() / "patches/0099-forgotten.patch",
               read_file(demo() / "patches/0004-utils-package.patch"));
    auto result = patchbay({"check-series"}, demo());
    EXPECT_EQ(result.status, 0) << result.out;
    EXPECT_TRUE(contains(result.out, "warning: unlisted: '0099-forgotten.patch'")) << result.out;
    EXPECT_TRUE(contains(result.out, "warn  series and patches folder agree (1)"));
    replace_in("patchbay.toml", "fuzz = 0", "fuzz = 0\nstrict = true");
    result = patchbay({"check-series"}, demo());
    EXPECT_EQ(result.status, 1) << result.out;
    EXPECT_TRUE(contains(result.out, "FAIL  series and patches folder agree (1)"));
}

TEST_F(DemoCopy, AnUnknownFindingKindInThePolicyIsBadInput) {
    replace_in("patchbay.toml", "fuzz = 0", "fuzz = 0\nwarn = [\"whitespaces\"]");
    auto result = patchbay({"check-series"}, demo());
    EXPECT_EQ(result.status, 2);
    EXPECT_TRUE(contains(result.err, "unknown finding kind 'whitespaces'")) << result.err;
}

// Issue #14's example: the hunk lands with fuzz 1, and the series reverses as `patch -R -F1`
// undoes it (checked here with GNU patch itself).
TEST(CheckSeriesFuzz, AHunkAppliedWithFuzzReversesWithTheSameFuzz) {
    TempDir dir;
    fs::create_directories(dir.path() / "up");
    fs::create_directories(dir.path() / "patches");
    const std::string original = "1\n2\n3\n4\n5\n6\n7\n8\n";
    write_file(dir.path() / "up/f.txt", original);
    write_file(dir.path() / "patches/0001.patch",
               "--- a/f.txt\n+++ b/f.txt\n@@ -2,6 +2,7 @@\n TWO\n 3\n 4\n+4.5\n 5\n 6\n 7\n");
    write_file(dir.path() / "patches/series", "0001.patch\n");
    write_file(dir.path() / "patchbay.toml", "[upstream]\npath = \"up\"\n");
    auto result = patchbay({"check-series", "--fuzz", "1"}, dir.path());
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "hunk #1 succeeded at 2 with fuzz 1")) << result.out;
    EXPECT_TRUE(contains(result.out, "ok    the series reverses cleanly")) << result.out;
    // The oracle: forward with fuzz 1, then -R -F1 gives the original back.
    auto forward = run_process({"patch", "-s", "-p1", "-F1", "-d", (dir.path() / "up").string(),
                                "-i", (dir.path() / "patches/0001.patch").string()});
    ASSERT_EQ(forward.status, 0) << forward.out;
    auto back = run_process({"patch", "-s", "-R", "-p1", "-F1", "-d", (dir.path() / "up").string(),
                             "-i", (dir.path() / "patches/0001.patch").string()});
    EXPECT_EQ(back.status, 0) << back.out;
    EXPECT_EQ(read_file(dir.path() / "up/f.txt"), original);
}

TEST_F(DemoCopy, ApplyWritesOneCommitPerAppliedPatch) {
    auto worktree = dir.path() / "wt";
    auto result = patchbay({"apply", "--worktree", worktree.string()}, demo());
    ASSERT_EQ(result.status, 0) << result.out << result.err;
    auto log = run_process({"git", "-C", worktree.string(), "log", "--format=%s"});
    EXPECT_EQ(log.out,
              "0006-widen-block-ids.patch\n0005-paged-gather-v2-tests.patch\n"
              "0004-utils-package.patch\n0003-triton-paged-gather-v2.patch\n"
              "0002-kv-int32-block-ids.patch\n0001-scheduler-prefix-aware-preemption.patch\n"
              "pristine upstream\n");
    EXPECT_TRUE(fs::exists(worktree / "vllm/utils/__init__.py"));
    EXPECT_FALSE(fs::exists(worktree / "vllm/utils.py"));
    auto status = run_process({"git", "-C", worktree.string(), "status", "--porcelain"});
    EXPECT_EQ(status.out, "");
}

TEST_F(DemoCopy, ApplyMatchesGnuPatchByteForByte) {
    auto worktree = dir.path() / "wt";
    ASSERT_EQ(patchbay({"apply", "--worktree", worktree.string()}, demo()).status, 0);
    auto gnu = dir.path() / "gnu";
    fs::copy(demo() / "upstream", gnu, fs::copy_options::recursive);
    for (const char* name :
         {"0001-scheduler-prefix-aware-preemption.patch", "0002-kv-int32-block-ids.patch",
          "0003-triton-paged-gather-v2.patch", "0004-utils-package.patch",
          "0005-paged-gather-v2-tests.patch", "0006-widen-block-ids.patch"}) {
        auto applied = run_process({"patch", "-p1", "--fuzz=0", "--no-backup-if-mismatch", "-s",
                                    "-i", (demo() / "patches" / name).string()},
                                   gnu);
        ASSERT_EQ(applied.status, 0) << name << applied.out;
    }
    auto ours = snapshot(worktree);
    for (auto it = ours.begin(); it != ours.end();)
        it = it->first.rfind(".git/", 0) == 0 ? ours.erase(it) : std::next(it);
    EXPECT_EQ(ours, snapshot(gnu));
}

TEST_F(DemoCopy, ApplyUptoStopsAfterThatPatch) {
    auto worktree = dir.path() / "wt";
    auto result = patchbay(
        {"apply", "--worktree", worktree.string(), "--upto", "0002-kv-int32-block-ids.patch"},
        demo());
    ASSERT_EQ(result.status, 0) << result.err;
    auto log = run_process({"git", "-C", worktree.string(), "log", "--format=%s"});
    EXPECT_EQ(log.out,
              "0002-kv-int32-block-ids.patch\n0001-scheduler-prefix-aware-preemption.patch\n"
              "pristine upstream\n");
}

TEST_F(DemoCopy, ApplyRefusesANonEmptyFolderAndWritesNothing) {
    auto worktree = dir.path() / "wt";
    write_file(worktree / "keep.txt", "mine\n");
    auto result = patchbay({"apply", "--worktree", worktree.string()}, demo());
    EXPECT_EQ(result.status, 2);
    EXPECT_TRUE(contains(result.err, "not empty")) << result.err;
    EXPECT_EQ(snapshot(worktree).size(), 1u);
}

TEST_F(DemoCopy, ApplyWithBadInputWritesNothing) {
    replace_in("patches/0003-triton-paged-gather-v2.patch", "@@ -0,0 +1,", "@@ -0,0 +1,9");
    auto worktree = dir.path() / "wt";
    auto result = patchbay({"apply", "--worktree", worktree.string()}, demo());
    EXPECT_EQ(result.status, 2);
    EXPECT_FALSE(fs::exists(worktree));
}

class GitUpstream : public DemoCopy {
  protected:
    void SetUp() override {
        DemoCopy::SetUp();
        repo = dir.path() / "vllm";
        fs::copy(demo() / "upstream", repo, fs::copy_options::recursive);
        git({"init", "-q"});
        git({"add", "-A"});
        git({"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "v0.28.0"});
        git({"tag", "v0.28.0"});
    }
    void git(std::vector<std::string> args) {
        args.insert(args.begin(), {"git", "-C", repo.string()});
        ASSERT_EQ(run_process(args).status, 0);
    }
    fs::path repo;
};

TEST_F(GitUpstream, ReadsTheSeriesTargetFromTheObjectStore) {
    auto result = patchbay(
        {"check-series", "--pristine", repo.string(), "--rev", "v0.28.0", "--format", "json"},
        demo());
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    auto head = run_process({"git", "-C", repo.string(), "rev-parse", "HEAD"}).out;
    head.pop_back();
    EXPECT_TRUE(contains(result.out, R"("rev":"v0.28.0","commit":")" + head + "\"")) << result.out;
}

TEST_F(GitUpstream, RefusesADirtyCheckoutUnlessAllowed) {
    write_file(repo / "vllm/envs.py", "# local edit\n");
    auto refused = patchbay({"check-series", "--pristine", repo.string()}, demo());
    EXPECT_EQ(refused.status, 2);
    EXPECT_TRUE(contains(refused.err, "--allow-dirty")) << refused.err;
    auto allowed = patchbay({"check-series", "--pristine", repo.string(), "--allow-dirty"}, demo());
    EXPECT_EQ(allowed.status, 0) << allowed.out << allowed.err;
}

// --allow-dirty reads HEAD's tree from the object store, whatever the checkout holds: an edited
// file touched by the series gives the clean checkout's report.
TEST_F(GitUpstream, AnEditedCheckoutWithAllowDirtyGivesTheCleanCheckoutsReport) {
    auto clean =
        patchbay({"check-series", "--pristine", repo.string(), "--format", "json"}, demo());
    write_file(repo / "vllm/envs.py", "# local edit\n");
    auto dirty = patchbay(
        {"check-series", "--pristine", repo.string(), "--format", "json", "--allow-dirty"}, demo());
    EXPECT_EQ(dirty.status, clean.status) << dirty.err;
    const auto patches = [](const std::string& json) {
        return json.substr(json.find("\"patches\""));
    };
    ASSERT_TRUE(contains(clean.out, "\"patches\"")) << clean.out;
    EXPECT_EQ(patches(dirty.out), patches(clean.out));
    EXPECT_TRUE(contains(clean.out, "\"vllm/envs.py\"")) << clean.out;
    EXPECT_TRUE(contains(dirty.out, "edits in the checkout that are not committed are not used"))
        << dirty.out;
}

// Issue #28 item 6: `--rev HEAD` names the commit's bytes as --allow-dirty reads them: a dirty
// checkout is read, not refused, and the report says which bytes were used.
TEST_F(GitUpstream, AnExplicitRevOnADirtyCheckoutReadsTheCommitAndSaysSo) {
    write_file(repo / "vllm/envs.py", "# local edit\n");
    auto result = patchbay({"check-series", "--pristine", repo.string(), "--rev", "HEAD"}, demo());
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "note: the bytes read are commit ")) << result.out;
    EXPECT_TRUE(
        contains(result.out, "'s: edits in the checkout that are not committed are not used"))
        << result.out;
}

TEST_F(GitUpstream, AnUnknownRevIsBadInput) {
    auto result =
        patchbay({"check-series", "--pristine", repo.string(), "--rev", "v9.9.9"}, demo());
    EXPECT_EQ(result.status, 2);
    EXPECT_TRUE(contains(result.err, "v9.9.9")) << result.err;
}

}  // namespace
}  // namespace patchbay
