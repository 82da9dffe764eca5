#include "series/mapped_file.hpp"

#include <gtest/gtest.h>

#include "tests/series/temp_tree.hpp"

namespace patchbay {
namespace {

using patchbay::testing::TempTree;

TEST(MapFile, ALargeFileIsMappedWithItsIdentity) {
    TempTree tree;
    const std::string bytes = std::string(kMapFrom, 'a') + "end\n";
    tree.write("big.txt", bytes);
    auto mapped = map_file(tree / "big.txt");
    ASSERT_TRUE(mapped.has_value());
    EXPECT_EQ(mapped->bytes, bytes);
    ASSERT_TRUE(mapped->mapped.has_value());
    EXPECT_EQ(static_cast<std::size_t>(mapped->mapped->size), bytes.size());
    EXPECT_TRUE(unchanged(tree / "big.txt", *mapped->mapped));
}

TEST(MapFile, ASmallOrEmptyFileIsReadNotMapped) {
    TempTree tree;
    tree.write("small.txt", "small\n");
    tree.write("empty.txt", "");
    auto small = map_file(tree / "small.txt");
    ASSERT_TRUE(small.has_value());
    EXPECT_EQ(small->bytes, "small\n");
    EXPECT_FALSE(small->mapped.has_value());
    auto empty = map_file(tree / "empty.txt");
    ASSERT_TRUE(empty.has_value());
    EXPECT_TRUE(empty->bytes.empty());
}

TEST(MapFile, NothingForASymlinkAFolderAFifoOrAMissingFile) {
    TempTree tree;
    tree.write("dir/a.txt", "a\n");
    tree.run("ln -s dir/a.txt link.txt && mkfifo pipe");
    EXPECT_FALSE(map_file(tree / "link.txt").has_value());
    EXPECT_FALSE(map_file(tree / "dir").has_value());
    EXPECT_FALSE(map_file(tree / "pipe").has_value());  // and does not block
    EXPECT_FALSE(map_file(tree / "missing.txt").has_value());
}

// What `unchanged` watches for: a write in place, a replacement by rename, a removal.
TEST(Unchanged, SeesAWriteAReplacementAndARemoval) {
    TempTree tree;
    tree.write("big.txt", std::string(kMapFrom, 'b'));
    auto mapped = map_file(tree / "big.txt");
    ASSERT_TRUE(mapped && mapped->mapped);
    const FileIdentity before = *mapped->mapped;
    tree.run("sleep 0.01 && printf x >> big.txt");
    EXPECT_FALSE(unchanged(tree / "big.txt", before));
    auto again = map_file(tree / "big.txt");
    ASSERT_TRUE(again && again->mapped);
    tree.run("cp big.txt copy.txt && mv copy.txt big.txt");
    EXPECT_FALSE(unchanged(tree / "big.txt", *again->mapped));
    tree.run("rm big.txt");
    EXPECT_FALSE(unchanged(tree / "big.txt", before));
}

}  // namespace
}  // namespace patchbay
