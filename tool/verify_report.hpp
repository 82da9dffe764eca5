#pragma once
// What `patchbay verify` found in each of its sections (check-series, audit-kernels, repro), and
// its two renderings: text (each section's report, then a summary) and JUnit (each section's own
// test suites, or one test case standing for a section without them).

#include <string>
#include <vector>

#include "common/error.hpp"
#include "tool/exit_status.hpp"
#include "tool/terminal.hpp"

namespace patchbay {

struct VerifySection {
    std::string name;
    bool registered = false;
    int exit_status = kExitSuccess;
    std::string report;  // in the requested format
    std::vector<Error> diagnostics;
    std::string error;    // the section could not run: bad input
    std::string skipped;  // it ran nothing, and why
};

std::string render_verify_text(const std::vector<VerifySection>& sections, int worst,
                               const Palette& palette);
std::string render_verify_junit(const std::vector<VerifySection>& sections);

}  // namespace patchbay
