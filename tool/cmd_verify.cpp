// `patchbay verify` (docs/ARCHITECTURE.md §2): check-series, then audit-kernels, then repro, one
// summary; the exit status is the worst of the three. The sections are found in the command table
// by name, so a build without one of them still verifies the rest and says so.

#include <fmt/format.h>
#include <algorithm>
#include <cstring>

#include "common/xml_escape.hpp"
#include "tool/commands.hpp"
#include "tool/exit_status.hpp"

namespace patchbay {

namespace {

constexpr const char* kSections[] = {"check-series", "audit-kernels", "repro"};

struct Section {
    std::string name;
    bool registered = false;
    int exit_status = kExitSuccess;
    std::string report;  // in the requested format
    std::vector<Error> diagnostics;
    std::string error;    // the section could not run: bad input
    std::string skipped;  // it ran nothing, and why
};

const Command* find_command(const char* name) {
    for (const auto& command : commands())
        if (std::strcmp(command.name, name) == 0) return &command;
    return nullptr;
}

Section run_section(const char* name, const CommandContext& context) {
    Section section;
    section.name = name;
    const Command* command = find_command(name);
    if (!command) return section;
    section.registered = true;
    auto result = command->run(context);
    if (!result) {
        section.exit_status = kExitBadInput;
        section.error = result.error().located();
        section.diagnostics.push_back(result.error());
        return section;
    }
    section.exit_status = result->exit_status;
    section.report = result->report;
    section.diagnostics = result->diagnostics;
    section.skipped = result->skipped;
    return section;
}

bool is_skipped(const Section& s) {
    return !s.registered ||
           (s.error.empty() && s.exit_status == kExitSuccess && !s.skipped.empty());
}

// "; skipped: repro" after an OK that did not run everything.
std::string skipped_note(const std::vector<Section>& sections) {
    std::string names;
    for (const auto& s : sections)
        if (is_skipped(s)) names += (names.empty() ? "" : ", ") + s.name;
    return names.empty() ? "" : "; skipped: " + names;
}

std::string verdict(const Section& s) {
    if (!s.registered) return "SKIP (not registered in this build)";
    if (!s.error.empty()) return "ERROR (" + s.error + ")";
    if (s.exit_status == kExitSuccess && !s.skipped.empty()) return "SKIP (" + s.skipped + ")";
    if (s.exit_status == kExitSuccess) return "OK";
    return s.exit_status == kExitNegative ? "FAIL" : "ERROR";
}

std::string text_report(const std::vector<Section>& sections, int worst, const Palette& palette) {
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
std::string section_suite(const Section& s) {
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

std::string junit_report(const std::vector<Section>& sections) {
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"verify\">\n";
    for (const auto& s : sections) {
        auto suites = s.registered && s.error.empty() ? suites_of(s.report) : "";
        out += suites.empty() ? section_suite(s) : suites;
    }
    return out + "</testsuites>\n";
}

}  // namespace

void add_verify_options(FlagSet& flags, CliOptions& o) {
    add_source_options(flags, o);
    add_report_options(flags, o, {"text", "junit"});
    flags.option("--arch", &o.repro.arch, "SM", "nvcc -arch for the reproducers");
    flags.option("--cache-dir", &o.repro.cache_dir, "DIR", "reproducer cache folder");
    flags.toggle("--compile-only", o.repro.compile_only, "build the CUDA reproducers; run nothing");
}

Result<CommandOutput> run_verify(const CommandContext& context) {
    CliOptions options = context.options;
    CommandContext inner{options, context.palette, context.progress, context.format,
                         context.fail_on};
    std::vector<Section> sections;
    for (const char* name : kSections) sections.push_back(run_section(name, inner));
    std::vector<int> statuses;
    CommandOutput output;
    for (auto& s : sections) {
        statuses.push_back(s.exit_status);
        for (auto& d : s.diagnostics) output.diagnostics.push_back(std::move(d));
    }
    const int worst = worst_exit_status(statuses);
    output.exit_status = worst;
    output.report = context.format == ReportFormat::junit
                        ? junit_report(sections)
                        : text_report(sections, worst, context.palette);
    return output;
}

}  // namespace patchbay
