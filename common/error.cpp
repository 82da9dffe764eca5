#include "common/error.hpp"

#include <cstring>
#include <utility>

namespace patchbay {

std::string Error::located() const {
    if (file.empty()) return message;
    if (line <= 0) return file + ": " + message;
    return file + ":" + std::to_string(line) + ": " + message;
}

Error make_error(std::string message) {
    return Error{"", 0, std::move(message)};
}

Error make_error(std::string file, std::int64_t line, std::string message) {
    return Error{std::move(file), line, std::move(message)};
}

}  // namespace patchbay

namespace patchbay {

Error errno_error(std::string file, const std::string& what, int error_number) {
    return make_error(std::move(file), 0, what + ": " + std::strerror(error_number));
}

}  // namespace patchbay
