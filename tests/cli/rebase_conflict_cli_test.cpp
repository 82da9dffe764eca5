// End-to-end: the conflict → resolve → continue loop of `patchbay rebase --worktree DIR`. The
// upstream changes, between v1 and v2, the very lines two patches of the series change. git is
// the oracle: `git merge-file --diff3` on the same three files for the conflict markers, `git
// log` and `git status` for the worktree, and python's json module for the JSON report.
// Also tests tool/rebase_report_json.cpp and rebase/interrupted_continue.cpp (through the binary).

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

const std::string kP1 = "0001-0001-f-five.patch";
const std::string kP2 = "0002-0002-e-ten.patch";
const std::string kP3 = "0003-0003-e-thirty.patch";
const std::string kP4 = "0004-0004-g-ten.patch";

// A patch's row of the report: the names are padded to the longest (kP3).
std::string row(const std::string& name, const std::string& rest) {
    return name + std::string(kP3.size() - name.size() + 2, ' ') + rest;
}

class RebaseConflict : public ::testing::Test {
  protected:
    void SetUp() override {
        tree.run(
            "mkdir up && cd up && git init -q && git config user.name U && "
            "git config user.email u@u");
        for (std::string f : {"e", "f", "g"}) tree.write("up/" + f + ".txt", tagged_lines(f));
        in_up("git add -A && git commit -qm v1 && git tag v1 && git checkout -q -b topic");
        edit("f.txt", "f line 5\n", "f line five\n", "0001 f five");
        edit("e.txt", "e line 10\n", "e line ten\n", "0002 e ten");
        edit("e.txt", "e line 30\n", "e line thirty\n", "0003 e thirty");
        edit("g.txt", "g line 10\n", "g line ten\n", "0004 g ten");
        tree.run("mkdir -p s/patches && cd up && git format-patch -q -o ../s/patches v1");
        tree.run("cd s/patches && ls *.patch > series");
        write_file(tree / "s/patchbay.toml", "[upstream]\npath = \"../up\"\nrev = \"v1\"\n");
        in_up("git checkout -q -b main v1");
        edit("e.txt", "e line 10\n", "e line TEN\n", "e ten upstream");
        edit("g.txt", "g line 10\n", "g line TEN\n", "g ten upstream");
        in_up("git tag v2");
    }
    void in_up(const std::string& command) { tree.run("cd up && " + command); }
    void edit(const std::string& file, const std::string& from, const std::string& to,
              const std::string& message) {
        write_file(tree / "up" / file, replaced(read_file(tree / "up" / file), from, to));
        in_up("git commit -qam '" + message + "'");
    }
    test_support::ProcessResult rebase(std::vector<std::string> more) {
        std::vector<std::string> args = {"rebase", "--onto", "v2"};
        args.insert(args.end(), more.begin(), more.end());
        return patchbay(args, tree / "s");
    }
    // What git merge-file --diff3 makes of a file: base at v1, ours at v2, theirs at the
    // patch's commit on topic, labelled as patchbay labels them.
    std::string git_merge(const std::string& file, const std::string& commit,
                          const std::string& patch) {
        tree.run("cd up && git show v1:" + file + " > ../base && git show v2:" + file +
                 " > ../ours && git show " + commit + ":" + file + " > ../theirs");
        tree.run("(git merge-file -p --diff3 -L v2 -L v1 -L " + patch +
                 " ours base theirs > merged; true)");
        return read_file(tree / "merged");
    }
    std::string in_worktree(const std::string& command) { return tree.run("cd s/W && " + command); }
    // A file as a commit of W holds it, byte for byte.
    std::string in_commit(const std::string& commit, const std::string& file) {
        in_worktree("git show " + commit + ":" + file + " > ../shown");
        return read_file(tree / "s/shown");
    }
    // The marker a run writing W leaves when it is killed; `pid` is the run's.
    void mark_writing_by(const std::string& pid) {
        write_file(tree / "s/W/.git/patchbay-writing",
                   "patchbay (pid " + pid +
                       ") is writing this worktree; an interrupted run leaves this file\n");
    }
    // A pid no process has any more: a shell's, once it has exited.
    std::string gone_pid() { return tree.run("sh -c 'echo $$'"); }
    // Where a --continue killed after it committed the person's resolution of 0002 and carried
    // 0003 leaves W (worktree_writer.cpp: one commit a patch, author patchbay, the patch's name
    // as message; the state file is written only at the end, so it still has 0002 pending).
    void leave_killed_continue(const std::string& resolved_e) {
        write_file(tree / "s/W/e.txt", resolved_e);
        const std::string as_patchbay =
            "git -c user.name=patchbay -c user.email=patchbay@localhost ";
        in_worktree(as_patchbay + "commit -qam '" + kP2 + "'");
        write_file(tree / "s/W/e.txt", replaced(resolved_e, "e line 30\n", "e line thirty\n"));
        in_worktree(as_patchbay + "commit -qam '" + kP3 + "'");
        mark_writing_by(gone_pid());
    }
    TempTree tree;
};

TEST_F(RebaseConflict, AConflictIsLeftWithGitsMarkersAndTheReportNamesPatchAndFile) {
    auto patches_before = tree.run("cd s/patches && cat * | sha256sum");
    auto result = rebase({"--worktree", "W"});
    EXPECT_EQ(result.status, 1) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, row(kP2, "conflict: e.txt needs a person"))) << result.out;
    EXPECT_TRUE(contains(result.out, "worktree W: " + kP2 + " stopped the rebase")) << result.out;
    EXPECT_TRUE(contains(result.out, "e.txt with conflict markers"));
    EXPECT_TRUE(contains(result.out, "patchbay rebase --onto v2 --continue --worktree W"));
    EXPECT_EQ(read_file(tree / "s/W/e.txt"), git_merge("e.txt", "topic~2", kP2))
        << "the conflict as git merge-file --diff3 writes it";
    EXPECT_EQ(in_worktree("git log --format=%s | tr '\\n' ,"), kP1 + ",pristine upstream,");
    EXPECT_EQ(in_worktree("git rev-parse HEAD~1^{tree}"),
              tree.run("cd up && git rev-parse v2^{tree}"))
        << "the new upstream is the first commit";
    EXPECT_EQ(in_worktree("git status --porcelain"), " M e.txt") << "uncommitted";
    EXPECT_EQ(tree.run("cd s/patches && cat * | sha256sum"), patches_before);
    EXPECT_TRUE(contains(read_file(tree / "s/patchbay.toml"), "rev = \"v1\""));
}

TEST_F(RebaseConflict, TheJsonReportSaysTheSame) {
    auto result = rebase({"--worktree", "W", "--format", "json", "-o", "../report.json"});
    EXPECT_EQ(result.status, 1) << result.out << result.err;
    auto fields = tree.run(
        "python3 -c 'import json; r = json.load(open(\"report.json\")); "
        "w = r[\"worktree\"]; c = [p[\"name\"] + \":\" + \",\".join(p[\"conflicts\"]) "
        "for p in r[\"patches\"] if p[\"outcome\"] == \"conflict\"]; "
        "print(w[\"dir\"], w[\"pending\"], w[\"conflict_files\"], c, r[\"exit_status\"])'");
    EXPECT_EQ(fields, "W " + kP2 + " ['e.txt'] ['" + kP2 + ":e.txt', '" + kP4 + ":g.txt'] 1");
}

TEST_F(RebaseConflict, ContinueRefusesWhileMarkersAreLeftAndNamesFileAndLine) {
    ASSERT_EQ(rebase({"--worktree", "W"}).status, 1);
    auto head = in_worktree("git rev-parse HEAD");
    auto line = tree.run("grep -n '^<<<<<<<' s/W/e.txt | cut -d: -f1");
    auto result = rebase({"--continue", "--worktree", "W", "--write"});
    EXPECT_EQ(result.status, 1) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "W/e.txt:" + line + ": <<<<<<< v2")) << result.out;
    EXPECT_TRUE(contains(result.out, "nothing written"));
    EXPECT_EQ(in_worktree("git rev-parse HEAD"), head);
    EXPECT_TRUE(contains(read_file(tree / "s/patchbay.toml"), "rev = \"v1\""));
    auto json = rebase({"--continue", "--worktree", "W", "--format", "json", "-o", "../m.json"});
    EXPECT_EQ(json.status, 1) << json.err;
    EXPECT_EQ(tree.run("python3 -c 'import json; r = json.load(open(\"m.json\")); "
                       "m = r[\"markers_left\"][0]; "
                       "print(r[\"worktree\"][\"pending\"], m[\"file\"], m[\"line\"])'"),
              kP2 + " e.txt " + line);
}

// Each conflict resolved by hand in turn; the written series then applies exactly on v2 and
// gives the trees the person made.
TEST_F(RebaseConflict, ContinueAfterResolutionCarriesTheSeriesAndWriteWritesIt) {
    ASSERT_EQ(rebase({"--worktree", "W"}).status, 1);
    std::string e = replaced(tagged_lines("e"), "e line 10\n", "e line TEN and ten\n");
    write_file(tree / "s/W/e.txt", e);
    auto second = rebase({"--continue", "--worktree", "W"});
    EXPECT_EQ(second.status, 1) << second.out << second.err;
    EXPECT_TRUE(contains(second.out, row(kP2, "resolved (rewritten)"))) << second.out;
    EXPECT_TRUE(contains(second.out, "worktree W: " + kP4 + " stopped the rebase"));
    EXPECT_EQ(in_worktree("git log --format=%s | tr '\\n' ,"),
              kP3 + "," + kP2 + "," + kP1 + ",pristine upstream,");
    EXPECT_EQ(read_file(tree / "s/W/g.txt"), git_merge("g.txt", "topic", kP4));
    std::string g = replaced(tagged_lines("g"), "g line 10\n", "g line TEN, ten\n");
    write_file(tree / "s/W/g.txt", g);
    in_worktree(
        "git -c user.name=P -c user.email=p@p commit -qam 'my resolution'");  // committing is fine
    auto last = rebase({"--continue", "--worktree", "W", "--write"});
    EXPECT_EQ(last.status, 0) << last.out << last.err;
    EXPECT_TRUE(contains(last.out, row(kP4, "resolved (rewritten)"))) << last.out;
    EXPECT_TRUE(contains(last.out, "wrote 2 patches: " + kP2 + ", " + kP4));
    EXPECT_TRUE(contains(last.out,
                         "result: 2 of 4 patches carried without a person, 2 resolved by a "
                         "person, 0 already upstream, 0 need a person"))
        << last.out;
    EXPECT_TRUE(contains(read_file(tree / "s/patchbay.toml"), "rev = \"v2\""));
    EXPECT_TRUE(
        contains(read_file(tree / ("s/patches/" + kP2)), "Subject: [PATCH 2/4] 0002 e ten"));
    auto check = patchbay({"check-series", "--format", "json", "-o", "../check.json"}, tree / "s");
    EXPECT_EQ(check.status, 0) << check.out << check.err;
    EXPECT_EQ(tree.run("python3 -c 'import json; r = json.load(open(\"check.json\")); "
                       "print(sorted({h[\"status\"] for p in r[\"patches\"] for f in p[\"files\"] "
                       "for h in f[\"hunks\"]}))'"),
              "['exact']");
    ASSERT_EQ(patchbay({"apply", "--worktree", "R"}, tree / "s").status, 0);
    EXPECT_EQ(read_file(tree / "s/R/e.txt"), replaced(e, "e line 30\n", "e line thirty\n"));
    EXPECT_EQ(read_file(tree / "s/R/g.txt"), g);
    EXPECT_EQ(read_file(tree / "s/R/f.txt"),
              replaced(tagged_lines("f"), "f line 5\n", "f line five\n"));
}

TEST_F(RebaseConflict, WriteNeverHappensWhileAConflictIsUnresolved) {
    auto before = read_file(tree / ("s/patches/" + kP2));
    auto result = rebase({"--write"});
    EXPECT_EQ(result.status, 1) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "nothing written: " + kP2 + " still conflicts")) << result.out;
    EXPECT_TRUE(contains(result.out, "patchbay rebase --onto v2 --worktree NEW_DIR"));
    EXPECT_TRUE(contains(read_file(tree / "s/patchbay.toml"), "rev = \"v1\""));
    EXPECT_EQ(read_file(tree / ("s/patches/" + kP2)), before);
}

TEST_F(RebaseConflict, AFolderThatIsNotTheRebasesOwnIsLeftAlone) {
    write_file(tree / "s/W/mine.txt", "my notes\n");
    auto fresh = rebase({"--worktree", "W"});
    EXPECT_EQ(fresh.status, 2) << fresh.out << fresh.err;
    EXPECT_TRUE(contains(fresh.err, "W: exists and is not empty")) << fresh.err;
    auto resumed = rebase({"--continue", "--worktree", "W"});
    EXPECT_EQ(resumed.status, 2);
    EXPECT_TRUE(contains(resumed.err, "is not a worktree of patchbay rebase")) << resumed.err;
    EXPECT_EQ(read_file(tree / "s/W/mine.txt"), "my notes\n");
    EXPECT_FALSE(fs::exists(tree / "s/W/.git"));
}

TEST_F(RebaseConflict, AStoppedRebaseIsContinuedNotStartedAgain) {
    ASSERT_EQ(rebase({"--worktree", "W"}).status, 1);
    write_file(tree / "s/W/e.txt", "my half-done resolution\n");
    auto again = rebase({"--worktree", "W"});
    EXPECT_EQ(again.status, 2) << again.out;
    EXPECT_TRUE(contains(again.err, "a rebase stopped here")) << again.err;
    EXPECT_EQ(read_file(tree / "s/W/e.txt"), "my half-done resolution\n");
    write_file(tree / ("s/patches/" + kP3), read_file(tree / ("s/patches/" + kP3)) + "\n");
    auto edited = rebase({"--continue", "--worktree", "W"});
    EXPECT_EQ(edited.status, 2) << edited.out;
    EXPECT_TRUE(contains(edited.err, "the series changed since the rebase stopped here (" + kP3))
        << edited.err;
    auto other = rebase({"--continue", "--worktree", "W", "--rev", "v2"});
    EXPECT_EQ(other.status, 2) << other.out;
    EXPECT_TRUE(contains(other.err, "not of this one")) << other.err;
}

// "Nothing a user wrote is ever lost": removing the folder, as the interrupted worktree's
// message said before, would have lost the committed resolution. The next --continue takes W
// back to what the state file says, keeps the resolution and carries 0003 once.
TEST_F(RebaseConflict, AContinueKilledAfterCommittingTheResolutionKeepsIt) {
    ASSERT_EQ(rebase({"--worktree", "W"}).status, 1);
    std::string e = replaced(tagged_lines("e"), "e line 10\n", "e line TEN and ten\n");
    leave_killed_continue(e);
    auto resumed = rebase({"--continue", "--worktree", "W"});
    EXPECT_EQ(resumed.status, 1) << resumed.out << resumed.err;
    EXPECT_TRUE(contains(resumed.out, row(kP2, "resolved (rewritten)"))) << resumed.out;
    EXPECT_TRUE(contains(resumed.out, "worktree W: " + kP4 + " stopped the rebase"));
    EXPECT_EQ(in_worktree("git log --format=%s | tr '\\n' ,"),
              kP3 + "," + kP2 + "," + kP1 + ",pristine upstream,");
    EXPECT_EQ(in_commit("HEAD~1", "e.txt"), e);
    EXPECT_EQ(read_file(tree / "s/W/e.txt"), replaced(e, "e line 30\n", "e line thirty\n"));
    EXPECT_FALSE(fs::exists(tree / "s/W/.git/patchbay-writing"));
}

// The same with real kills: a --continue stopped by SIGXFSZ once it has written N bytes to any
// one file (the index, an object, a branch: wherever N falls), then run again. Whatever the
// point, the result is the one an uninterrupted --continue gives; the lock files git took and
// the killed run left behind (index.lock, a branch's .lock) do not stop the next one.
TEST_F(RebaseConflict, AContinueKilledAnywhereEndsAsAnUninterruptedOne) {
    std::string e = replaced(tagged_lines("e"), "e line 10\n", "e line TEN and ten\n");
    int left_marked = 0;
    for (int limit : {300, 500, 700, 900}) {
        const std::string w = "K" + std::to_string(limit);
        ASSERT_EQ(rebase({"--worktree", w}).status, 1);
        write_file(tree / "s" / w / "e.txt", e);
        tree.run("cd s && prlimit --fsize=" + std::to_string(limit) + " " +
                 std::string(PATCHBAY_BINARY) + " rebase --onto v2 --continue --worktree " + w +
                 " >/dev/null 2>&1; true");
        left_marked += fs::exists(tree / "s" / w / ".git/patchbay-writing") ? 1 : 0;
        auto resumed = rebase({"--continue", "--worktree", w});
        EXPECT_EQ(resumed.status, 1) << limit << resumed.out << resumed.err;
        EXPECT_EQ(tree.run("cd s/" + w + " && git log --format=%s | tr '\\n' ,"),
                  kP3 + "," + kP2 + "," + kP1 + ",pristine upstream,")
            << limit;
        tree.run("cd s/" + w + " && git show HEAD~1:e.txt > ../shown");
        EXPECT_EQ(read_file(tree / "s/shown"), e) << limit;
    }
    EXPECT_GT(left_marked, 0) << "no limit stopped a --continue half-way: the test tests nothing";
}

// Killed before it committed anything: the resolution is still the worktree's file.
TEST_F(RebaseConflict, AContinueKilledBeforeItCommittedCarriesOnFromTheFiles) {
    ASSERT_EQ(rebase({"--worktree", "W"}).status, 1);
    std::string e = replaced(tagged_lines("e"), "e line 10\n", "e line TEN and ten\n");
    write_file(tree / "s/W/e.txt", e);
    mark_writing_by(gone_pid());
    auto resumed = rebase({"--continue", "--worktree", "W"});
    EXPECT_EQ(resumed.status, 1) << resumed.out << resumed.err;
    EXPECT_TRUE(contains(resumed.out, row(kP2, "resolved (rewritten)"))) << resumed.out;
    EXPECT_EQ(in_commit("HEAD~1", "e.txt"), e);
}

// Two --continue at once: the second leaves W to the first (pid 1 is always running).
TEST_F(RebaseConflict, AContinueWhileAnotherWritesTheWorktreeLeavesItAlone) {
    ASSERT_EQ(rebase({"--worktree", "W"}).status, 1);
    write_file(tree / "s/W/e.txt", "my resolution\n");
    const std::string head = in_worktree("git rev-parse HEAD");
    mark_writing_by("1");
    auto second = rebase({"--continue", "--worktree", "W"});
    EXPECT_EQ(second.status, 2) << second.out << second.err;
    EXPECT_TRUE(
        contains(second.err, "W: another patchbay run (pid 1) is writing this worktree now"))
        << second.err;
    EXPECT_FALSE(contains(second.err, "rm -rf")) << second.err;
    EXPECT_EQ(read_file(tree / "s/W/e.txt"), "my resolution\n");
    EXPECT_EQ(in_worktree("git rev-parse HEAD"), head);
    EXPECT_TRUE(fs::exists(tree / "s/W/.git/patchbay-writing"));
}

// v3 deletes the file 0001 changes: no marker can say that, and the report does.
TEST_F(RebaseConflict, AConflictThatCannotHoldMarkersIsSaid) {
    in_up("git rm -q f.txt && git commit -qm 'f goes' && git tag v3");
    auto result = patchbay({"rebase", "--onto", "v3", "--worktree", "W"}, tree / "s");
    EXPECT_EQ(result.status, 1) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "worktree W: " + kP1 + " stopped the rebase")) << result.out;
    EXPECT_TRUE(contains(result.out, "without markers: f.txt (deleted on one side")) << result.out;
    EXPECT_FALSE(fs::exists(tree / "s/W/f.txt")) << "the new upstream's side";
    EXPECT_EQ(in_worktree("git log --format=%s"), "pristine upstream");
}

}  // namespace
}  // namespace patchbay
