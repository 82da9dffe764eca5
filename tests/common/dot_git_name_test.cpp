#include "common/dot_git_name.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(DotGitName, GitItselfHasNoFurtherReason) {
    EXPECT_EQ(dot_git_spelling(".git"), std::string());
}

// The spellings git's verify_path refuses (is_ntfs_dotgit, is_hfs_dotgit), issue #27 item 9.
TEST(DotGitName, RefusesWhatGitRefuses) {
    for (const char* name : {".GIT", ".Git", ".GiT", ".git.", ".git ", ".git. .", "git~1", "GIT~1",
                             "git~1.", ".g\u200cit", "\u200d.git", ".git\ufeff", ".G\u206ait",
                             ".gi\u202et", "x\\.git", "x\\git~1\\y", ".git\\x"})
        EXPECT_TRUE(dot_git_spelling(name).has_value()) << name;
}

TEST(DotGitName, AcceptsNamesThatOnlyResembleIt) {
    for (const char* name : {".gitignore", ".gitmodules", ".gitattributes", "git", ".gi", "git~2",
                             "git~1x", ".gitx", "x.git", ".git.x", ".g\u2010it", "a\\b"})
        EXPECT_FALSE(dot_git_spelling(name).has_value()) << name;
}

TEST(DotGitName, SaysWhichFileSystemReadsIt) {
    EXPECT_EQ(*dot_git_spelling(".GIT"), "'.GIT' is .git where names ignore case (Windows, macOS)");
    EXPECT_EQ(*dot_git_spelling(".git."),
              "'.git.' is .git on Windows, which drops trailing dots and spaces");
    EXPECT_EQ(*dot_git_spelling("git~1"), "'git~1' is the short (8.3) name of .git on Windows");
    EXPECT_EQ(*dot_git_spelling(".g\u200cit"),
              "'.g\u200cit' is .git on macOS, whose HFS+ ignores some invisible characters");
    EXPECT_EQ(*dot_git_spelling("a\\.git"),
              "'a\\.git' holds .git on Windows, where '\\' separates folders");
}

// Where patchbay differs from git on purpose: git refuses a ':' only on Windows (its
// is_valid_win32_path), patchbay everywhere, since the tree it writes may be checked out there.
TEST(DotGitName, StricterThanGitOnAStream) {
    EXPECT_EQ(*dot_git_spelling(".git::$INDEX_ALLOCATION"),
              "'.git::$INDEX_ALLOCATION' is a stream of .git on Windows (NTFS)");
    // And git checks HFS+'s ignorables and Windows' trailing dots apart; together they are .git
    // too on no file system known, but refusing that name costs nothing.
    EXPECT_TRUE(dot_git_spelling(".g\u200cit.").has_value());
}

// git's verify_path with a symlink's mode: .gitmodules in any of its spellings.
TEST(DotGitName, SpellingsOfGitmodules) {
    for (const char* name : {".gitmodules", ".GitModules", ".gitmodules. ", "GITMOD~1", "gitmod~12",
                             "gi7eba~3", ".git\u200cmodules"})
        EXPECT_TRUE(is_dot_gitmodules_spelling(name)) << name;
    for (const char* name : {".gitmodules2", "gitmodules", "gitmod~0", "gitmod~", ".gitignore"})
        EXPECT_FALSE(is_dot_gitmodules_spelling(name)) << name;
}

}  // namespace
}  // namespace patchbay
