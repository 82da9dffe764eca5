#pragma once
// An error as a value: library code returns it, tool/ prints it (docs/ARCHITECTURE.md §8).

#include <cerrno>
#include <cstdint>
#include <string>

namespace patchbay {

struct Error {
    std::string file;       // the file at fault; empty when there is none
    std::int64_t line = 0;  // 1-based line in `file`; 0 when unknown
    std::string message;    // one sentence, no trailing period, no "error:" prefix
    std::string kind = {};  // optional class for reports, e.g. "header-counts"; may be empty

    // "file:line: message", "file: message" or "message".
    std::string located() const;
};

Error make_error(std::string message);
Error make_error(std::string file, std::int64_t line, std::string message);
// "file: what: <strerror(error_number)>", for a failed system call on `file`; errno as it is at
// the call by default.
Error errno_error(std::string file, const std::string& what, int error_number = errno);

}  // namespace patchbay
