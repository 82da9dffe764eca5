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

// A line that comments an entry out ("#014_hash_style-both.patch"), as Debian and quilt users
// switch a patch off. Only a candidate: the runner calls it disabled when the file exists.
struct DisabledLine {
    std::string name;  // the first word after '#' (and any blanks)
    std::string text;  // the line as written, without its terminator
    std::int64_t line = 0;
};

struct SeriesFile {
    std::string path;  // as given, for messages
    std::vector<SeriesEntry> entries;
    std::vector<DisabledLine> commented;  // every comment line whose first word could be a name
};

// Bad input (an unknown option, "-p" without a number, a name with ".." or absolute) is an
// Error naming the series file and the line.
Result<SeriesFile> parse_series(std::string_view text, const std::string& path);

// "; did you mean '0003-x.patch' (series line 3)?" for the entry nearest `name`
// (common/closest_name.hpp), or "": for a name a user typed that the series does not list.
std::string nearest_entry_hint(const SeriesFile& series, std::string_view name);

}  // namespace patchbay
