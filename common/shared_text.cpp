#include "common/shared_text.hpp"

namespace patchbay {

SharedText::SharedText(std::string text) {
    auto owned = std::make_shared<const std::string>(std::move(text));
    bytes_ = *owned;
    owner_ = std::move(owned);
}

}  // namespace patchbay
