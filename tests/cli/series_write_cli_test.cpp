// Issue #27, items 1-3 and 5, through the binary: two commands that write one series at once
// never lose an edit nor leave a torn series; rebase --write that fails part way writes
// nothing; what a killed run left is finished or removed by the next run, which says so; a
// --summary append on a full disk leaves the file as it was.
// Also tests series/series_write.cpp, tool/workspace.cpp (finish_interrupted_writes) and
// tool/command_output.cpp (--summary, --output) through the binary.
// A full disk is RLIMIT_FSIZE (prlimit --fsize), with SIGXFSZ ignored so that the write fails
// with EFBIG instead of killing the process.

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "tests/support/cli.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/temp_tree.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::contains;
using test_support::patchbay;
using test_support::read_file;
using test_support::TempTree;
using test_support::write_file;

constexpr int kRaces = 50;

// Upstream v1 and v2 (a line added at the top of a.txt and b.txt); the series s/ at v1, two
// patches made by git format-patch; a saved copy of it; and W, the worktree of `apply
// --worktree` with 0002's line 30 edited, for `regenerate 0002`.
class SeriesWriters : public ::testing::Test {
  protected:
    void SetUp() override {
        tree.run(
            "mkdir up && cd up && git init -q && git config user.name U && "
            "git config user.email u@u && for f in a b; do seq -f \"$f line %g\" 1 60 > $f.txt; "
            "done && git add -A && git commit -qm v1 && git tag v1 && git checkout -q -b topic "
            "&& sed -i 's/^a line 5$/a line five/' a.txt && git commit -qam p1 && "
            "sed -i 's/^b line 20$/b line twenty/' b.txt && git commit -qam p2 && "
            "git format-patch -q -o ../s/patches v1 && git checkout -q -b main v1 && "
            "sed -i '1i a new top' a.txt && sed -i '1i b new top' b.txt && "
            "git commit -qam up && git tag v2");
        tree.run("cd s/patches && ls *.patch > series");
        write_file(tree / "s/patchbay.toml", "[upstream]\npath = \"../up\"\nrev = \"v1\"\n");
        auto applied = patchbay({"apply", "--worktree", "../W"}, tree / "s");
        ASSERT_EQ(applied.status, 0) << applied.err;
        tree.run("sed -i 's/^b line 30$/b line thirty/' W/b.txt && cp -r s s.saved");
    }
    void restore_series() const { tree.run("rm -rf s && cp -r s.saved s"); }
    std::string patch2() const { return read_file(tree / "s/patches/0002-p2.patch"); }

    TempTree tree;
};

struct Race {
    int regenerate_status = -1;
    int rebase_status = -1;
    std::string regenerate_err, rebase_err;
};

// Both commands started at once, each from its own shell.
Race race(const TempTree& tree) {
    const std::string binary = PATCHBAY_BINARY;
    tree.run("{ (cd s && " + binary +
             " regenerate 0002-p2.patch --worktree ../W >../r1.out 2>../r1.err; echo $? "
             ">../r1.status) & (cd s && " +
             binary +
             " rebase --onto v2 --write >../r2.out 2>../r2.err; echo $? >../r2.status) & wait; }");
    return {std::stoi(read_file(tree / "r1.status")), std::stoi(read_file(tree / "r2.status")),
            read_file(tree / "r1.err"), read_file(tree / "r2.err")};
}

// A writer that did not write says why: the other one held the lock, or changed what it read.
void expect_refused_for_the_other(int status, const std::string& err) {
    if (status == 0) return;
    EXPECT_EQ(status, 2) << err;
    EXPECT_TRUE(contains(err, "changed while this command ran") || contains(err, "locked by"))
        << err;
}

TEST_F(SeriesWriters, TwoWritersNeverLoseAnEditNorTearTheSeries) {
    int both_written = 0;
    for (int i = 0; i < kRaces; ++i) {
        restore_series();
        Race result = race(tree);
        SCOPED_TRACE("race " + std::to_string(i) + "\nregenerate: " + result.regenerate_err +
                     "\nrebase: " + result.rebase_err);
        expect_refused_for_the_other(result.regenerate_status, result.regenerate_err);
        expect_refused_for_the_other(result.rebase_status, result.rebase_err);
        // regenerate said it wrote: the edit is there, whatever ran after it.
        if (result.regenerate_status == 0) {
            EXPECT_TRUE(contains(patch2(), "+b line thirty"));
        }
        std::string toml = read_file(tree / "s/patchbay.toml");
        if (result.rebase_status == 0) {
            EXPECT_TRUE(contains(toml, "rev = \"v2\""));
        }
        // Whole: every patch applies exactly at the revision patchbay.toml names (a patch
        // written for v1 under rev = "v2" applies at an offset).
        auto check = patchbay({"check-series"}, tree / "s");
        EXPECT_EQ(check.status, 0) << check.out << check.err;
        EXPECT_TRUE(contains(check.out, " 0 offset")) << toml << check.out;
        both_written += result.regenerate_status == 0 && result.rebase_status == 0;
    }
    RecordProperty("both_written", both_written);
}

// rebase --write rewrites 0001, 0002 and patchbay.toml; 0002's new text does not fit on the
// disk. Before #27 0001 was written for v2 while patchbay.toml still said v1.
TEST_F(SeriesWriters, ARebaseWriteThatFailsPartWayWritesNothing) {
    tree.run(
        "cd s/patches && yes '+padding' | head -400 > pad && "
        "sed -i '/^+b line twenty$/r pad' 0002-p2.patch && rm pad && "
        "sed -i 's/^@@ -17,7 +17,7 @@/@@ -17,7 +17,407 @@/' 0002-p2.patch && "
        "cd .. && rm -rf ../s.saved && cp -r . ../s.saved");
    auto check = patchbay({"check-series"}, tree / "s");
    ASSERT_EQ(check.status, 0) << check.out << check.err;
    const std::string before_1 = read_file(tree / "s/patches/0001-p1.patch");
    const std::string before_2 = patch2();
    ASSERT_LT(before_1.size(), 1500u);
    ASSERT_GT(before_2.size(), 3000u);
    const std::string command = std::string("trap '' XFSZ; prlimit --fsize=2000 ") +
                                PATCHBAY_BINARY + " rebase --onto v2 --write 2>&1 | cat";
    std::string out = tree.run("cd s && " + command + "; true");
    EXPECT_TRUE(contains(out, "File too large")) << out;
    EXPECT_TRUE(contains(out, "patchbay: error: ")) << out;
    EXPECT_EQ(read_file(tree / "s/patches/0001-p1.patch"), before_1);
    EXPECT_EQ(patch2(), before_2);
    EXPECT_TRUE(contains(read_file(tree / "s/patchbay.toml"), "rev = \"v1\""));
    EXPECT_EQ(tree.run("cd s && find . -name '.*' -type f | wc -l"), "0");  // no leftovers
}

// A rebase --write killed after its journal was written, between two renames: 0001 is already
// v2's, 0002 and patchbay.toml are not. The next command, whatever it is, completes the write
// and names each file.
TEST_F(SeriesWriters, TheNextRunCompletesAWriteThatWasKilledHalfway) {
    tree.run("cp -r s s.v2 && cd s.v2 && " + std::string(PATCHBAY_BINARY) +
             " rebase --onto v2 --write >/dev/null");
    const std::string names[] = {"patches/0001-p1.patch", "patches/0002-p2.patch", "patchbay.toml"};
    std::string journal = "patchbay all-or-nothing write\n";
    for (const std::string& name : names) {
        const fs::path folder = fs::path(name).parent_path();
        const std::string file = fs::path(name).filename().string();
        const std::string staged = (folder / ("." + file + ".patchbay-NEW123")).string();
        const std::string backup = (folder / ("." + file + ".patchbay-OLD123")).string();
        tree.run("cp s.v2/" + name + " s/" + staged + " && cp s/" + name + " s/" + backup);
        journal += "file " + name + "\nstaged " + staged + "\nbackup " + backup + "\nnew-sha256 " +
                   tree.run("sha256sum s.v2/" + name + " | cut -c1-64") + "\nold-sha256 " +
                   tree.run("sha256sum s/" + name + " | cut -c1-64") + "\n";
    }
    tree.run("cp s.v2/patches/0001-p1.patch s/patches/0001-p1.patch");  // the first rename
    write_file(tree / "s/.patchbay.toml.journal", journal);
    write_file(tree / "s/patches/.0002-p2.patch.patchbay-Killed", "half a pat");  // SIGKILL

    auto result = patchbay({"check-series"}, tree / "s");
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    for (const std::string& name : names) {
        EXPECT_EQ(read_file(tree / "s" / name), read_file(tree / "s.v2" / name)) << name;
        EXPECT_TRUE(contains(result.err, "patchbay: note: " + name +
                                             ": written, completing a series write that was "
                                             "interrupted"))
            << result.err;
    }
    EXPECT_TRUE(contains(result.err,
                         "patchbay: note: patches/.0002-p2.patch.patchbay-Killed: "
                         "removed, a temporary file an interrupted run left"))
        << result.err;
    EXPECT_TRUE(contains(result.out, "at v2")) << result.out;
    EXPECT_EQ(tree.run("cd s && find . -name '.*' -type f | wc -l"), "0");
}

TEST_F(SeriesWriters, AStaleTemporaryBesideAnOutputFileIsRemoved) {
    write_file(tree / "s/.report.json.patchbay-Killed", "{\"ha");
    auto result =
        patchbay({"check-series", "--format", "json", "--output", "report.json"}, tree / "s");
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_TRUE(contains(result.err, ".report.json.patchbay-Killed: removed")) << result.err;
    EXPECT_FALSE(fs::exists(tree / "s/.report.json.patchbay-Killed"));
    EXPECT_TRUE(fs::exists(tree / "s/report.json"));
}

// Issue #27 item 6: `apply --worktree` killed half-way (SIGXFSZ while writing a file, as a kill
// would) leaves W2 half-written; the rerun, and regenerate pointed at W2, say that an
// interrupted run left it and what to do, where they said "exists and is not empty".
TEST_F(SeriesWriters, AWorktreeAKilledApplyLeftIsNamedInterrupted) {
    const std::string command =
        std::string("prlimit --fsize=300 ") + PATCHBAY_BINARY + " apply --worktree ../W2 2>&1";
    tree.run("cd s && " + command + "; true");
    ASSERT_TRUE(fs::exists(tree / "W2/.git/patchbay-writing"));
    auto again = patchbay({"apply", "--worktree", "../W2"}, tree / "s");
    EXPECT_EQ(again.status, 2);
    auto regenerate = patchbay({"regenerate", "0002-p2.patch", "--worktree", "../W2"}, tree / "s");
    EXPECT_EQ(regenerate.status, 2);
    for (const std::string& err : {again.err, regenerate.err}) {
        EXPECT_TRUE(contains(err,
                             "patchbay: error: ../W2: a patchbay run that was interrupted "
                             "left this worktree half-written"))
            << err;
        EXPECT_TRUE(contains(err, "remove the folder (rm -rf ../W2)")) << err;
    }
}

// GitHub's step summary file holds the steps before this one: a full disk must not leave half
// a summary after them. Before #27 the append stopped mid-word.
TEST_F(SeriesWriters, ASummaryThatDoesNotFitLeavesTheFileAsItWas) {
    write_file(tree / "summary.md", "## the step before\n");
    const std::string command = std::string("trap '' XFSZ; prlimit --fsize=60 ") + PATCHBAY_BINARY +
                                " check-series --summary ../summary.md 2>&1 >/dev/null | cat";
    std::string out = tree.run("cd s && " + command + "; true");
    EXPECT_TRUE(contains(out,
                         "patchbay: error: ../summary.md: cannot append the summary: File "
                         "too large"))
        << out;
    EXPECT_EQ(read_file(tree / "summary.md"), "## the step before\n");
}

}  // namespace
}  // namespace patchbay
