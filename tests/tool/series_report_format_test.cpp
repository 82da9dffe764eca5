// The renderings of a check-series report, against expected text written by hand.
// Also tests tool/series_report_text.cpp, tool/series_report_json.cpp,
// tool/series_report_junit.cpp, tool/series_report_github.cpp, tool/series_report_markdown.cpp
// and series/series_report.cpp (totals, integrity verdicts, reasons).

#include "tool/series_report_format.hpp"

#include <gtest/gtest.h>

#include "common/elide.hpp"

namespace patchbay {
namespace {

SeriesReport sample_report() {
    SeriesReport report;
    report.upstream.path = "upstream";
    report.series_file = "patches/series";
    PatchReport applied;
    applied.name = "0001-a.patch";
    applied.files.push_back(
        {"vllm/x.py",
         "vllm/x.py",
         FileOp::modify,
         {{1, HunkStatus::exact, 10, 0, 0}, {2, HunkStatus::offset, 48, 3, 0}}});
    PatchReport skipped;
    skipped.name = "old.patch";
    skipped.status = PatchStatus::skipped;
    skipped.reason = "native upstream";
    PatchReport rejected;
    rejected.name = "0002-b.patch";
    rejected.status = PatchStatus::rejected;
    rejected.reason = "hunk #1 FAILED at 7";
    rejected.files.push_back(
        {"vllm/y.py", "vllm/y.py", FileOp::modify, {{1, HunkStatus::rejected, 7, 0, 0}}});
    rejected.problems.push_back(
        {ProblemKind::rejected, "hunk #1 FAILED at 7", "patches/0002-b.patch", 5});
    report.patches = {applied, skipped, rejected};
    return report;
}

TEST(DescribeHunk, UsesGnuPatchWording) {
    EXPECT_EQ(describe_hunk({1, HunkStatus::offset, 48, 3, 0}), "succeeded at 48 (offset 3 lines)");
    EXPECT_EQ(describe_hunk({1, HunkStatus::fuzz, 9, -1, 2}),
              "succeeded at 9 with fuzz 2 (offset -1 lines)");
    EXPECT_EQ(describe_hunk({1, HunkStatus::offset, 9, 1, 0}), "succeeded at 9 (offset 1 line)");
    EXPECT_EQ(describe_hunk({2, HunkStatus::rejected, 7, 0, 0}), "FAILED at 7");
}

TEST(RenderJson, KeepsTheDocumentedNames) {
    auto json = render_json(sample_report());
    EXPECT_NE(json.find(R"("version":1)"), std::string::npos);
    EXPECT_NE(json.find(R"("n":2,"status":"offset","line":48,"offset":3,"fuzz":0)"),
              std::string::npos);
    EXPECT_NE(json.find(R"("status":"skipped","reason":"native upstream")"), std::string::npos);
    EXPECT_NE(json.find(R"("kind":"rejected","message":"hunk #1 FAILED at 7")"), std::string::npos);
    EXPECT_NE(
        json.find(
            R"("totals":{"entries":3,"applied":1,"skipped":1,"rejected":1,"failed":0,)"
            R"("hunks":3,"exact":1,"offset":1,"fuzz":0,"rejected_hunks":1,"already_applied":0,)"
            R"("disabled":0})"),
        std::string::npos);
}

// Issue #14: a patch whose every hunk was already applied changed nothing: not green.
TEST(RenderText, APatchWhoseHunksWereAllAlreadyAppliedIsNotGreen) {
    SeriesReport report;
    PatchReport already;
    already.name = "0001-a.patch";
    already.files.push_back(
        {"x.py", "x.py", FileOp::modify, {{1, HunkStatus::already_applied, 10, 0, 0}}});
    PatchReport applied = already;
    applied.name = "0002-b.patch";
    applied.files[0].hunks[0].status = HunkStatus::exact;
    report.patches = {already, applied};
    const Palette palette{true};
    auto text = render_text(report, palette);
    EXPECT_NE(text.find("0001-a.patch  " + palette.red("applied  ")), std::string::npos) << text;
    EXPECT_NE(text.find("0002-b.patch  " + palette.green("applied  ")), std::string::npos) << text;
}

TEST(RenderText, CountsAreSingularForOne) {
    SeriesReport report;
    PatchReport applied;
    applied.name = "0001-a.patch";
    applied.files.push_back({"x.py", "x.py", FileOp::modify, {{1, HunkStatus::exact, 10, 0, 0}}});
    report.patches = {applied};
    auto text = render_text(report, Palette{false});
    EXPECT_NE(text.find("totals: 1 entry: 1 applied"), std::string::npos) << text;
    EXPECT_NE(text.find("; 1 hunk: 1 exact"), std::string::npos) << text;
}

TEST(RenderText, ShowsTableInexactHunksProblemsAndVerdict) {
    auto text = render_text(sample_report(), Palette{false});
    EXPECT_NE(text.find("old.patch"), std::string::npos);
    EXPECT_NE(text.find("native upstream"), std::string::npos);
    EXPECT_NE(text.find("0001-a.patch  vllm/x.py  hunk #2 succeeded at 48 (offset 3 lines)"),
              std::string::npos);
    EXPECT_NE(text.find("patches/0002-b.patch:5: rejected: hunk #1 FAILED at 7"),
              std::string::npos);
    EXPECT_NE(text.find("FAIL  every hunk applies within the fuzz policy (1)"), std::string::npos);
    EXPECT_NE(text.find("result: FAILED"), std::string::npos);
    EXPECT_EQ(text.find("\033["), std::string::npos);  // no colour when disabled
}

TEST(RenderJunit, OneTestcasePerEntryWithFailuresAndSkips) {
    auto xml = render_junit(sample_report());
    EXPECT_NE(xml.find(R"(tests="4" failures="1" errors="0" skipped="1")"), std::string::npos);
    EXPECT_NE(
        xml.find(R"(<testcase classname="patchbay.check-series" name="0002-b.patch"><failure)"),
        std::string::npos);
    EXPECT_NE(xml.find("vllm/y.py hunk #1 FAILED at 7"), std::string::npos);
    EXPECT_NE(xml.find(R"(<skipped message="native upstream"/>)"), std::string::npos);
}

// A warning the policy lets pass and a series problem without a line, beside the rejection.
SeriesReport report_with_warnings() {
    auto report = sample_report();
    Problem whitespace{ProblemKind::whitespace, "trailing whitespace", "patches/0001-a.patch", 9};
    whitespace.severity = FindingSeverity::warning;
    report.patches[0].problems.push_back(whitespace);
    Problem unlisted{ProblemKind::unlisted, "no series line names it", "patches/x.patch", 0};
    unlisted.severity = FindingSeverity::warning;
    report.series_problems.push_back(unlisted);
    return report;
}

TEST(RenderGithub, OneAnnotationPerProblemOnItsPatchFileLine) {
    EXPECT_EQ(render_github(report_with_warnings()),
              "::warning file=patches/0001-a.patch,line=9,title=whitespace::0001-a.patch: "
              "trailing whitespace\n"
              "::error file=patches/0002-b.patch,line=5,title=rejected::0002-b.patch: hunk #1 "
              "FAILED at 7\n"
              "::warning file=patches/x.patch,title=unlisted::no series line names it\n"
              "::notice title=check-series::3 entries: 1 applied, 1 skipped, 1 rejected, 0 "
              "failed; 3 hunks: 1 exact, 1 offset, 0 fuzz, 1 rejected\n");
}

TEST(RenderGithub, TheFirstDetailOfARejectionIsInTheMessage) {
    auto report = sample_report();
    report.patches[2].problems[0].details = {"closest match at line 9", "second"};
    auto out = render_github(report);
    EXPECT_NE(out.find("::0002-b.patch: hunk #1 FAILED at 7: closest match at line 9\n"),
              std::string::npos)
        << out;
}

TEST(RenderMarkdown, TheVerdictTheSeriesTableAndTheProblems) {
    EXPECT_EQ(render_markdown(sample_report()),
              "### patchbay check-series\n\n"
              "**FAILED**: 3 entries (1 applied, 1 skipped, 1 rejected, 0 failed), 3 hunks (1 "
              "exact, 1 offset, 0 fuzz, 1 rejected)\n\n"
              "| # | patch | status | hunks | problems |\n"
              "|---:|---|---|---|---:|\n"
              "| 1 | `0001-a.patch` | applied | 1 exact, 1 offset | 0 |\n"
              "| 2 | `old.patch` | skipped | native upstream | 0 |\n"
              "| 3 | `0002-b.patch` | rejected | 1 rejected | 1 |\n"
              "\n#### Problems\n\n"
              "| where | kind | severity | problem |\n"
              "|---|---|---|---|\n"
              "| `patches/0002-b.patch:5` | rejected | failure | hunk #1 FAILED at 7 |\n");
}

// Past the cap, entries that applied exactly are left out first, then the rest is cut.
TEST(RenderMarkdown, ALongSeriesListsOnlyWhatNeedsAttentionUpToTheCap) {
    auto report = report_with_warnings();
    PatchReport clean;
    clean.name = "0003-c.patch";
    clean.files.push_back({"z.py", "z.py", FileOp::modify, {{1, HunkStatus::exact, 3, 0, 0}}});
    report.patches.push_back(clean);
    auto out = render_markdown(report, 2);
    EXPECT_NE(out.find("| 1 | `0001-a.patch` |"), std::string::npos) << out;
    EXPECT_NE(out.find("| 2 | `old.patch` |"), std::string::npos);
    EXPECT_EQ(out.find("0002-b.patch` | rejected"), std::string::npos);
    EXPECT_EQ(out.find("0003-c.patch"), std::string::npos);
    EXPECT_NE(out.find("\nNot listed: 1 entry that applied exactly.\n"), std::string::npos);
    EXPECT_NE(out.find("\n… and 1 more entries with something to report.\n"), std::string::npos);
    EXPECT_NE(out.find("\n… and 1 more problems.\n"), std::string::npos) << out;
}

// Issue #25: a 100 MB series line. The text formats show the name by its ends and its size,
// once per place; JSON keeps it whole.
SeriesReport report_with_a_huge_name(const std::string& name) {
    SeriesReport report;
    PatchReport failed;
    failed.name = name;
    failed.status = PatchStatus::failed;
    failed.reason = "cannot be read";
    failed.problems.push_back({ProblemKind::missing_patch, "cannot be read", "patches/series", 1});
    PatchReport rejected;
    rejected.name = name;
    rejected.status = PatchStatus::rejected;
    rejected.files.push_back(
        {"patches/" + name, "", FileOp::modify, {{1, HunkStatus::offset, 7, 2, 0}}});
    rejected.problems.push_back({ProblemKind::rejected, "hunk #1 FAILED", "patches/" + name, 5});
    report.patches = {failed, rejected};
    return report;
}

std::size_t occurrences(const std::string& text, const std::string& part) {
    std::size_t count = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
    return count;
}

TEST(RenderText, AHugeNameIsShownElidedWithItsSize) {
    const std::string name = "abc" + std::string(104857600 - 6, '@') + "xyz";
    const auto report = report_with_a_huge_name(name);
    const auto text = render_text(report, Palette{false});
    const std::string shown =
        "abc" + std::string(77, '@') + "…(104,857,600 bytes)…" + std::string(77, '@') + "xyz";
    EXPECT_EQ(occurrences(text, shown), 3u) << text.substr(0, 2000);  // table rows, hunk line
    EXPECT_NE(text.find("  1  " + shown + "  failed    cannot be read\n"), std::string::npos);
    // A path is elided only past what a file system can hold: below that it is a place to go.
    const std::string path_shown = "patches/abc" + std::string(kElidePathLimit * 2 / 5 - 11, '@') +
                                   "…(104,857,608 bytes)…" +
                                   std::string(kElidePathLimit * 2 / 5 - 3, '@') + "xyz";
    EXPECT_EQ(occurrences(text, path_shown), 2u);  // hunk line, problem
    EXPECT_LT(text.size(), 10000u);
    const auto markdown = render_markdown(report);
    EXPECT_EQ(occurrences(markdown, shown), 2u);
    EXPECT_LT(markdown.size(), 10000u);
    EXPECT_LT(render_github(report).size(), 20000u);
}

TEST(RenderJson, KeepsAHugeNameWhole) {
    const std::string name(10000000, 'n');
    const auto json = render_json(report_with_a_huge_name(name));
    EXPECT_NE(json.find("\"name\":\"" + name + "\""), std::string::npos);
    EXPECT_NE(json.find("\"file\":\"patches/" + name + "\""), std::string::npos);
    EXPECT_EQ(json.find("bytes)"), std::string::npos);
}

TEST(RenderText, ANameUpToTheLimitIsShownWhole) {
    const std::string name(kElideLimit, 'n');
    const auto text = render_text(report_with_a_huge_name(name), Palette{false});
    EXPECT_NE(text.find("  1  " + name + "  failed"), std::string::npos) << text;
    EXPECT_EQ(text.find("bytes)"), std::string::npos);
}

}  // namespace
}  // namespace patchbay
