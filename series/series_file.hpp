#pragma once
// The quilt series file: one patch a line, '#' comments, optional "-pN" and other options after
// the name (quilt's own syntax).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"

namespace patchbay {

struct SeriesEntry {
    std::string name;                  // relative to the series file's folder; may hold "/"
    std::optional<int> strip;          // "-pN" (also "-p N"); nullopt: the configured default
    bool reverse = false;              // "-R"
    std::vector<std::string> options;  // every option as written, for reports
    std::int64_t line = 0;             // 1-based line in the series file
};

struct SeriesFile {
    std::string path;  // as given, for messages
    std::vector<SeriesEntry> entries;
};

// Bad input (an unknown option, "-p" without a number, a name with ".." or absolute) is an
// Error naming the series file and the line.
Result<SeriesFile> parse_series(std::string_view text, const std::string& path);

}  // namespace patchbay
