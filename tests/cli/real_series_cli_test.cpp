// End-to-end on a real series written by others (Debian's gdb 13.1 series, kept as a fixture:
// tests/fixtures/series/debian-gdb-13.1/README.md). GNU patch 2.7.6, run here, is the oracle:
// every hunk's status, line and offset, and every file's bytes and mode after the series.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <sstream>

#include "tests/support/cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::contains;
using test_support::patchbay;
using test_support::read_file;
using test_support::run_process;
using test_support::TempDir;

const fs::path kFixture = fs::path(PATCHBAY_SOURCE_DIR) / "tests/fixtures/series/debian-gdb-13.1";

std::vector<std::string> active_entries(const fs::path& series) {
    std::vector<std::string> names;
    std::istringstream lines(read_file(series));
    for (std::string line; std::getline(lines, line);)
        if (!line.empty() && line[0] != '#') names.push_back(line.substr(0, line.find(' ')));
    return names;
}

// GNU patch's "Hunk #n succeeded at L[ (offset K lines)]." as the JSON hunk patchbay must
// report ("Hunk #n succeeded at L." is exact; fuzz 0 throughout).
std::vector<std::string> expected_hunks(const std::string& verbose) {
    std::vector<std::string> hunks;
    std::istringstream lines(verbose);
    for (std::string line; std::getline(lines, line);) {
        int n = 0;
        long at = 0, offset = 0;
        if (std::sscanf(line.c_str(), "Hunk #%d succeeded at %ld (offset %ld", &n, &at, &offset) <
            2)
            continue;
        hunks.push_back("{\"n\":" + std::to_string(n) + ",\"status\":\"" +
                        (offset == 0 ? "exact" : "offset") + "\",\"line\":" + std::to_string(at) +
                        ",\"offset\":" + std::to_string(offset) + ",\"fuzz\":0}");
    }
    return hunks;
}

bool executable(const fs::path& path) {
    struct stat st {};
    return stat(path.c_str(), &st) == 0 && (st.st_mode & S_IXUSR) != 0;
}

class DebianGdbSeries : public ::testing::Test {
  protected:
    void SetUp() override {
        fs::copy(kFixture, dir.path() / "gdb", fs::copy_options::recursive);
        fs::copy(kFixture / "pristine", dir.path() / "gnu", fs::copy_options::recursive);
    }
    fs::path project() const { return dir.path() / "gdb"; }
    TempDir dir;
};

TEST_F(DebianGdbSeries, EveryHunkAsGnuPatchReportsIt) {
    std::vector<std::string> expected;
    for (const auto& name : active_entries(project() / "patches/series")) {
        auto gnu = run_process({"patch", "-p1", "--fuzz=0", "-N", "--verbose", "-d",
                                (dir.path() / "gnu").string(), "-i",
                                (project() / "patches" / name).string()});
        ASSERT_EQ(gnu.status, 0) << name << gnu.out;
        for (auto& hunk : expected_hunks(gnu.out)) expected.push_back(std::move(hunk));
    }
    ASSERT_EQ(expected.size(), 20u);
    auto result = patchbay({"check-series", "--format", "json"}, project());
    EXPECT_EQ(result.status, 0) << result.out << result.err;
    std::size_t from = 0;
    for (const auto& hunk : expected) {
        const auto at = result.out.find(hunk, from);
        ASSERT_NE(at, std::string::npos) << hunk << " (in order) not in\n" << result.out;
        from = at + hunk.size();
    }
    EXPECT_TRUE(contains(result.out, R"("entries":10,"applied":10)")) << result.out;
}

TEST_F(DebianGdbSeries, TheWorktreeIsGnuPatchsTreeByteForByte) {
    for (const auto& name : active_entries(project() / "patches/series"))
        ASSERT_EQ(
            run_process({"patch", "-s", "-p1", "--fuzz=0", "-d", (dir.path() / "gnu").string(),
                         "-i", (project() / "patches" / name).string()})
                .status,
            0);
    auto applied = patchbay({"apply", "--worktree", (dir.path() / "wt").string()}, project());
    ASSERT_EQ(applied.status, 0) << applied.out << applied.err;
    int files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(dir.path() / "gnu")) {
        if (!entry.is_regular_file()) continue;
        const auto rel = entry.path().lexically_relative(dir.path() / "gnu");
        EXPECT_EQ(read_file(dir.path() / "wt" / rel), read_file(entry.path())) << rel;
        EXPECT_EQ(executable(dir.path() / "wt" / rel), executable(entry.path())) << rel;
        ++files;
    }
    EXPECT_EQ(files, 16);  // the 9 modified files and 7 the series creates
}

}  // namespace
}  // namespace patchbay
