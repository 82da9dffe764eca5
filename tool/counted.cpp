#include "tool/counted.hpp"

#include <fmt/format.h>

namespace patchbay {

std::string counted(int count, const char* noun) {
    return fmt::format("{} {}{}", count, noun, count == 1 ? "" : "s");
}

std::string counted(int count, const char* singular, const char* plural) {
    return fmt::format("{} {}", count, count == 1 ? singular : plural);
}

}  // namespace patchbay
