#pragma once
// Numbers for people: "2,383", "104,857,600".

#include <cstdint>
#include <string>

namespace patchbay {

// `number` with its digits grouped by thousands.
std::string group_thousands(std::int64_t number);

}  // namespace patchbay
