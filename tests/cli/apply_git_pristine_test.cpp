// `apply --worktree` end to end with the demo's upstream turned into a git checkout: the result
// is the one the plain-directory upstream gives, file for file and mode for mode, and the
// first commit is the checkout's own tree.
#include <gtest/gtest.h>

#include "tests/support/cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::contains;
using test_support::kDemo;
using test_support::patchbay;
using test_support::run_process;
using test_support::TempDir;

std::string git(const fs::path& repo, std::vector<std::string> args) {
    args.insert(args.begin(), {"git", "-C", repo.string(), "-c", "user.name=g", "-c",
                               "user.email=g@g", "-c", "commit.gpgsign=false"});
    auto result = run_process(args);
    EXPECT_EQ(result.status, 0) << result.err;
    return result.out;
}

// Every path below `root` but .git, with its type, mode and content (or link target) hash.
std::string manifest(const fs::path& root) {
    return run_process({"sh", "-c",
                        "cd '" + root.string() +
                            "' && find . -path ./.git -prune -o -printf '%p %y %m %l\\n' | sort "
                            "&& find . -path ./.git -prune -o -type f -print0 | sort -z | "
                            "xargs -0 sha256sum"})
        .out;
}

class GitPristineApply : public ::testing::Test {
  protected:
    void SetUp() override {
        fs::copy(kDemo, dir_ / "git-demo", fs::copy_options::recursive);
        fs::copy(kDemo, dir_ / "plain-demo", fs::copy_options::recursive);
        git(upstream(), {"init", "-q"});
        git(upstream(), {"add", "-A"});
        git(upstream(), {"commit", "-qm", "upstream"});
    }
    fs::path upstream() const { return dir_ / "git-demo/upstream"; }

    TempDir dir_;
};

TEST_F(GitPristineApply, GivesThePlainDirectoryResultOnTopOfTheCheckoutsTree) {
    auto from_git =
        patchbay({"apply", "--worktree", (dir_ / "wt-git").string()}, dir_ / "git-demo");
    ASSERT_EQ(from_git.status, 0) << from_git.out << from_git.err;
    auto from_plain =
        patchbay({"apply", "--worktree", (dir_ / "wt-plain").string()}, dir_ / "plain-demo");
    ASSERT_EQ(from_plain.status, 0) << from_plain.out << from_plain.err;
    EXPECT_TRUE(contains(from_git.out, "pristine upstream + 6 commits")) << from_git.out;
    const std::string files = manifest(dir_ / "wt-git");
    EXPECT_TRUE(contains(files, "./vllm/utils/__init__.py f 644")) << files;
    EXPECT_EQ(files, manifest(dir_ / "wt-plain"));
    EXPECT_EQ(git(dir_ / "wt-git", {"log", "--format=%s"}),
              git(dir_ / "wt-plain", {"log", "--format=%s"}));
    EXPECT_EQ(git(dir_ / "wt-git", {"rev-parse", "HEAD~6^{tree}"}),
              git(upstream(), {"rev-parse", "HEAD^{tree}"}));
    EXPECT_EQ(git(dir_ / "wt-git", {"rev-parse", "HEAD^{tree}"}),
              git(dir_ / "wt-plain", {"rev-parse", "HEAD^{tree}"}));
    EXPECT_EQ(git(dir_ / "wt-git", {"status", "--porcelain"}), "");
}

TEST_F(GitPristineApply, ADirtyCheckoutIsRefusedAndNothingIsWritten) {
    auto scheduler = upstream() / "vllm/core/scheduler.py";
    test_support::write_file(scheduler, test_support::read_file(scheduler) + "# local edit\n");
    auto result = patchbay({"apply", "--worktree", (dir_ / "wt").string()}, dir_ / "git-demo");
    EXPECT_EQ(result.status, 2);
    EXPECT_TRUE(contains(result.err, "local modifications")) << result.err;
    EXPECT_FALSE(fs::exists(dir_ / "wt"));
}

}  // namespace
}  // namespace patchbay
