// Issue #7, promise 3: a file patchbay replaces is replaced atomically. The process is killed
// with SIGKILL at random moments while it produces a large report; the file is then always
// either its old content or the complete new report, never a truncated one.

#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "tests/hostile/generators.hpp"
#include "tests/support/bounded_process.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using namespace patchbay::testing;

constexpr int kKills = 25;
constexpr int kSections = 20000;  // a JSON report of a few MB
const std::string kOldReport = "the old report: a complete file written before the run\n";

// Starts `argv` in `cwd`, kills it with SIGKILL after `delay` unless it ended before.
void run_and_kill(const std::vector<std::string>& argv, const fs::path& cwd,
                  std::chrono::microseconds delay) {
    Limits limits;
    limits.deadline = std::chrono::duration_cast<std::chrono::milliseconds>(delay);
    if (limits.deadline.count() == 0) limits.deadline = std::chrono::milliseconds(1);
    run_bounded(argv, cwd, limits);
}

void replace_atomically(const fs::path& file, const std::string& text) {
    write_file(file.string() + ".test-tmp", text);
    fs::rename(file.string() + ".test-tmp", file);
}

struct KillOutcome {
    int old_seen = 0;
    int new_seen = 0;
};

// Kills the command at moments spread over its whole run (mostly near the end, where the
// report is written) and checks the target after each kill.
KillOutcome kill_repeatedly(const std::vector<std::string>& argv, const fs::path& cwd,
                            const fs::path& target, const std::string& new_content,
                            double full_run_seconds) {
    std::mt19937 random(7);
    std::uniform_real_distribution<double> moment(0.3, 1.1);
    KillOutcome outcome;
    for (int i = 0; i < kKills; ++i) {
        replace_atomically(target, kOldReport);
        auto delay = std::chrono::microseconds(
            static_cast<std::int64_t>(moment(random) * full_run_seconds * 1e6));
        run_and_kill(argv, cwd, delay);
        auto now = read_file(target);
        EXPECT_TRUE(now == kOldReport || now == new_content)
            << "kill " << i << " after " << delay.count() << " us left " << now.size()
            << " bytes (old " << kOldReport.size() << ", new " << new_content.size() << ")";
        (now == kOldReport ? outcome.old_seen : outcome.new_seen) += 1;
    }
    return outcome;
}

TEST(AtomicOutput, CheckSeriesReportIsAlwaysOldOrNew) {
    TempDir dir;
    fs::copy(fs::path(PATCHBAY_SOURCE_DIR) / "tests/hostile/base", dir.path(),
             fs::copy_options::recursive);
    write_file(dir / "patches/0001.patch", file_sections(kSections));
    std::vector<std::string> argv = {PATCHBAY_BINARY, "check-series", "--format", "json",
                                     "--output", "report.json"};

    Limits generous;
    generous.deadline = std::chrono::minutes(5);
    auto full = run_bounded(argv, dir.path(), generous);
    ASSERT_EQ(full.status, 0) << full.err;
    auto new_content = read_file(dir / "report.json");
    ASSERT_GT(new_content.size(), 1000000u) << "the report should be large";
    ASSERT_NE(new_content.find("\"path\":\"gen/f20000.txt\""), std::string::npos);

    auto outcome = kill_repeatedly(argv, dir.path(), dir / "report.json", new_content, full.seconds);
    // Both outcomes must occur, or the kills did not straddle the write.
    EXPECT_GT(outcome.old_seen, 0);
    EXPECT_GT(outcome.new_seen, 0);
}

// TODO(integrator): enable when `regenerate` lands on main (issue #7, item 4). Set up a series
// whose patch NAME is large (file_sections(kSections)), an edited worktree for it, record the
// old patch bytes and the bytes of one uninterrupted `patchbay regenerate NAME` run, then call
// kill_repeatedly({PATCHBAY_BINARY, "regenerate", NAME, ...}, dir, dir / "patches" / NAME,
// new_content, seconds) and expect the same as above.
TEST(AtomicOutput, RegeneratedPatchIsAlwaysOldOrNew) {
    GTEST_SKIP() << "regenerate is not on main yet; the integrator enables this test with it";
}

}  // namespace
}  // namespace patchbay
