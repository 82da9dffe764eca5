#include "tool/series_report_format.hpp"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace patchbay
