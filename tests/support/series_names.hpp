#pragma once
// Patch names of the small series the regenerate and rebase tests build.

#include <string>

namespace patchbay::test_support {

inline const std::string kOne = "0001-one.patch";
inline const std::string kTwo = "0002-two.patch";
inline const std::string kThree = "0003-three.patch";

}  // namespace patchbay::test_support
