#include "patches/hunk_header.hpp"
#include "common/string_prefix.hpp"

#include <cstdint>
#include <limits>

namespace patchbay {

namespace {

enum class Parse { ok, malformed, too_large };

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

// Reads the digits at the front of `text` into `value`.
Parse read_number(std::string_view& text, std::int64_t& value) {
    if (text.empty() || !is_digit(text[0])) return Parse::malformed;
    constexpr std::int64_t max = std::numeric_limits<std::int64_t>::max();
    value = 0;
    while (!text.empty() && is_digit(text[0])) {
        std::int64_t digit = text[0] - '0';
        if (value > (max - digit) / 10) return Parse::too_large;
        value = value * 10 + digit;
        text.remove_prefix(1);
    }
    return Parse::ok;
}

// "-a[,b]" or "+c[,d]"; an omitted count is 1.
Parse read_range(std::string_view& text, char sign, std::int64_t& start, std::int64_t& count) {
    if (text.empty() || text[0] != sign) return Parse::malformed;
    text.remove_prefix(1);
    if (Parse p = read_number(text, start); p != Parse::ok) return p;
    count = 1;
    if (text.empty() || text[0] != ',') return Parse::ok;
    text.remove_prefix(1);
    return read_number(text, count);
}

Parse read_header(std::string_view text, Hunk& hunk) {
    if (!consume_prefix(text, "@@ ")) return Parse::malformed;
    if (Parse p = read_range(text, '-', hunk.old_start, hunk.old_count); p != Parse::ok) return p;
    if (!consume_prefix(text, " ")) return Parse::malformed;
    if (Parse p = read_range(text, '+', hunk.new_start, hunk.new_count); p != Parse::ok) return p;
    if (!consume_prefix(text, " @@")) return Parse::malformed;
    consume_prefix(text, " ");
    hunk.function_context = std::string(text);
    return Parse::ok;
}

}  // namespace

std::string_view hunk_ranges(std::string_view content) {
    auto close = content.find("@@", 2);
    return close == std::string_view::npos ? content : content.substr(0, close + 2);
}

Result<Hunk> parse_hunk_header(std::string_view content, const std::string& path,
                               std::int64_t line) {
    Hunk hunk;
    hunk.header_line = line;
    Parse parse = read_header(content, hunk);
    if (parse == Parse::too_large)
        return make_error(path, line,
                          "hunk header " + std::string(hunk_ranges(content)) +
                              " has a number too large for a line number");
    if (parse == Parse::malformed)
        return make_error(path, line, "malformed hunk header \"" + std::string(content) + "\"");
    return hunk;
}

}  // namespace patchbay
