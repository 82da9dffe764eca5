#include "common/journaled_write.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <set>

#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::read_file;
using test_support::TempDir;
using test_support::write_file;

std::set<std::string> names_in(const fs::path& folder) {
    std::set<std::string> names;
    for (const auto& entry : fs::recursive_directory_iterator(folder))
        if (!entry.is_directory()) names.insert(entry.path().lexically_relative(folder).string());
    return names;
}

// A series of two patches and its patchbay.toml, and what a rebase --write makes of them: both
// patches rewritten, a third one new, the toml's revision changed.
class JournaledWrite : public ::testing::Test {
  protected:
    void SetUp() override {
        write_file(dir / "patches/0001.patch", "old 1\n");
        write_file(dir / "patches/0002.patch", "old 2\n");
        write_file(dir / "patchbay.toml", "rev = \"v1\"\n");
        files = {{dir / "patches/0001.patch", "new 1\n", "old 1\n"},
                 {dir / "patches/0002.patch", "new 2\n", "old 2\n"},
                 {dir / "patches/0003.patch", "new 3\n", std::nullopt},
                 {dir / "patchbay.toml", "rev = \"v2\"\n", "rev = \"v1\"\n"}};
    }
    fs::path journal() const { return dir / ".patchbay.toml.journal"; }

    void expect_old() const {
        EXPECT_EQ(read_file(dir / "patches/0001.patch"), "old 1\n");
        EXPECT_EQ(read_file(dir / "patches/0002.patch"), "old 2\n");
        EXPECT_FALSE(fs::exists(dir / "patches/0003.patch"));
        EXPECT_EQ(read_file(dir / "patchbay.toml"), "rev = \"v1\"\n");
    }
    void expect_new() const {
        for (const auto& file : files) EXPECT_EQ(read_file(file.path), file.text) << file.path;
    }
    // Nothing but the files themselves: no journal, no staged or old text left over.
    void expect_no_leftovers(std::set<std::string> wanted) const {
        EXPECT_EQ(names_in(dir.path()), wanted);
    }

    // The write in a child process that dies (_exit, no clean-up) before file `index` is renamed.
    void write_and_die_before(std::size_t index) const {
        pid_t child = fork();
        if (child == 0) {
            auto died = [&](std::size_t at) {
                if (at == index) _exit(0);
                return Status(Ok{});
            };
            (void)write_all_or_nothing(journal(), files, died);
            _exit(1);
        }
        int status = 0;
        waitpid(child, &status, 0);
        ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "did not die at " << index;
    }

    TempDir dir;
    std::vector<PlannedFile> files;
};

const std::set<std::string> kOldNames = {"patches/0001.patch", "patches/0002.patch",
                                         "patchbay.toml"};
const std::set<std::string> kNewNames = {"patches/0001.patch", "patches/0002.patch",
                                         "patches/0003.patch", "patchbay.toml"};

TEST_F(JournaledWrite, WritesEveryFileAndLeavesNothingElse) {
    ASSERT_TRUE(write_all_or_nothing(journal(), files));
    expect_new();
    expect_no_leftovers(kNewNames);
}

TEST_F(JournaledWrite, AFailureOnTheThirdFilePutsTheFirstTwoBack) {
    auto fail_third = [](std::size_t index) {
        return index == 2 ? Status(make_error("injected: disk full")) : Status(Ok{});
    };
    auto written = write_all_or_nothing(journal(), files, fail_third);
    ASSERT_FALSE(written);
    EXPECT_NE(written.error().message.find("injected: disk full; nothing was written"),
              std::string::npos)
        << written.error().message;
    expect_old();
    expect_no_leftovers(kOldNames);
}

TEST_F(JournaledWrite, AStagingFailureWritesNothing) {
    files[2].path = dir / "missing-folder/0003.patch";
    auto written = write_all_or_nothing(journal(), files);
    ASSERT_FALSE(written);
    expect_old();
    expect_no_leftovers(kOldNames);
}

// Killed after each rename in turn: the next run finds the journal and completes the write.
TEST_F(JournaledWrite, ARunKilledBetweenRenamesIsCompletedByTheNextRun) {
    for (std::size_t index = 0; index < files.size(); ++index) {
        SetUp();
        fs::remove(dir / "patches/0003.patch");
        write_and_die_before(index);
        ASSERT_TRUE(fs::exists(journal())) << index;
        auto finished = finish_journal(journal());
        ASSERT_TRUE(finished) << finished.error().located();
        ASSERT_TRUE(*finished);
        EXPECT_EQ((*finished)->ending, JournalEnding::completed);
        EXPECT_EQ((*finished)->files.size(), files.size());
        expect_new();
        expect_no_leftovers(kNewNames);
    }
}

// Someone edited a file the killed write had not reached yet: that edit stays, and so that the
// series stays whole the files already written get their old text back.
TEST_F(JournaledWrite, AFileEditedAfterTheKillIsKeptAndTheRestPutBack) {
    write_and_die_before(1);
    EXPECT_EQ(read_file(dir / "patches/0001.patch"), "new 1\n");
    write_file(dir / "patches/0002.patch", "old 2, edited by hand\n");
    auto finished = finish_journal(journal());
    ASSERT_TRUE(finished && *finished);
    EXPECT_EQ((*finished)->ending, JournalEnding::rolled_back);
    ASSERT_EQ((*finished)->edited.size(), 1u);
    EXPECT_EQ((*finished)->edited[0], dir / "patches/0002.patch");
    EXPECT_EQ(read_file(dir / "patches/0001.patch"), "old 1\n");
    EXPECT_EQ(read_file(dir / "patches/0002.patch"), "old 2, edited by hand\n");
    EXPECT_EQ(read_file(dir / "patchbay.toml"), "rev = \"v1\"\n");
    expect_no_leftovers(kOldNames);
}

TEST_F(JournaledWrite, NoJournalIsNothingToFinish) {
    auto finished = finish_journal(journal());
    ASSERT_TRUE(finished);
    EXPECT_FALSE(*finished);
}

TEST_F(JournaledWrite, AJournalPatchbayDidNotWriteIsLeftAlone) {
    write_file(journal(), "someone's notes\n");
    auto finished = finish_journal(journal());
    ASSERT_FALSE(finished);
    EXPECT_NE(finished.error().message.find("is not a journal of patchbay"), std::string::npos);
    EXPECT_EQ(read_file(journal()), "someone's notes\n");
}

}  // namespace
}  // namespace patchbay
