#include "tool/exit_status.hpp"

namespace patchbay {

int exit_status_of(const SeriesReport& report) {
    if (report.has_failed_patch()) return kExitBadInput;
    return report.is_negative() ? kExitNegative : kExitSuccess;
}

}  // namespace patchbay
