// End-to-end: `patchbay rebase --onto v2` on a git upstream whose history between v1 and v2
// shifts one patch's file, brings another patch's change itself, changes a line beside a third
// patch's line, the same line as a fourth's, and adds the lines a fifth adds elsewhere. git is
// the oracle: `git rebase` of the same series (as commits) onto v2 for the trees, `git rev-parse`
// for the upstream commit named.
// Also tests tool/cmd_rebase.cpp, tool/rebase_report_text.cpp and rebase/upstream_commit.cpp (the
// commit that brought 0003's change, through the binary).

#include <gtest/gtest.h>

#include <filesystem>

#include "tests/support/cli.hpp"
#include "tests/support/tagged_lines.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/temp_tree.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::contains;
using test_support::patchbay;
using test_support::read_file;
using test_support::replaced;
using test_support::tagged_lines;
using test_support::TempTree;
using test_support::write_file;

const std::string kHelper = "def helper_for_the_cache(blocks):\n    return sum(blocks)\n";

class Rebase : public ::testing::Test {
  protected:
    void SetUp() override {
        tree.run(
            "mkdir up && cd up && git init -q && git config user.name U && "
            "git config user.email u@u");
        for (std::string f : {"a", "b", "c", "d", "e", "g"})
            tree.write("up/" + f + ".txt", tagged_lines(f));
        in_up("git add -A && git commit -qm v1 && git tag v1 && git checkout -q -b topic");
        // The series, written by git format-patch from one commit each on v1.
        edit("a.txt", "a line 5\n", "a line five\n", "0001 apply");
        edit("b.txt", "b line 20\n", "b line twenty\n", "0002 offset");
        edit("c.txt", "c line 10\n", "c line ten\n", "0003 upstream");
        edit("d.txt", "d line 10\n", "d line ten\n", "0004 merge");
        edit("e.txt", "e line 10\n", "e line ten\n", "0005 conflict");
        edit("g.txt", "g line 30\n", "g line 30\n" + kHelper, "0006 duplicate");
        tree.run("mkdir -p s/patches && cd up && git format-patch -q -o ../s/patches v1");
        tree.run("cd s/patches && ls *.patch > series");
        write_file(tree / "s/patchbay.toml", "[upstream]\npath = \"../up\"\nrev = \"v1\"\n");
        // Upstream from v1 to v2.
        in_up("git checkout -q -b main v1");
        edit("b.txt", "b line 1\n", "b new top\nb line 1\n", "b grows");
        edit("c.txt", "c line 10\n", "c line ten\n", "Make c ten");
        edit("d.txt", "d line 12\n", "d line twelve\n", "d changes");
        edit("e.txt", "e line 10\n", "e line TEN\n", "e changes");
        edit("g.txt", "g line 5\n", "g line 5\n" + kHelper, "helper upstream");
        in_up("git tag v2");
    }
    void in_up(const std::string& command) { tree.run("cd up && " + command); }
    void edit(const std::string& file, const std::string& from, const std::string& to,
              const std::string& message) {
        write_file(tree / "up" / file, replaced(read_file(tree / "up" / file), from, to));
        in_up("git commit -qam '" + message + "'");
    }
    TempTree tree;
};

TEST_F(Rebase, EachPatchGetsItsOutcomeAndNothingIsWrittenWithoutWrite) {
    auto before = read_file(tree / "s/patches/0004-0004-merge.patch");
    auto result = patchbay({"rebase", "--onto", "v2"}, tree / "s");
    EXPECT_EQ(result.status, 1) << result.out << result.err;
    auto upstream_commit = tree.run("cd up && git rev-parse --short=12 ':/Make c ten'");
    EXPECT_TRUE(contains(result.out, "0001-0001-apply.patch      applies\n")) << result.out;
    EXPECT_TRUE(contains(result.out, "0002-0002-offset.patch     applies at an offset"));
    EXPECT_TRUE(contains(result.out, "0003-0003-upstream.patch   already upstream since " +
                                         upstream_commit + " \"Make c ten\""))
        << result.out;
    EXPECT_TRUE(contains(result.out,
                         "skip it: { patch = \"0003-0003-upstream.patch\", reason = "
                         "\"already upstream since " +
                             upstream_commit + " (Make c ten)\" }"));
    EXPECT_TRUE(contains(result.out, "0004-0004-merge.patch      merged (rewritten)"));
    EXPECT_TRUE(contains(result.out, "0005-0005-conflict.patch   conflict: e.txt needs a person"));
    EXPECT_TRUE(contains(result.out,
                         "duplicates upstream: g.txt:6-7 already has the lines hunk "
                         "#1 adds"))
        << result.out;
    EXPECT_TRUE(contains(result.out, "nothing written"));
    EXPECT_EQ(read_file(tree / "s/patches/0004-0004-merge.patch"), before);
    EXPECT_TRUE(contains(read_file(tree / "s/patchbay.toml"), "rev = \"v1\""));
}

// git rebase carries 0001, 0002, 0004 and 0006, drops 0003 (already upstream) and stops at
// 0005; the trees of the patches both carry must be the same. 0005's conflict is resolved the
// way `git rebase --skip` resolves it: the worktree keeps its HEAD, so the patch changes nothing.
TEST_F(Rebase, WrittenPatchesGiveTheTreesGitRebaseGives) {
    auto stopped = patchbay({"rebase", "--onto", "v2", "--worktree", "RW"}, tree / "s");
    EXPECT_EQ(stopped.status, 1) << stopped.out << stopped.err;
    tree.run("cd s/RW && git checkout -q -- .");
    auto result = patchbay({"rebase", "--onto", "v2", "--continue", "--worktree", "RW", "--write"},
                           tree / "s");
    EXPECT_EQ(result.status, 1) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "0005-0005-conflict.patch   already upstream")) << result.out;
    EXPECT_TRUE(contains(read_file(tree / "s/patchbay.toml"), "rev = \"v2\"\n"));
    // git stops at 0005 (a conflict) and is told to skip it; it drops 0003 by itself.
    in_up(
        "git checkout -q topic && (git rebase -q --onto v2 v1 topic >/dev/null 2>&1 || "
        "git rebase --skip >/dev/null 2>&1)");
    ASSERT_EQ(tree.run("cd up && git log --format=%s v2..topic | tac | tr '\\n' ,"),
              "0001 apply,0002 offset,0004 merge,0006 duplicate,");
    fs::remove(tree / "s/patches/0003-0003-upstream.patch");
    fs::remove(tree / "s/patches/0005-0005-conflict.patch");
    write_file(tree / "s/patches/series",
               "0001-0001-apply.patch\n0002-0002-offset.patch\n0004-0004-merge.patch\n"
               "0006-0006-duplicate.patch\n");
    auto applied = patchbay({"apply", "--worktree", "W"}, tree / "s");
    ASSERT_EQ(applied.status, 0) << applied.out << applied.err;
    for (std::string f : {"a.txt", "b.txt", "c.txt", "d.txt", "g.txt"}) {
        EXPECT_EQ(read_file(tree / "s/W" / f), read_file(tree / "up" / f)) << f;
        EXPECT_EQ(read_file(tree / "s/RW" / f), read_file(tree / "up" / f))
            << f << ": the rebase's own worktree holds the carried series too";
    }
    EXPECT_TRUE(contains(read_file(tree / "s/patches/0004-0004-merge.patch"),
                         "Subject: [PATCH 4/6] 0004 merge\n"))
        << "the description is kept";
}

}  // namespace
}  // namespace patchbay
