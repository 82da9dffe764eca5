#include "common/group_thousands.hpp"

namespace patchbay {

std::string group_thousands(std::int64_t number) {
    auto digits = std::to_string(number < 0 ? -number : number);
    std::string grouped;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) grouped += ',';
        grouped += digits[i];
    }
    return number < 0 ? "-" + grouped : grouped;
}

}  // namespace patchbay
