#pragma once

namespace patchbay {

// `patchbay --version` and SARIF's tool.driver.version.
inline constexpr const char* kPatchbayVersion = "0.1.0";

}  // namespace patchbay
