#include <fmt/format.h>

#include "common/xml_escape.hpp"
#include "tool/series_report_format.hpp"

namespace patchbay {

namespace {

std::string hunk_details(const PatchReport& patch) {
    std::string details;
    for (const auto& file : patch.files)
        for (const auto& hunk : file.hunks)
            details += fmt::format("{} hunk #{} {}\n", file.path, hunk.n, describe_hunk(hunk));
    for (const auto& problem : patch.problems) {
        details += fmt::format("{}:{}: {}{}: {}\n", problem.file, problem.line,
                               problem.severity == FindingSeverity::warning ? "warning: " : "",
                               to_string(problem.kind), problem.message);
        for (const auto& detail : problem.details) details += "    " + detail + "\n";
    }
    return details;
}

bool fails(const std::vector<Problem>& problems) {
    for (const auto& problem : problems)
        if (problem.severity == FindingSeverity::failure) return true;
    return false;
}

std::string testcase_body(const PatchReport& patch) {
    if (patch.status == PatchStatus::skipped)
        return fmt::format("<skipped message=\"{}\"/>", xml_escape(patch.reason));
    if (patch.status == PatchStatus::failed)
        return fmt::format("<error message=\"{}\">{}</error>", xml_escape(patch.reason),
                           xml_escape(hunk_details(patch)));
    if (patch.status == PatchStatus::rejected || fails(patch.problems))
        return fmt::format("<failure message=\"{}\">{}</failure>", xml_escape(patch.reason),
                           xml_escape(hunk_details(patch)));
    return "";
}

std::string series_testcase(const SeriesReport& report) {
    std::string details;
    for (const auto& problem : report.series_problems)
        details += fmt::format("{}:{}: {}{}: {}\n", problem.file, problem.line,
                               problem.severity == FindingSeverity::warning ? "warning: " : "",
                               to_string(problem.kind), problem.message);
    std::string body;
    if (fails(report.series_problems))
        body =
            fmt::format("<failure message=\"series integrity\">{}</failure>", xml_escape(details));
    else if (!details.empty())
        body = fmt::format("<system-out>{}</system-out>", xml_escape(details));
    return fmt::format(
        "  <testcase classname=\"patchbay.check-series\" name=\"series integrity\">{}</testcase>\n",
        body);
}

}  // namespace

std::string render_junit(const SeriesReport& report) {
    int failures = fails(report.series_problems) ? 1 : 0, errors = 0, skipped = 0;
    std::string cases;
    for (const auto& patch : report.patches) {
        auto body = testcase_body(patch);
        if (patch.status == PatchStatus::skipped)
            ++skipped;
        else if (patch.status == PatchStatus::failed)
            ++errors;
        else if (!body.empty())
            ++failures;
        cases += fmt::format(
            "  <testcase classname=\"patchbay.check-series\" name=\"{}\">{}</testcase>\n",
            xml_escape(patch.name), body);
    }
    cases += series_testcase(report);
    return fmt::format(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<testsuite name=\"check-series\" tests=\"{}\" failures=\"{}\" errors=\"{}\" "
        "skipped=\"{}\">\n"
        "{}</testsuite>\n",
        report.patches.size() + 1, failures, errors, skipped, cases);
}

}  // namespace patchbay
