#pragma once
// Text for XML attributes and element content (the JUnit reports).

#include <string>
#include <string_view>

namespace patchbay {

// & < > " escaped; control characters XML 1.0 forbids even escaped become '?'.
std::string xml_escape(std::string_view text);

}  // namespace patchbay
