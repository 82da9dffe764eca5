#include "checks/finding.hpp"

namespace patchbay {

const char* to_string(Severity severity) {
    switch (severity) {
        case Severity::error:
            return "error";
        case Severity::warning:
            return "warning";
        case Severity::note:
            return "note";
    }
    return "warning";
}

}  // namespace patchbay
