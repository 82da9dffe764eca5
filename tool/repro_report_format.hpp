#pragma once
// The three renderings of `repro`'s report (kernels/repro_report.hpp: text, json, junit), its
// exit status and why it ran nothing.

#include <string>

#include "kernels/repro_report.hpp"
#include "tool/terminal.hpp"

namespace patchbay {

int exit_status_of(const ReproReport& report);

// Why nothing ran, when every reproducer was skipped ("no GPU: …", the first one's reason);
// empty when one ran or failed.
std::string all_skipped_reason(const ReproReport& report);

std::string render_text(const ReproReport& report, const Palette& palette);
std::string render_json(const ReproReport& report);
std::string render_junit(const ReproReport& report);

}  // namespace patchbay
