// Annotation paths are relative to the root of the work tree that holds the file, whatever the
// current folder: the folder layout below is made here, so the expected paths are known.

#include "series/annotation_path.hpp"

#include <gtest/gtest.h>

#include "tests/support/process.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;

// Restores the current folder when the test ends.
class InFolder {
  public:
    explicit InFolder(const fs::path& folder) : saved_(fs::current_path()) {
        fs::current_path(folder);
    }
    ~InFolder() { fs::current_path(saved_); }
    InFolder(const InFolder&) = delete;
    InFolder& operator=(const InFolder&) = delete;

  private:
    fs::path saved_;
};

TEST(AnnotationPath, RelativeToTheRepositoryRoot) {
    test_support::TempDir dir;
    test_support::write_file(dir / "repo/examples/demo/patches/a.patch", "x\n");
    ASSERT_EQ(test_support::run_process({"git", "init", "-q", (dir / "repo").string()}).status, 0);
    InFolder inside(dir / "repo/examples/demo");
    EXPECT_EQ(annotation_path("patches/a.patch"), "examples/demo/patches/a.patch");
    EXPECT_EQ(annotation_path(dir / "repo/examples/demo/patches/a.patch"),
              "examples/demo/patches/a.patch");
    EXPECT_EQ(annotation_path("patches/../patches/a.patch"), "examples/demo/patches/a.patch");
}

TEST(AnnotationPath, RelativeToTheCurrentFolderOutsideARepository) {
    test_support::TempDir dir;
    test_support::write_file(dir / "plain/patches/a.patch", "x\n");
    InFolder inside(dir / "plain");
    EXPECT_EQ(annotation_path("patches/a.patch"), "patches/a.patch");
}

}  // namespace
}  // namespace patchbay
