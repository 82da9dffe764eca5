#include <fmt/format.h>

#include "common/xml_escape.hpp"
#include "tool/repro_report_format.hpp"

namespace patchbay {

namespace {

struct Case {
    std::string name, failure, skipped, output;
    double seconds = 0;
};

Case outcome_case(const ReproOutcome& run, const std::string& name) {
    Case c{name, "", "", run.output_tail, run.seconds};
    if (run.status == ReproStatus::fail) c.failure = run.detail;
    if (run.status == ReproStatus::skip) c.skipped = run.detail;
    if (run.status == ReproStatus::ok) c.output = run.detail;
    return c;
}

Case arms_case(const ArmsRow& row, const std::string& patch) {
    Case c{row.name + " flips at " + patch, "", "", "", row.a.seconds + row.b.seconds};
    std::string why = fmt::format("A {}: {}; B {}: {}", to_string(row.a.status), row.a.detail,
                                  to_string(row.b.status), row.b.detail);
    if (row.verdict != ArmsVerdict::discriminates)
        c.failure = std::string(to_string(row.verdict)) + ": " + why;
    else
        c.output = why;
    return c;
}

std::string case_xml(const Case& c) {
    std::string body;
    if (!c.failure.empty()) body += fmt::format("<failure message=\"{}\"/>", xml_escape(c.failure));
    if (!c.skipped.empty()) body += fmt::format("<skipped message=\"{}\"/>", xml_escape(c.skipped));
    if (!c.output.empty()) body += fmt::format("<system-out>{}</system-out>", xml_escape(c.output));
    return fmt::format(
        "  <testcase classname=\"patchbay.repro\" name=\"{}\" time=\"{:.3f}\">{}</testcase>\n",
        xml_escape(c.name), c.seconds, body);
}

std::vector<Case> cases_of(const ReproReport& report) {
    std::vector<Case> cases;
    for (const auto& run : report.runs) cases.push_back(outcome_case(run, run.name));
    for (const auto& row : report.arms) cases.push_back(arms_case(row, report.arm_b));
    for (const auto& row : report.bench)
        if (!row.stopped.empty())
            cases.push_back(Case{row.name + " bench", row.stopped, "", "", 0});
    return cases;
}

}  // namespace

std::string render_junit(const ReproReport& report) {
    auto cases = cases_of(report);
    int failures = 0, skipped = 0;
    std::string body;
    for (const auto& c : cases) {
        failures += !c.failure.empty();
        skipped += !c.skipped.empty();
        body += case_xml(c);
    }
    return fmt::format(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"repro\" tests=\"{}\" "
        "failures=\"{}\" errors=\"0\" skipped=\"{}\">\n{}</testsuite>\n",
        cases.size(), failures, skipped, body);
}

}  // namespace patchbay
