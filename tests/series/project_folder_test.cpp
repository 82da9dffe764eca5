// Also tests series/series_runner.cpp's load_plan and load_patches (issue #27 items 7 and 15).
#include "series/project_folder.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>

#include "series/series_runner.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::TempDir;
using test_support::write_file;

class ProjectFolder : public ::testing::Test {
  protected:
    void SetUp() override {
        root = fs::canonical(dir.path());
        write_file(root / "p/patchbay.toml", "");
        write_file(root / "p/patches/series", "0001.patch\n");
        write_file(root / "p/patches/0001.patch", "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n");
        write_file(root / "elsewhere/x.patch", "root:x:0:0:root:/root:/bin/bash\n");
        config = default_config(root / "p");
        config.file = root / "p/patchbay.toml";
    }
    TempDir dir;
    fs::path root;
    Config config;
};

TEST_F(ProjectFolder, IsTheConfigsFolderOrTheSeriesFilesWhenThatLiesOutside) {
    EXPECT_EQ(project_folder(config, root / "p/patches/series"), root / "p");
    EXPECT_EQ(project_folder(config, root / "elsewhere/series"), root / "elsewhere");
    EXPECT_EQ(project_folder(config, root / "missing/series"), fs::path());
}

TEST_F(ProjectFolder, ASymlinkThatStaysInsideIsFollowed) {
    fs::create_symlink("0001.patch", root / "p/patches/0002.patch");
    EXPECT_TRUE(readable_in_project(root / "p", AT_FDCWD, (root / "p/patches/0002.patch").c_str(),
                                    "patches/0002.patch"));
}

TEST_F(ProjectFolder, ASymlinkedFileOrFolderLeadingOutIsRefused) {
    fs::create_symlink(root / "elsewhere/x.patch", root / "p/patches/0002.patch");
    fs::create_symlink("../../elsewhere", root / "p/patches/sub");
    for (const char* name : {"patches/0002.patch", "patches/sub/x.patch"}) {
        auto read = readable_in_project(root / "p", AT_FDCWD, (root / "p" / name).c_str(), name);
        ASSERT_FALSE(read.ok()) << name;
        EXPECT_EQ(read.error().located(),
                  std::string(name) + ": refusing to read it: it leads through a symlink to '" +
                      (root / "elsewhere/x.patch").string() + "', outside the project folder '" +
                      (root / "p").string() + "'");
    }
    for (const char* name : {"patches/sub/x.patch", "patches/0002.patch"}) {
        auto write = write_location_in_project(root / "p", root / "p" / name, name);
        ASSERT_FALSE(write.ok()) << name;
        EXPECT_NE(write.error().message.find("refusing to write it"), std::string::npos);
    }
    auto fresh = write_location_in_project(root / "p", root / "p/patches/new.patch", "new.patch");
    ASSERT_TRUE(fresh.ok());
    EXPECT_EQ(*fresh, root / "p/patches/new.patch");
}

TEST_F(ProjectFolder, ASymlinkedPatchIsWrittenWhereItLeads) {
    fs::create_directories(root / "p/common");
    fs::rename(root / "p/patches/0001.patch", root / "p/common/shared.patch");
    fs::create_symlink("../common/shared.patch", root / "p/patches/0001.patch");
    auto write = write_location_in_project(root / "p", root / "p/patches/0001.patch", "0001.patch");
    ASSERT_TRUE(write.ok()) << write.error().message;
    EXPECT_EQ(*write, root / "p/common/shared.patch");
    fs::create_symlink("gone.patch", root / "p/patches/0003.patch");
    auto dangling =
        write_location_in_project(root / "p", root / "p/patches/0003.patch", "0003.patch");
    ASSERT_FALSE(dangling.ok());
    EXPECT_EQ(dangling.error().message, "is a symlink that leads nowhere");
}

// Issue #27 item 15: the series file, or a patch, is a link to /etc/passwd: never read, so no
// word of it can reach a message.
TEST_F(ProjectFolder, TheSeriesFileAndThePatchesAreReadOnlyInsideTheProject) {
    fs::remove(root / "p/patches/series");
    fs::create_symlink(root / "elsewhere/x.patch", root / "p/patches/series");
    auto plan = load_plan(config);
    ASSERT_FALSE(plan.ok());
    EXPECT_NE(plan.error().located().find("patches/series: refusing to read it"),
              std::string::npos);
    EXPECT_EQ(plan.error().message.find("root:x"), std::string::npos);

    fs::remove(root / "p/patches/series");
    write_file(root / "p/patches/series", "0001.patch\n");
    fs::remove(root / "p/patches/0001.patch");
    fs::create_symlink(root / "elsewhere/x.patch", root / "p/patches/0001.patch");
    auto loaded = load_patches(*load_plan(config));
    ASSERT_EQ(loaded.patches.size(), 1u);
    const auto& patch = *loaded.patches[0];
    ASSERT_FALSE(patch.ok());
    EXPECT_EQ(patch.error().kind, "path");
    EXPECT_NE(patch.error().message.find("refusing to read it"), std::string::npos);
}

}  // namespace
}  // namespace patchbay
