// audit_folder on a folder of rule fixtures, with and without a diff. The two series modes
// (result tree against upstream, change against --base) need a series and a git upstream:
// tests/cli/audit_kernels_cli_test.cpp runs them through the command.

#include "checks/audit_modes.hpp"

#include <gtest/gtest.h>

#include "tests/checks/audit_fixture_tree.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;

fs::path fixture_folder() {
    return test_support::source_dir() / "tests/fixtures/checks/int32-index-stride/cute";
}

// A diff that adds `file` whole, as a new file.
std::string diff_adding(const fs::path& folder, const std::string& file) {
    auto text = test_support::read_file(folder / file);
    std::string body;
    int lines = 0;
    for (std::size_t at = 0; at < text.size(); ++lines) {
        auto end = text.find('\n', at);
        body += "+" + text.substr(at, end - at) + "\n";
        at = end == std::string::npos ? text.size() : end + 1;
    }
    return "--- /dev/null\n+++ b/" + file + "\n@@ -0,0 +1," + std::to_string(lines) + " @@\n" +
           body;
}

TEST(AuditFolder, WithoutADiffNothingIsNew) {
    std::vector<std::string> shown;
    AuditRun run{1, [&](const std::string& what) { shown.push_back(what); }, {}};
    auto report = audit_folder(Config{}, fixture_folder().string(), "", run);
    ASSERT_TRUE(report) << report.error().message;
    EXPECT_FALSE(report->findings.empty());
    EXPECT_EQ(report->baseline, AuditBaseline::none);
    EXPECT_EQ(report->summary.new_findings, 0);
    ASSERT_FALSE(shown.empty());
    EXPECT_EQ(shown.front(), "reading " + fixture_folder().string());
}

TEST(AuditFolder, FindingsOnTheLinesADiffAddsAreNew) {
    test_support::TempDir dir;
    test_support::write_file(dir / "add.diff", diff_adding(fixture_folder(), "pool_indices.py"));
    auto report =
        audit_folder(Config{}, fixture_folder().string(), (dir / "add.diff").string(), AuditRun{});
    ASSERT_TRUE(report) << report.error().message;
    EXPECT_EQ(report->baseline, AuditBaseline::diff);
    ASSERT_FALSE(report->findings.empty());
    for (const auto& finding : report->findings) EXPECT_TRUE(finding.is_new);
    EXPECT_EQ(report->summary.new_findings, static_cast<int>(report->findings.size()));
}

TEST(AuditFolder, AMissingDiffIsAnError) {
    auto report =
        audit_folder(Config{}, fixture_folder().string(), "/nonexistent/x.diff", AuditRun{});
    EXPECT_FALSE(report);
}

}  // namespace
}  // namespace patchbay
