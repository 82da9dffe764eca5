#include "series/series_file.hpp"

#include <fmt/format.h>

#include <charconv>

#include "common/closest_name.hpp"
#include "common/text_lines.hpp"

namespace patchbay {
namespace {

bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r';
}

// Whitespace-separated words up to the first word that starts with '#' (quilt's comment rule:
// a '#' counts only at the start of the line or after whitespace).
std::vector<std::string_view> words_before_comment(std::string_view line) {
    std::vector<std::string_view> words;
    std::size_t pos = 0;
    while (pos < line.size()) {
        while (pos < line.size() && is_blank(line[pos])) ++pos;
        if (pos == line.size() || line[pos] == '#') break;
        std::size_t end = pos;
        while (end < line.size() && !is_blank(line[end])) ++end;
        words.push_back(line.substr(pos, end - pos));
        pos = end;
    }
    return words;
}

std::optional<int> parse_strip_level(std::string_view digits) {
    int value = 0;
    const char* end = digits.data() + digits.size();
    auto [ptr, ec] = std::from_chars(digits.data(), end, value);
    if (digits.empty() || ec != std::errc() || ptr != end || value < 0) return std::nullopt;
    return value;
}

std::optional<std::string> name_problem(std::string_view name) {
    if (name.front() == '/') return "is an absolute path";
    if (name.find('\0') != std::string_view::npos) return "contains a NUL byte";
    std::size_t start = 0;
    while (start <= name.size()) {
        std::size_t end = name.find('/', start);
        if (end == std::string_view::npos) end = name.size();
        if (name.substr(start, end - start) == "..") return "has a '..' component";
        start = end + 1;
    }
    return std::nullopt;
}

class LineParser {
  public:
    LineParser(const std::string& path, std::int64_t line) : path_(path), line_(line) {}

    Result<SeriesEntry> parse(const std::vector<std::string_view>& words) {
        SeriesEntry entry;
        entry.name = std::string(words[0]);
        entry.line = line_;
        if (auto problem = name_problem(entry.name)) {
            return fail("patch name '" + entry.name + "' " + *problem);
        }
        for (std::size_t i = 1; i < words.size(); ++i) {
            if (auto error = take_option(words, i, entry)) return *error;
        }
        return entry;
    }

  private:
    Error fail(std::string message) const { return make_error(path_, line_, std::move(message)); }

    // Consumes words[i] (and its argument, advancing i); an Error for anything quilt's -p/-R
    // syntax does not allow.
    std::optional<Error> take_option(const std::vector<std::string_view>& words, std::size_t& i,
                                     SeriesEntry& entry) {
        const std::string_view word = words[i];
        entry.options.emplace_back(word);
        if (word == "-R") {
            entry.reverse = true;
            return std::nullopt;
        }
        if (!word.starts_with("-p")) return fail("unknown option '" + std::string(word) + "'");
        std::string_view digits = word.substr(2);
        if (digits.empty() && i + 1 < words.size()) {
            digits = words[++i];
            entry.options.back().append(" ").append(digits);
        }
        return set_strip(digits, entry);
    }

    std::optional<Error> set_strip(std::string_view digits, SeriesEntry& entry) {
        if (entry.strip) return fail("option '-p' given twice");
        entry.strip = parse_strip_level(digits);
        if (!entry.strip) {
            return fail("option '-p' needs a number, got '" + std::string(digits) + "'");
        }
        return std::nullopt;
    }

    const std::string& path_;
    std::int64_t line_;
};

// "#name …" or "# name …": the first word after the '#', when it could name a patch file.
std::optional<DisabledLine> commented_entry(std::string_view line, std::int64_t number) {
    std::size_t pos = 0;
    while (pos < line.size() && is_blank(line[pos])) ++pos;
    if (pos == line.size() || line[pos] != '#') return std::nullopt;
    while (pos < line.size() && (line[pos] == '#' || is_blank(line[pos]))) ++pos;
    std::size_t end = pos;
    while (end < line.size() && !is_blank(line[end])) ++end;
    std::string_view name = line.substr(pos, end - pos);
    if (name.empty() || name_problem(name)) return std::nullopt;
    return DisabledLine{std::string(name), std::string(line), number};
}

}  // namespace

std::string nearest_entry_hint(const SeriesFile& series, std::string_view name) {
    std::vector<std::string_view> names;
    for (const auto& entry : series.entries) names.push_back(entry.name);
    const auto near = closest_name(name, names);
    if (!near) return {};
    const SeriesEntry& entry = series.entries[*near];
    return fmt::format("; did you mean '{}' (series line {})?", entry.name, entry.line);
}

Result<SeriesFile> parse_series(std::string_view text, const std::string& path) {
    SeriesFile series{path, {}, {}};
    std::int64_t line_number = 0;
    for (std::string_view line : split_lines(text)) {
        ++line_number;
        const auto words = words_before_comment(without_terminator(line));
        if (words.empty()) {
            if (auto commented = commented_entry(without_terminator(line), line_number))
                series.commented.push_back(std::move(*commented));
            continue;
        }
        auto entry = LineParser(path, line_number).parse(words);
        if (!entry) return entry.error();
        series.entries.push_back(std::move(entry).value());
    }
    return series;
}

}  // namespace patchbay
