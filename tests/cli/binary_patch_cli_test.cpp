// End-to-end: binary changes in a series. A "GIT binary patch" written by git is applied,
// checked against its index line and undone; a "Binary files … differ" stanza without data is
// a finding of its file while the rest of the patch applies (glibc's git-updates.diff has one).

#include <gtest/gtest.h>

#include <filesystem>

#include "tests/support/cli.hpp"
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

std::string bytes_with_nul(char fill) {
    std::string bytes(3000, fill);
    for (std::size_t i = 0; i < bytes.size(); i += 7) bytes[i] = static_cast<char>(i * 31 % 251);
    bytes[5] = '\0';
    return bytes;
}

class BinarySeries : public ::testing::Test {
  protected:
    void SetUp() override {
        fs::create_directories(dir / "up");
        fs::create_directories(dir / "patches");
        write_file(dir / "up/notes.txt", "one\ntwo\n");
        write_file(dir / "up/blob.bin", before);
        write_file(dir / "patchbay.toml", "[upstream]\npath = \"up\"\n");
    }
    // `git diff --binary` of blob.bin going from `before` to `after`, and a text change.
    std::string git_patch() {
        const std::string repo = (dir / "git").string();
        fs::copy(dir / "up", dir / "git", fs::copy_options::recursive);
        auto git = [&](std::vector<std::string> args) {
            args.insert(args.begin(),
                        {"git", "-C", repo, "-c", "user.name=t", "-c", "user.email=t@t"});
            return run_process(args);
        };
        run_process({"git", "init", "-q", repo});
        git({"add", "-A"});
        git({"commit", "-q", "-m", "base"});
        write_file(dir / "git/blob.bin", after);
        write_file(dir / "git/notes.txt", "one\nTWO\n");
        return git({"diff", "--binary"}).out;
    }

    TempDir dir;
    const std::string before = bytes_with_nul('a');
    std::string after = [this] {
        std::string bytes = before;
        bytes.replace(1000, 4, "beef");
        return bytes;
    }();
};

TEST_F(BinarySeries, AGitBinaryPatchAppliesChecksAndReverses) {
    write_file(dir / "patches/1.patch", git_patch());
    write_file(dir / "patches/series", "1.patch\n");
    auto result = patchbay({"check-series"}, dir.path());
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "ok    every binary change carries its data")) << result.out;
    EXPECT_TRUE(contains(result.out, "ok    the series reverses cleanly")) << result.out;
    auto applied = patchbay({"apply", "--worktree", (dir / "wt").string()}, dir.path());
    ASSERT_EQ(applied.status, 0) << applied.out << applied.err;
    EXPECT_EQ(read_file(dir / "wt/blob.bin"), after);
    EXPECT_EQ(read_file(dir / "wt/notes.txt"), "one\nTWO\n");
}

TEST_F(BinarySeries, AGitBinaryPatchOnAnotherFileIsRejectedByBlobId) {
    write_file(dir / "patches/1.patch", git_patch());
    write_file(dir / "patches/series", "1.patch\n");
    write_file(dir / "up/blob.bin", bytes_with_nul('z'));
    auto result = patchbay({"check-series"}, dir.path());
    EXPECT_EQ(result.status, 1) << result.out << result.err;
    EXPECT_TRUE(contains(result.out, "binary 'blob.bin': the file is blob")) << result.out;
}

TEST_F(BinarySeries, BinaryFilesDifferIsAFindingAndTheRestApplies) {
    write_file(
        dir / "patches/1.patch",
        "diff --git a/data/XT6 b/data/XT6\nnew file mode 100644\nindex 0000000000..07b393bb7d\n"
        "Binary files /dev/null and b/data/XT6 differ\n"
        "diff --git a/notes.txt b/notes.txt\n--- a/notes.txt\n+++ b/notes.txt\n"
        "@@ -1,2 +1,2 @@\n one\n-two\n+TWO\n");
    write_file(dir / "patches/series", "1.patch\n");
    auto result = patchbay({"check-series", "--format", "json"}, dir.path());
    EXPECT_EQ(result.status, 1) << result.out << result.err;  // a finding, not bad input
    EXPECT_TRUE(contains(result.out, R"("status":"applied")")) << result.out;
    EXPECT_TRUE(contains(
        result.out, R"("kind":"binary","message":"'data/XT6': the binary change carries no data)"))
        << result.out;
    auto applied = patchbay({"apply", "--worktree", (dir / "wt").string()}, dir.path());
    EXPECT_EQ(applied.status, 1) << applied.out << applied.err;
    // Issue #14: an apply that exits 1 says why.
    EXPECT_TRUE(contains(applied.out, "result: FAILED")) << applied.out;
    EXPECT_TRUE(contains(applied.out, "patches/1.patch:1: binary: 'data/XT6'")) << applied.out;
    EXPECT_EQ(read_file(dir / "wt/notes.txt"), "one\nTWO\n");
    // GNU patch creates data/XT6 empty; patchbay never makes a binary file up (README).
    EXPECT_FALSE(fs::exists(dir / "wt/data/XT6"));
}

}  // namespace
}  // namespace patchbay
