// End-to-end: --rev names the release the series targets, and the checkout has since moved the
// file the series patches (an upstream reorganisation). git status is clean, so check-series
// reads the release from the object store and passes; round 6 called the checkout dirty.

#include <gtest/gtest.h>

#include "tests/support/cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

using test_support::contains;
using test_support::patchbay;
using test_support::run_process;
using test_support::TempDir;
using test_support::write_file;

TEST(CheckSeriesRev, AFileTheCheckoutMovedSinceTheReleaseIsNoLocalModification) {
    TempDir dir;
    write_file(dir / "up/f.py", "a\nb\nc\n");
    write_file(dir / "patches/series", "0001.patch\n");
    write_file(dir / "patches/0001.patch",
               "--- a/f.py\n+++ b/f.py\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
    const std::string git =
        "git -c user.name=t -c user.email=t@example.com -c commit.gpgsign=false";
    auto made = run_process(
        {"bash", "-c",
         "cd up && git init -q && git add f.py && " + git +
             " commit -qm one && git tag v1 && git mv f.py g.py && " + git + " commit -qm moved"},
        dir.path());
    ASSERT_EQ(made.status, 0) << made.err;
    auto result = patchbay({"check-series", "--pristine", "up", "--rev", "v1"}, dir.path());
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "result: OK")) << result.out;

    // Uncommitted edits of the file read: v1's bytes are still what --rev v1 names, and the
    // report says that the edits were not used (issue #28 item 6: --rev agrees with
    // --allow-dirty; without either, a dirty file read is refused: GitUpstream's tests).
    auto removed = run_process({"bash", "-c", "cd up && git rm -q g.py"}, dir.path());
    ASSERT_EQ(removed.status, 0) << removed.err;
    write_file(dir / "up/f.py", "edited\n");
    run_process({"bash", "-c", "cd up && git add f.py"}, dir.path());
    auto dirty = patchbay({"check-series", "--pristine", "up", "--rev", "v1"}, dir.path());
    EXPECT_EQ(dirty.status, 0) << dirty.out << dirty.err;
    EXPECT_TRUE(contains(dirty.out, "edits in the checkout that are not committed are not used"))
        << dirty.out;
}

// Checked against the revision that moved it, the missing file is explained by git's rename
// detection: where the file is now and the commit that moved it (git names the commit).
TEST(CheckSeriesRev, AFileUpstreamMovedIsNamedWithItsNewPathAndTheCommit) {
    TempDir dir;
    write_file(dir / "up/f.py", "a\nb\nc\n");
    write_file(dir / "patches/series", "0001.patch\n");
    write_file(dir / "patches/0001.patch",
               "--- a/f.py\n+++ b/f.py\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
    const std::string git =
        "git -c user.name=t -c user.email=t@example.com -c commit.gpgsign=false";
    auto made =
        run_process({"bash", "-c",
                     "cd up && git init -q && git add f.py && " + git +
                         " commit -qm one && mkdir v1 && git mv f.py v1/f.py && " + git +
                         " commit -qm 'Move f.py into v1' && git rev-parse --short=12 HEAD"},
                    dir.path());
    ASSERT_EQ(made.status, 0) << made.err;
    const std::string commit = made.out.substr(0, 12);
    auto result = patchbay({"check-series", "--pristine", "up"}, dir.path());
    EXPECT_EQ(result.status, 1) << result.out << result.err;
    EXPECT_TRUE(contains(result.out,
                         "upstream moved it to 'v1/f.py' in " + commit + " (Move f.py into v1)"))
        << result.out;
}

}  // namespace
}  // namespace patchbay
