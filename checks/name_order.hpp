#pragma once
// An order of names for the analyses' lookup tables (Triton environments, C/C++ type aliases):
// by length first, then by bytes. Most names of a kernel differ in length, and those compare
// without a memcmp call; the tables are looked up at every use of a name and never listed in
// order, so which strict order they keep is not observable.

#include <string_view>

namespace patchbay {

struct ShorterNameFirst {
    using is_transparent = void;
    bool operator()(std::string_view a, std::string_view b) const {
        return a.size() != b.size() ? a.size() < b.size() : a < b;
    }
};

}  // namespace patchbay
