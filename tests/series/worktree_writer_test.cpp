// The worktree writer's own refusals: the applier already refuses these paths, so the steps here
// are built by hand, as a bug in the applier would hand them over.
#include "series/worktree_writer.hpp"

#include <gtest/gtest.h>

#include "tests/support/memory_source.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using testing::MemorySource;
using testing::TempDir;

FileState text(std::string content) {
    return FileState{std::move(content), false, false};
}
FileState link(std::string target) {
    return FileState{std::move(target), false, true};
}

Status write_steps(const fs::path& dir, const std::vector<AppliedStep>& steps) {
    static MemorySource source;
    return write_worktree(WorktreeRequest{dir, &source, {}, &steps});
}

TEST(WorktreeWriter, RefusesAFileUnderASymlinkTheStepsCreate) {
    TempDir parent;
    std::vector<AppliedStep> steps = {{"1.patch", {{"lnk", link("../outside")}}},
                                      {"2.patch", {{"lnk/pwn.txt", text("pwned\n")}}}};
    auto written = write_steps(parent / "wt", steps);
    ASSERT_FALSE(written.ok());
    EXPECT_EQ(written.error().message,
              "2.patch: refusing to write 'lnk/pwn.txt' through a symlink the series created");
    EXPECT_FALSE(fs::exists(parent / "wt")) << "checked before anything is written";
    EXPECT_FALSE(fs::exists(parent / "outside"));
}

TEST(WorktreeWriter, RefusesPathsLeavingTheTree) {
    TempDir parent;
    std::vector<AppliedStep> steps = {{"1.patch", {{"../escape.txt", text("x\n")}}}};
    auto written = write_steps(parent / "wt", steps);
    ASSERT_FALSE(written.ok());
    EXPECT_EQ(
        written.error().message,
        "1.patch: refusing to write: path '../escape.txt' leaves the tree (a '..' component)");
    EXPECT_FALSE(fs::exists(parent / "escape.txt"));
}

TEST(WorktreeWriter, ASymlinkReplacedByAFolderIsFine) {
    TempDir parent;
    std::vector<AppliedStep> steps = {
        {"1.patch", {{"lnk", link("elsewhere")}}},
        {"2.patch", {{"lnk", std::nullopt}, {"lnk/file.txt", text("inside\n")}}}};
    ASSERT_TRUE(write_steps(parent / "wt", steps).ok());
    EXPECT_EQ(testing::read_file(parent / "wt/lnk/file.txt"), "inside\n");
}

}  // namespace
}  // namespace patchbay
