#include "series/series_write.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "common/file_lock.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::read_file;
using test_support::TempDir;
using test_support::write_file;

// A project: patchbay.toml, patches/series naming two patches.
class SeriesWrite : public ::testing::Test {
  protected:
    void SetUp() override {
        write_file(dir / "patchbay.toml", "[upstream]\npath = \"up\"\n");
        write_file(dir / "patches/series", "0001.patch\n0002.patch\n");
        write_file(dir / "patches/0001.patch", "one\n");
        write_file(dir / "patches/0002.patch", "two\n");
    }
    Config config() const {
        auto loaded = load_config(dir / "patchbay.toml");
        EXPECT_TRUE(loaded);
        return *loaded;
    }
    SeriesWriteBack read_now(std::chrono::milliseconds patience = kSeriesLockPatience) const {
        Config c = config();
        auto plan = load_plan(c);
        EXPECT_TRUE(plan);
        auto back = series_write_back(c, *plan, "patchbay regenerate 0002.patch");
        back.patience = patience;
        return back;
    }
    TempDir dir;
};

TEST_F(SeriesWrite, TheLockAndTheJournalLiveBesidePatchbayToml) {
    auto guard = guard_files_of(config());
    EXPECT_EQ(guard.lock, dir / ".patchbay.toml.lock");
    EXPECT_EQ(guard.journal, dir / ".patchbay.toml.journal");
}

TEST_F(SeriesWrite, EveryFileTheCommandReadIsFingerprinted) {
    auto back = read_now();
    std::vector<fs::path> paths;
    for (const auto& print : back.read) paths.push_back(print.path.lexically_normal());
    EXPECT_EQ(paths,
              (std::vector<fs::path>{dir / "patchbay.toml", dir / "patches/series",
                                     dir / "patches/0001.patch", dir / "patches/0002.patch"}));
}

TEST_F(SeriesWrite, WritesWhenNothingChanged) {
    auto back = read_now();
    ASSERT_TRUE(write_series(back, {{dir / "patches/0002.patch", "TWO\n"}}));
    EXPECT_EQ(read_file(dir / "patches/0002.patch"), "TWO\n");
    EXPECT_FALSE(fs::exists(dir / ".patchbay.toml.lock"));
    EXPECT_FALSE(fs::exists(dir / ".patchbay.toml.journal"));
}

// Another writer replaced a patch after this command read the series: its edit must survive.
TEST_F(SeriesWrite, AFileChangedSinceItWasReadStopsTheWrite) {
    for (std::string changed :
         {"patches/0001.patch", "patches/0002.patch", "patches/series", "patchbay.toml"}) {
        SetUp();
        auto back = read_now();
        std::string edit = read_file(dir / changed) + "# edited meanwhile\n";
        write_file(dir / changed, edit);
        auto written = write_series(back, {{dir / "patches/0002.patch", "TWO\n"},
                                           {dir / "patchbay.toml", "rev = \"v2\"\n"}});
        ASSERT_FALSE(written) << changed;
        EXPECT_NE(written.error().message.find("changed while this command ran"),
                  std::string::npos);
        EXPECT_EQ(fs::path(written.error().file).filename(), fs::path(changed).filename());
        EXPECT_EQ(read_file(dir / changed), edit);
        if (changed != "patches/0002.patch") {
            EXPECT_EQ(read_file(dir / "patches/0002.patch"), "two\n");
        }
    }
}

TEST_F(SeriesWrite, AWriterHoldingTheLockIsNamedAndNothingIsWritten) {
    auto back = read_now(std::chrono::milliseconds(0));
    auto other = FileLock::acquire(dir / ".patchbay.toml.lock", "patchbay rebase --onto v2 --write",
                                   std::chrono::milliseconds(0));
    ASSERT_TRUE(other);
    auto written = write_series(back, {{dir / "patches/0002.patch", "TWO\n"}});
    ASSERT_FALSE(written);
    EXPECT_NE(written.error().message.find("patchbay rebase --onto v2 --write"), std::string::npos)
        << written.error().message;
    EXPECT_EQ(read_file(dir / "patches/0002.patch"), "two\n");
}

TEST_F(SeriesWrite, RecoveryFinishesAJournalAndRemovesStaleTemporaries) {
    write_file(dir / "patches/.0002.patch.patchbay-AAAAAA", "TW");  // a SIGKILL mid-write
    write_file(dir / ".patchbay.toml.patchbay-BBBBBB", "[up");
    // A rebase --write killed after its journal: 0001's new text staged, its old one kept.
    write_file(dir / "patches/.0001.patch.patchbay-CCCCCC", "ONE\n");
    write_file(dir / "patches/.0001.patch.patchbay-DDDDDD", "one\n");
    write_file(dir / ".patchbay.toml.journal",  // hashes by sha256sum
               "patchbay all-or-nothing write\nfile patches/0001.patch\n"
               "staged patches/.0001.patch.patchbay-CCCCCC\n"
               "backup patches/.0001.patch.patchbay-DDDDDD\n"
               "new-sha256 bd52020371c038c4ad38a8d2df05dfa1a220d40fbe1ae83b63d6010cb527e531\n"
               "old-sha256 2c8b08da5ce60398e1f19af0e5dccc744df274b826abe585eaba68c525434806\n");
    auto recovery = recover_series(config());
    ASSERT_TRUE(recovery) << recovery.error().located();
    ASSERT_TRUE(recovery->journal);
    EXPECT_EQ(recovery->journal->ending, JournalEnding::completed);
    EXPECT_EQ(read_file(dir / "patches/0001.patch"), "ONE\n");
    EXPECT_FALSE(fs::exists(dir / "patches/.0001.patch.patchbay-CCCCCC"));
    EXPECT_FALSE(fs::exists(dir / "patches/.0001.patch.patchbay-DDDDDD"));
    EXPECT_EQ(recovery->temporaries.size(), 2u);
    EXPECT_FALSE(fs::exists(dir / "patches/.0002.patch.patchbay-AAAAAA"));
    EXPECT_FALSE(fs::exists(dir / ".patchbay.toml.patchbay-BBBBBB"));
    EXPECT_FALSE(fs::exists(dir / ".patchbay.toml.journal"));
    EXPECT_FALSE(fs::exists(dir / ".patchbay.toml.lock"));
}

TEST_F(SeriesWrite, RecoveryWaitsForTheRunThatHoldsTheLock) {
    write_file(dir / "patches/.0002.patch.patchbay-AAAAAA", "staged by a running writer");
    auto other = FileLock::acquire(dir / ".patchbay.toml.lock", "patchbay rebase",
                                   std::chrono::milliseconds(0));
    ASSERT_TRUE(other);
    auto recovery = recover_series(config());
    ASSERT_TRUE(recovery);
    EXPECT_TRUE(recovery->temporaries.empty());
    EXPECT_TRUE(fs::exists(dir / "patches/.0002.patch.patchbay-AAAAAA"));
}

TEST_F(SeriesWrite, NothingLeftBehindTakesNoLock) {
    auto recovery = recover_series(config());
    ASSERT_TRUE(recovery);
    EXPECT_FALSE(recovery->journal);
    EXPECT_TRUE(recovery->temporaries.empty());
}

}  // namespace
}  // namespace patchbay
