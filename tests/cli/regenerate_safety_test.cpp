// End-to-end: regenerate never loses a change someone else made (issue #16). Each test builds a
// two-patch series on `seq 1 20`, works through the commands a user types, and checks the
// patch files and the series' result against hand-written expectations.

#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "tests/support/cli.hpp"
#include "tests/support/series_names.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::contains;
using test_support::patchbay;
using test_support::read_file;
using test_support::run_process;
using test_support::TempDir;
using test_support::write_file;

using test_support::kOne;
using test_support::kTwo;

std::string seq(int from, int to) {
    std::string text;
    for (int i = from; i <= to; ++i) text += std::to_string(i) + "\n";
    return text;
}

// `seq 1 20` with the lines in `replaced` changed.
std::string numbers(const std::map<int, std::string>& replaced) {
    std::string text;
    for (int i = 1; i <= 20; ++i) {
        auto found = replaced.find(i);
        text += (found == replaced.end() ? std::to_string(i) : found->second) + "\n";
    }
    return text;
}

void sed(const fs::path& file, const std::string& from, const std::string& to) {
    auto text = read_file(file);
    auto at = text.find("\n" + from + "\n");
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at + 1, from.size(), to);
    write_file(file, text);
}

class TwoPatches : public ::testing::Test {
  protected:
    // 0002's context is line `two_context` (14: far from 0001's change; 3: 0001's own line).
    void make(const std::string& two) {
        write_file(root() / "up/f.txt", seq(1, 20));
        write_file(root() / "patches" / kOne,
                   "one\n\n--- a/f.txt\n+++ b/f.txt\n@@ -2,3 +2,3 @@\n 2\n-3\n+three\n 4\n");
        write_file(root() / "patches" / kTwo, two);
        write_file(root() / "patches/series", kOne + "\n" + kTwo + "\n");
        write_file(root() / "patchbay.toml", "[upstream]\npath = \"up\"\n");
    }
    fs::path root() const { return dir.path() / "s"; }
    fs::path worktree(const std::string& name, const std::string& upto, int status = 0) {
        auto made = patchbay({"apply", "--worktree", name, "--upto", upto}, root());
        EXPECT_EQ(made.status, status) << made.out << made.err;
        return root() / name;
    }
    test_support::ProcessResult regenerate(const std::string& name, const fs::path& wt) {
        return patchbay({"regenerate", name, "--worktree", wt.string()}, root());
    }
    // The series' result, as apply --worktree writes it.
    std::string result_of(const std::string& wt) {
        worktree(wt, kTwo);
        return read_file(root() / wt / "f.txt");
    }
    TempDir dir;
};

const std::string kFarTwo =
    "two\n\n--- a/f.txt\n+++ b/f.txt\n@@ -14,3 +14,3 @@\n 14\n-15\n+fifteen\n 16\n";

// The issue's example: W2 was made before 0001 changed; regenerating 0002 from it used to write
// "-THREE +three" into 0002. The edit is carried onto the series as it is now, and said so.
TEST_F(TwoPatches, AStaleWorktreeIsRebasedNotReverted) {
    make(kFarTwo);
    auto w2 = worktree("W2", kTwo);
    auto w1 = worktree("W1", kOne);
    sed(w1 / "f.txt", "three", "THREE");
    ASSERT_EQ(regenerate(kOne, w1).status, 0);
    sed(w2 / "f.txt", "fifteen", "FIFTEEN");
    auto result = regenerate(kTwo, w2);
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(contains(result.out,
                         "rebased the worktree's edit of f.txt onto the series as it is now "
                         "(changed since the worktree was made: 0001-one.patch)"))
        << result.out;
    auto two = read_file(root() / "patches" / kTwo);
    EXPECT_FALSE(contains(two, "THREE")) << two;
    EXPECT_FALSE(contains(two, "three")) << two;
    EXPECT_TRUE(contains(two, "-15\n+FIFTEEN\n")) << two;
    EXPECT_EQ(result_of("R"), numbers({{3, "THREE"}, {15, "FIFTEEN"}}));
}

// When the edit does not merge onto the series now, nothing is written and the message names
// the file and the patch that moved it.
TEST_F(TwoPatches, AStaleWorktreeThatConflictsIsRefusedByName) {
    make(kFarTwo);
    auto w2 = worktree("W2", kTwo);
    auto w1 = worktree("W1", kOne);
    sed(w1 / "f.txt", "three", "THREE");
    ASSERT_EQ(regenerate(kOne, w1).status, 0);
    sed(w2 / "f.txt", "three", "3");  // the line 0001 changed since, changed here too
    sed(w2 / "f.txt", "fifteen", "FIFTEEN");
    auto before = read_file(root() / "patches" / kTwo);
    auto result = regenerate(kTwo, w2);
    EXPECT_EQ(result.status, 2) << result.out;
    EXPECT_TRUE(contains(result.err, "patchbay: error: " + w2.string() +
                                         ": the series changed since this worktree was made"))
        << result.err;
    EXPECT_TRUE(contains(result.err, "f.txt (changed since by 0001-one.patch)")) << result.err;
    EXPECT_TRUE(contains(result.err, "--upto 0002-two.patch")) << result.err;
    EXPECT_EQ(read_file(root() / "patches" / kTwo), before);
}

// A worktree made after the change is not stale: nothing is said about rebasing.
TEST_F(TwoPatches, AFreshWorktreeSaysNothingAboutRebasing) {
    make(kFarTwo);
    auto w1 = worktree("W1", kOne);
    sed(w1 / "f.txt", "three", "THREE");
    ASSERT_EQ(regenerate(kOne, w1).status, 0);
    auto w2 = worktree("W2", kTwo);
    sed(w2 / "f.txt", "fifteen", "FIFTEEN");
    auto result = regenerate(kTwo, w2);
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_FALSE(contains(result.out, "rebased")) << result.out;
    EXPECT_EQ(result_of("R"), numbers({{3, "THREE"}, {15, "FIFTEEN"}}));
}

// 0002's context is 0001's line: regenerating 0001 breaks it. The worktree apply --worktree
// makes then stops before 0002; the user applies 0002's change there by hand, and regenerate
// takes the worktree as the truth.
TEST_F(TwoPatches, ABrokenLaterPatchIsRegeneratedFromAWorktreeThatStopsBeforeIt) {
    make("two\n\n--- a/f.txt\n+++ b/f.txt\n@@ -3,3 +3,3 @@\n three\n-4\n+four\n 5\n");
    auto w1 = worktree("W1", kOne);
    sed(w1 / "f.txt", "three", "THREE");
    auto broke = regenerate(kOne, w1);
    ASSERT_EQ(broke.status, 1) << broke.out;
    ASSERT_TRUE(contains(broke.out, "0002-two.patch  rejected (was applied)")) << broke.out;
    auto w2 = worktree("W2", kTwo, 1);  // 0002 is rejected: not committed
    sed(w2 / "f.txt", "4", "four");
    auto result = regenerate(kTwo, w2);
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(contains(read_file(root() / "patches" / kTwo), " THREE\n-4\n+four\n"));
    EXPECT_EQ(patchbay({"check-series"}, root()).status, 0);
    EXPECT_EQ(result_of("R"), numbers({{3, "THREE"}, {4, "four"}}));
}

// While 0002 applies, a worktree that stops before it is still refused: diffing it would drop
// 0002's own change.
TEST_F(TwoPatches, AWorktreeOfAnEarlierPatchIsRefusedWhileThePatchApplies) {
    make(kFarTwo);
    auto w1 = worktree("W1", kOne);
    auto result = regenerate(kTwo, w1);
    EXPECT_EQ(result.status, 2);
    EXPECT_TRUE(contains(result.err, "its HEAD commit is \"0001-one.patch\"")) << result.err;
}

// --from-commit: a file the patch never touched joins it only with --add-files.
TEST_F(TwoPatches, FromCommitRefusesFilesThePatchDoesNotTouchUnlessAsked) {
    make(kFarTwo);
    fs::path fork = dir.path() / "fork";
    write_file(fork / "f.txt", numbers({{3, "three"}}));
    auto git = [&](std::vector<std::string> args) {
        args.insert(args.begin(),
                    {"git", "-C", fork.string(), "-c", "user.name=t", "-c", "user.email=t@t"});
        return run_process(args).status;
    };
    ASSERT_EQ(git({"init", "-q"}), 0);
    ASSERT_EQ(git({"add", "-A"}), 0);
    ASSERT_EQ(git({"commit", "-qm", "base"}), 0);
    write_file(fork / "f.txt", numbers({{3, "three"}, {15, "FIFTEEN"}}));
    write_file(fork / "notes.txt", "scratch\n");
    ASSERT_EQ(git({"add", "-A"}), 0);
    ASSERT_EQ(git({"commit", "-qm", "topic"}), 0);
    auto before = read_file(root() / "patches" / kTwo);
    std::vector<std::string> args{"regenerate", kTwo,     "--from-commit",
                                  "HEAD",       "--repo", fork.string()};
    auto refused = patchbay(args, root());
    EXPECT_EQ(refused.status, 2);
    EXPECT_TRUE(contains(refused.err,
                         "also changes notes.txt, which patches/0002-two.patch does "
                         "not touch"))
        << refused.err;
    EXPECT_TRUE(contains(refused.err, "--add-files")) << refused.err;
    EXPECT_EQ(read_file(root() / "patches" / kTwo), before);
    args.push_back("--add-files");
    auto added = patchbay(args, root());
    EXPECT_EQ(added.status, 0) << added.err;
    auto two = read_file(root() / "patches" / kTwo);
    EXPECT_TRUE(contains(two, "+++ b/notes.txt\n@@ -0,0 +1 @@\n+scratch\n")) << two;
    EXPECT_TRUE(contains(two, "-15\n+FIFTEEN\n")) << two;
}

}  // namespace
}  // namespace patchbay
