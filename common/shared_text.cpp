#include "common/shared_text.hpp"

namespace patchbay {

const std::string& SharedText::nothing() {
    static const std::string nothing;
    return nothing;
}

}  // namespace patchbay
