// End-to-end: `patchbay rebase --onto v2` on an upgrade where git's three-way merge gives up on
// patches a person would not need to see (issue #29): a fix upstream took with edits of its
// own, a patch half taken, a change whose context upstream edited on the adjacent lines, a file
// upstream moved, a CVE fix named in upstream's history; and one real conflict, of which only
// the hunk upstream rewrote is left. Then --write, in its three ways with the patches already
// upstream, leaves a series that check-series passes on v2. git cherry-pick is the peer: the
// test shows where it stops on the same patches.
// Also tests tool/rebase_report_json.cpp (through the binary).

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

const std::string kFixed =
    "    guard_the_state(m);\n    m line 20 with guard\n    release_the_state(m);\n"
    "    log_state_changes(m);\n";
// Upstream's own version: a comment above, one line reworded.
const std::string kFixedUpstream =
    "    /* guard the state: reported upstream */\n    guard_the_state(m);\n"
    "    m line 20 with guard\n    release_the_state(m, flags);\n    log_state_changes(m);\n";

class RebaseUpgrade : public ::testing::Test {
  protected:
    void SetUp() override {
        tree.run(
            "mkdir up && cd up && git init -q && git config user.name U && "
            "git config user.email u@u && mkdir old");
        for (std::string f : {"m", "p", "c", "k", "n"})
            tree.write("up/" + f + ".c", tagged_lines(f));
        tree.write("up/old/mv.c", tagged_lines("mv"));
        tree.write("up/NEWS", "v1\n");
        in_up("git add -A && git commit -qm v1 && git tag v1 && git checkout -q -b topic");
        edit("m.c", "m line 20\n", kFixed, "guard the state");
        edit("p.c", "p line 5\n", "p line five\n", "p five and thirty", false);
        edit("p.c", "p line 30\n", "p line thirty\n", "p five and thirty", true);
        edit("c.c", "c line 20\n", "c line twenty\n", "c twenty");
        edit("old/mv.c", "mv line 20\n", "mv line twenty\n", "mv twenty");
        edit("n.c", "n line 10\n", "n line ten\n", "CVE-2026-1234 fix");
        edit("k.c", "k line 5\n", "k line five\n", "k five and thirty", false);
        edit("k.c", "k line 30\n", "k line thirty\n", "k five and thirty", true);
        tree.run("mkdir -p s/patches && cd up && git format-patch -q -o ../s/patches v1");
        tree.run("cd s/patches && ls *.patch > series");
        write_file(tree / "s/patchbay.toml", "[upstream]\npath = \"../up\"\nrev = \"v1\"\n");
        // Upstream from v1 to v2.
        in_up("git checkout -q -b main v1");
        edit("m.c", "m line 20\n", kFixedUpstream, "Guard the state (our way)");
        edit("p.c", "p line 5\np line 6\n", "p line five\np line 6 (upstream)\n", "p: five");
        edit("c.c", "c line 19\n", "c line 19 (upstream)\n", "c: 19", false);
        edit("c.c", "c line 21\n", "c line 21 (upstream)\n", "c: 19 and 21", true);
        in_up("mkdir new && git mv old/mv.c new/mv.c && git commit -qm 'move mv.c'");
        edit("new/mv.c", "mv line 1\n", "mv line one\n", "mv: one");
        edit("n.c", "n line 10\n", "n line ten\n", "Fix CVE-2026-1234 in n.c");
        edit("k.c", "k line 30\n", "k line THIRTY\n", "k: THIRTY");
        in_up("git tag v2");
    }
    void in_up(const std::string& command) { tree.run("cd up && " + command); }
    void edit(const std::string& file, const std::string& from, const std::string& to,
              const std::string& message, bool commit = true) {
        write_file(tree / "up" / file, replaced(read_file(tree / "up" / file), from, to));
        if (commit) in_up("git commit -qam '" + message + "'");
    }
    // The series without its one real conflict (0006, k.c).
    void drop_conflict() {
        write_file(tree / "s/patches/series", replaced(read_file(tree / "s/patches/series"),
                                                       "0006-k-five-and-thirty.patch\n", ""));
    }
    TempTree tree;
};

TEST_F(RebaseUpgrade, EachPatchGetsWhatAPersonWouldDecide) {
    auto result = patchbay({"rebase", "--onto", "v2"}, tree / "s");
    EXPECT_EQ(result.status, 1) << result.out << result.err;
    const auto& out = result.out;
    EXPECT_TRUE(contains(out,
                         "0001-guard-the-state.patch    already upstream (modified: 3 of 4 "
                         "added lines present)\n"))
        << out;
    EXPECT_TRUE(contains(out,
                         "skip it: { patch = \"0001-guard-the-state.patch\", reason = "
                         "\"already upstream (modified: 3 of 4 added lines present)\" }"))
        << out;
    EXPECT_TRUE(contains(out,
                         "0002-p-five-and-thirty.patch  partly upstream (rewritten): 1 of 2 hunks "
                         "upstream (modified: 1 of 1 added lines present)\n"))
        << out;
    EXPECT_TRUE(contains(out, "0003-c-twenty.patch           applies with fuzz (rewritten)\n"))
        << out;
    EXPECT_TRUE(contains(out,
                         "0004-mv-twenty.patch          merged (rewritten)\n"
                         "      followed old/mv.c to new/mv.c (moved upstream)\n"))
        << out;
    auto fix = tree.run("cd up && git rev-parse --short=12 ':/Fix CVE-2026-1234'");
    EXPECT_TRUE(contains(out, "0005-CVE-2026-1234-fix.patch  already upstream since " + fix +
                                  " \"Fix CVE-2026-1234 in n.c\"\n"))
        << out;
    EXPECT_TRUE(contains(out,
                         "evidence: description names CVE-2026-1234: in the history since "
                         "the old upstream\n"))
        << out;
    EXPECT_TRUE(contains(out,
                         "0006-k-five-and-thirty.patch  conflict: k.c needs a person (hunks "
                         "left: k.c:30; of the other 1 of 2: 0 already upstream, 1 carried)\n"))
        << out;
    EXPECT_TRUE(contains(out,
                         "result: 3 of 6 patches carried without a person, 2 already "
                         "upstream, 1 need a person\n"))
        << out;
}

TEST_F(RebaseUpgrade, TheJsonReportCarriesTheHunksTheMovesAndTheEvidence) {
    auto result =
        patchbay({"rebase", "--onto", "v2", "--format", "json", "-o", "../r.json"}, tree / "s");
    EXPECT_EQ(result.status, 1) << result.out << result.err;
    auto fields = tree.run(
        "python3 -c 'import json; r = {p[\"name\"][:4]: p for p in "
        "json.load(open(\"r.json\"))[\"patches\"]}; h = r[\"0001\"][\"hunks\"]; "
        "print(h[\"modified\"], h[\"added_lines\"], h[\"added_present\"], "
        "r[\"0004\"][\"moved\"], r[\"0005\"][\"evidence\"], r[\"0006\"][\"hunks\"][\"left\"], "
        "[p[\"needs_person\"] for p in r.values()])'");
    EXPECT_EQ(fields,
              "1 4 3 {'old/mv.c': 'new/mv.c'} ['description names CVE-2026-1234: in the history "
              "since the old upstream'] ['k.c:30'] [False, False, False, False, False, True]");
}

TEST_F(RebaseUpgrade, GitCherryPickStopsOnTheSamePatches) {
    // The peer, on the same commits: every patch but the moved file's stops (git follows the
    // rename), the ones already upstream included.
    auto picks = tree.run(
        "cd up && git checkout -q -b picked v2 && for c in $(git rev-list --reverse v1..topic); "
        "do if git cherry-pick $c >/dev/null 2>&1; then echo -n ok,; else echo -n stop,; "
        "git cherry-pick --abort >/dev/null 2>&1; git reset -q --hard; fi; done");
    EXPECT_EQ(picks, "stop,stop,stop,ok,stop,stop,");
}

TEST_F(RebaseUpgrade, NoPatchForAPersonExitsZero) {
    drop_conflict();
    auto result = patchbay({"rebase", "--onto", "v2"}, tree / "s");
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(contains(result.out,
                         "result: 3 of 5 patches carried without a person, 2 already "
                         "upstream, 0 need a person\n"))
        << result.out;
}

TEST_F(RebaseUpgrade, ABackportOfAnUpstreamCommitIsConfirmedByItsOwnId) {
    // A distribution backports upstream's commit with git format-patch: its `From <sha>` line
    // and GitHub's "(#77)" at the end of the subject name the commit the history has.
    drop_conflict();
    in_up("git checkout -q main");
    edit("p.c", "p line 15\n", "p line fifteen\n", "p: fifteen (#77)");
    tree.run(
        "cd up && git format-patch -q -1 -o ../s/patches HEAD && cd ../s/patches && "
        "ls 0001-p-fifteen-77.patch >> series");
    auto result =
        patchbay({"rebase", "--onto", "main", "--format", "json", "-o", "../r.json"}, tree / "s");
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    auto evidence = tree.run(
        "python3 -c 'import json; print([p[\"evidence\"] for p in "
        "json.load(open(\"r.json\"))[\"patches\"] if p[\"name\"].startswith(\"0001-p\")])'");
    auto id = tree.run("cd up && git rev-parse HEAD").substr(0, 12);
    EXPECT_EQ(evidence, "[['From line names commit " + id +
                            ": in the history since the old upstream', 'Subject line names PR "
                            "#77: in the history since the old upstream']]");
}

TEST_F(RebaseUpgrade, WriteTakesTheUpstreamPatchesOutOfTheSeriesAndItApplies) {
    drop_conflict();
    auto result = patchbay({"rebase", "--onto", "v2", "--write"}, tree / "s");
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(contains(result.out,
                         "already upstream: 0001-guard-the-state.patch, "
                         "0005-CVE-2026-1234-fix.patch left the series file"))
        << result.out;
    EXPECT_EQ(read_file(tree / "s/patches/series"),
              "0002-p-five-and-thirty.patch\n0003-c-twenty.patch\n0004-mv-twenty.patch\n");
    EXPECT_TRUE(fs::exists(tree / "s/patches/0001-guard-the-state.patch")) << "the file is kept";
    EXPECT_TRUE(contains(read_file(tree / "s/patches/0004-mv-twenty.patch"), "+++ b/new/mv.c"));
    auto check = patchbay({"check-series"}, tree / "s");
    EXPECT_EQ(check.status, 0) << check.out << check.err;
    // The written series gives what a person would: the fixes on v2, each once.
    auto applied = patchbay({"apply", "--worktree", "W"}, tree / "s");
    ASSERT_EQ(applied.status, 0) << applied.out << applied.err;
    EXPECT_EQ(read_file(tree / "s/W/c.c"),
              replaced(read_file(tree / "up/c.c"), "c line 20\n", "c line twenty\n"));
    EXPECT_EQ(read_file(tree / "s/W/new/mv.c"),
              replaced(read_file(tree / "up/new/mv.c"), "mv line 20\n", "mv line twenty\n"));
    EXPECT_EQ(read_file(tree / "s/W/p.c"),
              replaced(read_file(tree / "up/p.c"), "p line 30\n", "p line thirty\n"));
}

TEST_F(RebaseUpgrade, DropDeletesTheFilesAndKeepSkipsThemWithTheEvidence) {
    drop_conflict();
    tree.run("cp -a s s2");
    auto dropped = patchbay({"rebase", "--onto", "v2", "--write", "--drop-upstreamed"}, tree / "s");
    EXPECT_EQ(dropped.status, 0) << dropped.out << dropped.err;
    EXPECT_FALSE(fs::exists(tree / "s/patches/0001-guard-the-state.patch"));
    EXPECT_EQ(patchbay({"check-series"}, tree / "s").status, 0);
    auto kept = patchbay({"rebase", "--onto", "v2", "--write", "--keep-upstreamed"}, tree / "s2");
    EXPECT_EQ(kept.status, 0) << kept.out << kept.err;
    auto toml = read_file(tree / "s2/patchbay.toml");
    EXPECT_TRUE(contains(toml,
                         "[[series.skip]]\npatch = \"0001-guard-the-state.patch\"\n"
                         "reason = \"already upstream (modified: 3 of 4 added lines "
                         "present)\"\n"))
        << toml;
    EXPECT_TRUE(contains(read_file(tree / "s2/patches/series"), "0001-guard-the-state.patch\n"));
    auto check = patchbay({"check-series"}, tree / "s2");
    EXPECT_EQ(check.status, 0) << check.out << check.err;
    auto both =
        patchbay({"rebase", "--onto", "v2", "--write", "--keep-upstreamed", "--drop-upstreamed"},
                 tree / "s2");
    EXPECT_EQ(both.status, 2);
}

}  // namespace
}  // namespace patchbay
