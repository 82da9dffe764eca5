#include "tool/verify_report.hpp"

#include <fmt/format.h>
#include <cstring>

#include "common/xml_escape.hpp"
#include "tool/exit_status.hpp"

namespace patchbay {

namespace {

bool is_skipped(const VerifySection& s) {
    return !s.registered ||
           (s.error.empty() && s.exit_status == kExitSuccess && !s.skipped.empty());
}

// "; skipped: repro" after an OK that did not run everything.
std::string skipped_note(const std::vector<VerifySection>& sections) {
    std::string names;
    for (const auto& s : sections)
        if (is_skipped(s)) names += (names.empty() ? "" : ", ") + s.name;
    return names.empty() ? "" : "; skipped: " + names;
}

std::string verdict(const VerifySection& s) {
    if (!s.registered) return "SKIP (not registered in this build)";
    if (!s.error.empty()) return "ERROR (" + s.error + ")";
    if (s.exit_status == kExitSuccess && !s.skipped.empty()) return "SKIP (" + s.skipped + ")";
    if (s.exit_status == kExitSuccess) return "OK";
    return s.exit_status == kExitNegative ? "FAIL" : "ERROR";
}

}  // namespace

std::string render_verify_text(const std::vector<VerifySection>& sections, int worst,
                               const Palette& palette) {
    std::string out;
    for (const auto& s : sections) {
        out += palette.bold("== " + s.name + " ==") + "\n";
        if (!s.registered)
            out += "SKIP " + s.name + ": not registered in this build\n";
        else if (!s.error.empty())
            out += "error: " + s.error + "\n";
        else
            out += s.report;
        out += "\n";
    }
    out += palette.bold("== summary ==") + "\n";
    for (const auto& s : sections) out += fmt::format("{:<14} {}\n", s.name, verdict(s));
    return out + fmt::format("verify: {} (exit {}){}\n",
                             worst == 0   ? "OK"
                             : worst == 1 ? "FAIL"
                                          : "ERROR",
                             worst, skipped_note(sections));
}

namespace {

// The <testsuite> elements of one section's JUnit document (its declaration and any
// <testsuites> wrapper dropped).
std::string suites_of(const std::string& xml) {
    auto first = xml.find("<testsuite ");
    auto last = xml.rfind("</testsuite>");
    if (first == std::string::npos || last == std::string::npos) return "";
    return xml.substr(first, last + std::strlen("</testsuite>") - first) + "\n";
}

// One test case standing for a whole section: not registered, could not run, or a command
// without a JUnit rendering of its own (its text report goes to system-out).
std::string section_suite(const VerifySection& s) {
    std::string body;
    if (!s.registered)
        body = "<skipped message=\"not registered in this build\"/>";
    else if (s.exit_status == kExitSuccess && !s.skipped.empty())
        body = "<skipped message=\"" + xml_escape(s.skipped) + "\"/>";
    else if (!s.error.empty())
        body = "<error message=\"" + xml_escape(s.error) + "\"/>";
    else if (s.exit_status != kExitSuccess)
        body = fmt::format("<failure message=\"exit status {}\"/>", s.exit_status);
    if (s.registered && !s.report.empty())
        body += "<system-out>" + xml_escape(s.report) + "</system-out>";
    return fmt::format(
        "<testsuite name=\"{0}\" tests=\"1\" failures=\"{1}\" errors=\"{2}\" skipped=\"{3}\">\n"
        "  <testcase classname=\"patchbay.verify\" name=\"{0}\">{4}</testcase>\n</testsuite>\n",
        s.name, s.registered && s.error.empty() && s.exit_status != kExitSuccess ? 1 : 0,
        s.error.empty() ? 0 : 1, is_skipped(s) ? 1 : 0, body);
}

}  // namespace

std::string render_verify_junit(const std::vector<VerifySection>& sections) {
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"verify\">\n";
    for (const auto& s : sections) {
        auto suites = s.registered && s.error.empty() ? suites_of(s.report) : "";
        out += suites.empty() ? section_suite(s) : suites;
    }
    return out + "</testsuites>\n";
}

}  // namespace patchbay
