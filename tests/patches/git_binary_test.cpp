// Binary patches written by git itself (`git diff --binary`), applied with libgit2 and checked
// against their index lines.

#include "patches/git_binary.hpp"

#include <gtest/gtest.h>

#include <string>

#include "patches/diff_parser.hpp"
#include "tests/support/process.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

using test_support::run_process;
using test_support::TempDir;
using test_support::write_file;

// 4 KiB of bytes that do not compress away, with NULs: a binary file by git's rules.
std::string binary_bytes(unsigned seed) {
    std::string bytes;
    for (unsigned i = 0, x = seed; i < 4096; ++i) {
        x = x * 1103515245u + 12345u;
        bytes.push_back(static_cast<char>((x >> 16) & 0xff));
    }
    bytes[10] = '\0';
    return bytes;
}

// A repository with `before` committed at blob.bin (absent when empty), then `after` written
// (deleted when empty); returns `git diff --binary` of the change.
std::string git_binary_diff(const TempDir& dir, const std::string& before,
                            const std::string& after) {
    const std::string repo = (dir / "repo").string();
    auto git = [&](std::vector<std::string> args) {
        args.insert(args.begin(), {"git", "-C", repo, "-c", "user.name=t", "-c", "user.email=t@t"});
        return run_process(args);
    };
    run_process({"git", "init", "-q", repo});
    write_file(dir / "repo/keep.txt", "keep\n");
    if (!before.empty()) write_file(dir / "repo/blob.bin", before);
    git({"add", "-A"});
    git({"commit", "-q", "-m", "base"});
    if (after.empty())
        std::filesystem::remove(dir / "repo/blob.bin");
    else
        write_file(dir / "repo/blob.bin", after);
    git({"add", "-A"});
    return git({"diff", "--cached", "--binary", "--full-index"}).out;
}

FileDiff parsed_section(const std::string& text) {
    auto patch = parse_patch(text, "p.patch");
    EXPECT_TRUE(patch.ok()) << (patch.ok() ? "" : patch.error().message);
    EXPECT_EQ(patch->files.size(), 1u) << text;
    return patch->files.at(0);
}

TEST(GitBinary, ADeltaWrittenByGitAppliesToItsPreimage) {
    TempDir dir;
    const std::string before = binary_bytes(1);
    std::string after = before;
    after.replace(100, 8, "patchbay");
    const std::string diff = git_binary_diff(dir, before, after);
    ASSERT_NE(diff.find("GIT binary patch\ndelta "), std::string::npos) << diff;
    const FileDiff file = parsed_section(diff);
    ASSERT_TRUE(file.git_binary);
    auto result = apply_git_binary(before, file);
    ASSERT_TRUE(result.ok()) << result.error().message;
    EXPECT_EQ(*result, after);
}

TEST(GitBinary, ALiteralCreatesAFileAndItsReverseDeletesIt) {
    TempDir dir;
    const std::string after = binary_bytes(2);
    const FileDiff file = parsed_section(git_binary_diff(dir, "", after));
    EXPECT_EQ(file.op, FileOp::create);
    auto created = apply_git_binary("", file);
    ASSERT_TRUE(created.ok()) << created.error().message;
    EXPECT_EQ(*created, after);
}

TEST(GitBinary, ADeletionLeavesNoBytes) {
    TempDir dir;
    const std::string before = binary_bytes(3);
    const FileDiff file = parsed_section(git_binary_diff(dir, before, ""));
    EXPECT_EQ(file.op, FileOp::remove);
    auto removed = apply_git_binary(before, file);
    ASSERT_TRUE(removed.ok()) << removed.error().message;
    EXPECT_TRUE(removed->empty());
}

TEST(GitBinary, AFileThatIsNotThePreimageIsRefusedByItsBlobId) {
    TempDir dir;
    const std::string before = binary_bytes(4);
    std::string after = before;
    after[2000] = 'x';
    const FileDiff file = parsed_section(git_binary_diff(dir, before, after));
    auto result = apply_git_binary(binary_bytes(5), file);
    ASSERT_FALSE(result.ok());
    EXPECT_NE(result.error().message.find("not the " + file.old_index), std::string::npos)
        << result.error().message;
}

// libgit2's own binary patches (tests/fixtures/patches/libgit2-binary/README.md).
const std::filesystem::path kLibgit2 =
    std::filesystem::path(PATCHBAY_SOURCE_DIR) / "tests/fixtures/patches/libgit2-binary";

FileDiff libgit2_patch(const std::string& name) {
    return parsed_section(test_support::read_file(kLibgit2 / name));
}

std::string libgit2_bytes(const std::string& name) {
    return test_support::read_file(kLibgit2 / name);
}

TEST(GitBinary, LibGit2sLiteralDeltaAddAndDeletePatchesApply) {
    struct Case {
        const char* patch;
        const char* before;  // empty: none
        const char* after;
    };
    for (const Case& c :
         {Case{"binary_literal.patch", "literal_original.bin", "literal_modified.bin"},
          Case{"binary_delta.patch", "delta_original.bin", "delta_modified.bin"},
          Case{"binary_add.patch", "", "delta_modified.bin"},
          Case{"binary_delete.patch", "delta_modified.bin", ""}}) {
        const std::string before = *c.before ? libgit2_bytes(c.before) : "";
        const std::string after = *c.after ? libgit2_bytes(c.after) : "";
        auto result = apply_git_binary(before, libgit2_patch(c.patch));
        ASSERT_TRUE(result.ok()) << c.patch << ": " << result.error().message;
        EXPECT_EQ(*result, after) << c.patch;
    }
}

TEST(GitBinary, LibGit2sNotReversiblePatchIsRefused) {
    auto result = apply_git_binary(libgit2_bytes("delta_original.bin"),
                                   libgit2_patch("binary_not_reversible.patch"));
    EXPECT_FALSE(result.ok());
}

TEST(GitBinary, IsBlobComparesAbbreviatedIds) {
    // `printf 'hello\n' | git hash-object --stdin`
    EXPECT_TRUE(is_blob("hello\n", "ce01362"));
    EXPECT_FALSE(is_blob("hello!\n", "ce01362"));
    EXPECT_FALSE(is_blob("", "0000000"));
}

}  // namespace
}  // namespace patchbay
