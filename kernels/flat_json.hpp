#pragma once
// Reads the one-line JSON objects reproducers print. Only the top level is interpreted: a
// nested array or object is kept as its raw text.

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace patchbay {

struct JsonValue {
    enum class Kind { null, boolean, number, string, raw };
    Kind kind = Kind::null;
    std::string text;  // the string's contents, or the literal as written
    double number = 0;
    bool boolean = false;
};

using FlatJson = std::map<std::string, JsonValue>;

// nullopt when `line` is not one JSON object.
std::optional<FlatJson> parse_flat_json(std::string_view line);

// The last line of `output` that parses as a JSON object.
std::optional<FlatJson> last_json_line(std::string_view output, std::string* raw = nullptr);

}  // namespace patchbay
