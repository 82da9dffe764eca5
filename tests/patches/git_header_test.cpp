#include "patches/git_header.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(SplitGitNames, PlainQuotedAndMixed) {
    auto plain = split_git_names("a/x.py b/x.py");
    ASSERT_TRUE(plain);
    EXPECT_EQ(plain->old_name, "a/x.py");
    EXPECT_EQ(plain->new_name, "b/x.py");
    auto quoted = split_git_names(R"("a/t\tx" "b/t\tx")");
    ASSERT_TRUE(quoted);
    EXPECT_EQ(quoted->old_name, "a/t\tx");
    EXPECT_EQ(quoted->new_name, "b/t\tx");
    auto mixed = split_git_names(R"(a/x y "b/x\ty")");
    ASSERT_TRUE(mixed);
    EXPECT_EQ(mixed->old_name, "a/x y");
    EXPECT_EQ(mixed->new_name, "b/x\ty");
}

TEST(SplitGitNames, SpacesSplitWhereNamesAgree) {
    auto names = split_git_names("a/dir x/f b.c b/dir x/f b.c");
    ASSERT_TRUE(names);
    EXPECT_EQ(names->old_name, "a/dir x/f b.c");
    EXPECT_EQ(names->new_name, "b/dir x/f b.c");
    EXPECT_FALSE(split_git_names("single"));
}

TEST(SplitGitNamesBy, UsesRenameValues) {
    auto names = split_git_names_by("a/old x.c b/new y.c", "old x.c", "new y.c");
    ASSERT_TRUE(names);
    EXPECT_EQ(names->old_name, "a/old x.c");
    EXPECT_EQ(names->new_name, "b/new y.c");
}

TEST(ReadGitExtendedLine, FillsFileAndExtendedHeader) {
    FileDiff file;
    GitExtendedHeader extended;
    EXPECT_TRUE(*read_git_extended_line("deleted file mode 100755", file, extended, "p", 2));
    EXPECT_TRUE(*read_git_extended_line("similarity index 87%", file, extended, "p", 3));
    EXPECT_TRUE(*read_git_extended_line("copy from \"s\\tc\"", file, extended, "p", 4));
    EXPECT_TRUE(*read_git_extended_line("index 0123abc..0000000", file, extended, "p", 5));
    EXPECT_FALSE(*read_git_extended_line("--- a/x", file, extended, "p", 6));
    EXPECT_TRUE(extended.deleted_file);
    EXPECT_EQ(file.old_mode, 0100755u);
    EXPECT_FALSE(file.new_mode);
    EXPECT_EQ(file.similarity, 87);
    EXPECT_EQ(extended.rename_or_copy, FileOp::copy);
    EXPECT_EQ(extended.source, "s\tc");
    EXPECT_EQ(file.old_index, "0123abc");
    EXPECT_EQ(file.new_index, "0000000");
}

TEST(ReadGitExtendedLine, BadModeIsAnError) {
    FileDiff file;
    GitExtendedHeader extended;
    Result<bool> read = read_git_extended_line("new mode 10x644", file, extended, "p.patch", 7);
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.error().line, 7);
    EXPECT_EQ(read.error().message, "bad value in git header line \"new mode 10x644\"");
}

TEST(PrefixedLike, TakesThePrefixOfTheGitName) {
    EXPECT_EQ(prefixed_like("a/dir/old.c", "dir/old.c"), "a/dir/old.c");
    EXPECT_EQ(prefixed_like("a/x", "dir/y.c"), "a/dir/y.c");
    EXPECT_EQ(prefixed_like("old.c", "old.c"), "old.c");
}

}  // namespace
}  // namespace patchbay
