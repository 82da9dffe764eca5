#include "series/checkout_first_source.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <thread>

#include "series/mapped_file.hpp"
#include "tests/series/temp_tree.hpp"

namespace patchbay {
namespace {

using Kind = TreeEntry::Kind;
using patchbay::testing::TempTree;

const char* const kGit = "git -c user.name=t -c user.email=t@example.com -c commit.gpgsign=false";

// repo/: a.py, run.sh (executable), sub/deep.py and link -> sub, committed.
class CheckoutFirstSourceTest : public ::testing::Test {
  protected:
    void SetUp() override {
        tree_.write("repo/a.py", "alpha\n");
        tree_.write("repo/run.sh", "#!/bin/sh\n");
        tree_.write("repo/sub/deep.py", "deep\n");
        tree_.run(std::string("cd repo && git init -q . && chmod +x run.sh && ln -s sub link") +
                  " && git add -A && " + kGit + " commit -qm one");
    }

    std::unique_ptr<CheckoutFirstSource> open(std::vector<std::string> paths,
                                              bool allow_dirty = true) {
        SourceOptions options{tree_ / "repo", "", "", allow_dirty, {}};
        options.defer_checks = true;
        auto source = std::make_unique<CheckoutFirstSource>(options);
        source->read_ahead(nullptr, std::move(paths));
        return source;
    }

    static TreeEntry lookup_ok(const PristineSource& source, const std::string& path) {
        auto entry = source.lookup(path);
        EXPECT_TRUE(entry.ok()) << (entry ? "" : entry.error().located());
        return entry ? entry.value() : TreeEntry{};
    }

    TempTree tree_;
};

TEST_F(CheckoutFirstSourceTest, ACleanCheckoutIsConfirmed) {
    auto source = open({"a.py", "run.sh", "sub/deep.py", "link", "none.py", "link/deep.py"});
    EXPECT_EQ(lookup_ok(*source, "a.py").content, "alpha\n");
    EXPECT_TRUE(lookup_ok(*source, "run.sh").executable);
    EXPECT_EQ(lookup_ok(*source, "link").kind, Kind::symlink);
    EXPECT_EQ(lookup_ok(*source, "link").content, "sub");
    EXPECT_EQ(lookup_ok(*source, "sub").kind, Kind::directory);
    EXPECT_EQ(lookup_ok(*source, "none.py").kind, Kind::absent);
    EXPECT_EQ(lookup_ok(*source, "link/deep.py").kind, Kind::under_symlink);
    ASSERT_TRUE(source->finish_checks().ok());
    EXPECT_TRUE(source->answers_confirmed());
    EXPECT_EQ(source->description().commit, tree_.run("cd repo && git rev-parse HEAD"));
}

// Each way the checkout can differ from HEAD's tree: the answers given are not confirmed, and
// from then on the tree answers.
TEST_F(CheckoutFirstSourceTest, AnEditedFileIsNotConfirmedAndTheTreeAnswersAfter) {
    tree_.write("repo/a.py", "edited\n");
    auto source = open({"a.py"});
    EXPECT_EQ(lookup_ok(*source, "a.py").content, "edited\n");
    ASSERT_TRUE(source->finish_checks().ok());  // --allow-dirty
    EXPECT_FALSE(source->answers_confirmed());
    EXPECT_EQ(lookup_ok(*source, "a.py").content, "alpha\n");
}

TEST_F(CheckoutFirstSourceTest, AnUntrackedFileIsNotConfirmed) {
    tree_.write("repo/new.py", "untracked\n");
    auto source = open({"new.py"});
    EXPECT_EQ(lookup_ok(*source, "new.py").kind, Kind::file);
    ASSERT_TRUE(source->finish_checks().ok());
    EXPECT_FALSE(source->answers_confirmed());
    EXPECT_EQ(lookup_ok(*source, "new.py").kind, Kind::absent);
}

TEST_F(CheckoutFirstSourceTest, ARemovedFileIsNotConfirmed) {
    tree_.run("rm repo/sub/deep.py");
    auto source = open({"sub/deep.py"});
    EXPECT_EQ(lookup_ok(*source, "sub/deep.py").kind, Kind::absent);
    ASSERT_TRUE(source->finish_checks().ok());
    EXPECT_FALSE(source->answers_confirmed());
    EXPECT_EQ(lookup_ok(*source, "sub/deep.py").content, "deep\n");
}

TEST_F(CheckoutFirstSourceTest, AChangedModeIsNotConfirmed) {
    tree_.run("chmod -x repo/run.sh");
    auto source = open({"run.sh"});
    EXPECT_FALSE(lookup_ok(*source, "run.sh").executable);
    ASSERT_TRUE(source->finish_checks().ok());
    EXPECT_FALSE(source->answers_confirmed());
    EXPECT_TRUE(lookup_ok(*source, "run.sh").executable);
}

TEST_F(CheckoutFirstSourceTest, AnEditedFileWithoutAllowDirtyIsReportedOnceReadFromTheTree) {
    tree_.write("repo/a.py", "edited\n");
    auto source = open({"a.py"}, false);
    (void)source->lookup("a.py");
    ASSERT_TRUE(source->finish_checks().ok());
    ASSERT_FALSE(source->answers_confirmed());
    (void)source->lookup("a.py");  // the run made again
    auto checked = source->finish_checks();
    ASSERT_FALSE(checked.ok());
    EXPECT_NE(checked.error().message.find("local modifications"), std::string::npos)
        << checked.error().message;
}

// Large files are mapped, not copied (series/mapped_file.hpp): one written while the series
// ran fails the run instead of changing what it read.
TEST_F(CheckoutFirstSourceTest, AMappedFileWrittenWhileServedFailsTheChecks) {
    tree_.write("repo/big.txt", std::string(kMapFrom, 'x') + "\n");
    tree_.run(std::string("cd repo && git add big.txt && ") + kGit + " commit -qm big");
    auto source = open({"big.txt"});
    EXPECT_EQ(lookup_ok(*source, "big.txt").content.size(), kMapFrom + 1);
    tree_.run("sleep 0.01 && printf 'y\\n' >> repo/big.txt");
    auto checked = source->finish_checks();
    ASSERT_FALSE(checked.ok());
    EXPECT_NE(checked.error().message.find("changed while patchbay read it"), std::string::npos)
        << checked.error().message;
}

// Whatever was served, an upstream that does not open is the error reported.
TEST_F(CheckoutFirstSourceTest, AnErrorFromOpeningWins) {
    tree_.run("rm -rf repo/.git && git init -q repo");  // no commit yet
    auto source = open({"a.py"});
    EXPECT_EQ(lookup_ok(*source, "a.py").content, "alpha\n");
    auto checked = source->finish_checks();
    ASSERT_FALSE(checked.ok());
    EXPECT_NE(checked.error().message.find("no commit at HEAD"), std::string::npos)
        << checked.error().message;
}

// The opening thread waits for the paths; a source destroyed without them must not wait
// forever for that thread. Destroyed on a thread of its own, so that a hang fails the test
// instead of stalling it.
TEST_F(CheckoutFirstSourceTest, GivenUpBeforeThePathsAreKnownItStillCloses) {
    SourceOptions options{tree_ / "repo", "", "", false, {}};
    options.defer_checks = true;
    std::promise<void> closed;
    auto done = closed.get_future();
    std::thread([options, closed = std::move(closed)]() mutable {
        { CheckoutFirstSource source(options); }
        closed.set_value();
    }).detach();
    EXPECT_EQ(done.wait_for(std::chrono::seconds(30)), std::future_status::ready);
}

}  // namespace
}  // namespace patchbay
