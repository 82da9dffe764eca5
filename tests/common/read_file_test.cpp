#include "common/read_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "tests/support/temp_tree.hpp"

namespace patchbay {
namespace {

using patchbay::test_support::TempTree;

std::string big_text() {
    std::string text;
    for (int i = 0; i < 30000; ++i) text += "line " + std::to_string(i) + "\n";  // > 64 KiB
    return text;
}

TEST(ReadFile, ReadsEveryByteOfALargeFile) {
    TempTree tree;
    tree.write("big.txt", big_text());
    auto bytes = patchbay::read_file(tree / "big.txt");
    ASSERT_TRUE(bytes.ok());
    EXPECT_EQ(*bytes, big_text());
    EXPECT_EQ(std::to_string(bytes->size()), tree.run("stat -c %s big.txt"));
}

TEST(ReadFile, ReadsAFileWhoseSizeIsNotKnownInAdvance) {
    auto bytes = patchbay::read_file("/proc/self/status");  // reported as 0 bytes long
    ASSERT_TRUE(bytes.ok());
    EXPECT_NE(bytes->find("Name:"), std::string::npos);
}

// The first read asks one byte more than the size: an empty file and one of a single byte end
// there, and a file read exactly to its size is complete.
TEST(ReadFile, ReadsEmptyAndOneByteFiles) {
    TempTree tree;
    tree.write("empty.txt", "");
    tree.write("one.txt", "x");
    auto empty = patchbay::read_file(tree / "empty.txt");
    auto one = patchbay::read_file(tree / "one.txt");
    ASSERT_TRUE(empty.ok());
    ASSERT_TRUE(one.ok());
    EXPECT_EQ(*empty, "");
    EXPECT_EQ(*one, "x");
}

TEST(ReadFile, RefusesFoldersAndMissingFiles) {
    TempTree tree;
    tree.write("dir/x", "x");
    EXPECT_FALSE(patchbay::read_file(tree / "dir").ok());
    EXPECT_FALSE(patchbay::read_file(tree / "missing").ok());
}

TEST(ReadFile, RefusesAFifoWithoutWaitingForAWriter) {
    TempTree tree;
    tree.run("mkfifo pipe");
    auto bytes = patchbay::read_file(tree / "pipe");
    ASSERT_FALSE(bytes.ok());
    EXPECT_NE(bytes.error().message.find("is not a regular file"), std::string::npos);
}

TEST(ReadFileAt, ReadsRelativeToAnOpenFolderAndNamesTheShownPath) {
    TempTree tree;
    tree.write("dir/x.py", "x = 1\n");
    const int folder = ::open((tree / "dir").c_str(), O_RDONLY | O_DIRECTORY);
    ASSERT_GE(folder, 0);
    auto bytes = read_file_at(folder, "x.py", "shown/x.py");
    auto missing = read_file_at(folder, "y.py", "shown/y.py");
    ::close(folder);
    ASSERT_TRUE(bytes.ok());
    EXPECT_EQ(*bytes, "x = 1\n");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().file, "shown/y.py");
}

// A walk reads every file into one buffer: a smaller file after a larger one is exactly its own
// bytes (nothing of the larger one shows), and it is read in place, without a new allocation.
TEST(ReadFileAt, ReadsIntoOneBufferThatOnlyGrows) {
    TempTree tree;
    tree.write("big.txt", big_text());
    tree.write("small.txt", "x = 1\n");
    tree.write("empty.txt", "");
    std::string buffer;
    auto big = read_file_at(AT_FDCWD, (tree / "big.txt").c_str(), "big.txt", buffer);
    ASSERT_TRUE(big.ok());
    EXPECT_EQ(*big, big_text());
    const char* const start = buffer.data();
    auto small = read_file_at(AT_FDCWD, (tree / "small.txt").c_str(), "small.txt", buffer);
    ASSERT_TRUE(small.ok());
    EXPECT_EQ(*small, "x = 1\n");
    EXPECT_EQ(small->data(), start);
    auto empty = read_file_at(AT_FDCWD, (tree / "empty.txt").c_str(), "empty.txt", buffer);
    ASSERT_TRUE(empty.ok());
    EXPECT_EQ(*empty, "");
    auto status = read_file_at(AT_FDCWD, "/proc/self/status", "status", buffer);  // size 0
    ASSERT_TRUE(status.ok());
    EXPECT_NE(status->find("Name:"), std::string_view::npos);
    EXPECT_EQ(status->find('\0'), std::string_view::npos);
}

TEST(FileHolds, OnlyTheExactBytes) {
    TempTree tree;
    tree.write("big.txt", big_text());
    EXPECT_TRUE(file_holds(tree / "big.txt", big_text()));
    EXPECT_FALSE(file_holds(tree / "big.txt", big_text() + "x"));
    EXPECT_FALSE(file_holds(tree / "big.txt", big_text().substr(1)));
    std::string changed = big_text();
    changed[70000] = '#';  // in the second block
    EXPECT_FALSE(file_holds(tree / "big.txt", changed));
    EXPECT_FALSE(file_holds(tree / "missing", ""));
    tree.write("empty", "");
    EXPECT_TRUE(file_holds(tree / "empty", ""));
    EXPECT_FALSE(file_holds(tree / "empty", "a"));
}

}  // namespace
}  // namespace patchbay
