#include "regenerate/target_rev.hpp"

#include <vector>

namespace patchbay {

namespace {

struct Line {
    std::size_t begin;
    std::size_t end;  // after its "\n"
    std::string_view text;
};

std::vector<Line> lines_of(std::string_view text) {
    std::vector<Line> lines;
    for (std::size_t at = 0; at < text.size();) {
        auto newline = text.find('\n', at);
        auto end = newline == std::string_view::npos ? text.size() : newline + 1;
        lines.push_back({at, end, text.substr(at, end - at)});
        at = end;
    }
    return lines;
}

std::string_view stripped(std::string_view line) {
    auto first = line.find_first_not_of(" \t");
    return first == std::string_view::npos ? std::string_view() : line.substr(first);
}

bool is_table_header(std::string_view line) {
    return stripped(line).starts_with("[");
}

// "rev = ..." or "rev=..." (a key, not "revision = ...").
bool is_key(std::string_view line, std::string_view key) {
    auto text = stripped(line);
    if (!text.starts_with(key)) return false;
    auto rest = stripped(text.substr(key.size()));
    return rest.starts_with("=");
}

std::string quoted(const std::string& rev) {
    std::string out = "\"";
    for (char c : rev) out += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
    return out + "\"";
}

}  // namespace

Result<std::string> with_upstream_rev(std::string_view toml, const std::string& rev) {
    auto lines = lines_of(toml);
    std::size_t table = lines.size(), insert_at = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (table == lines.size()) {
            if (stripped(lines[i].text).starts_with("[upstream]"))
                table = i, insert_at = lines[i].end;
            continue;
        }
        if (is_table_header(lines[i].text)) break;
        std::string text(toml);
        auto indent =
            lines[i].text.substr(0, lines[i].text.size() - stripped(lines[i].text).size());
        if (is_key(lines[i].text, "rev"))
            return text.replace(lines[i].begin, lines[i].end - lines[i].begin,
                                std::string(indent) + "rev = " + quoted(rev) + "\n");
        if (is_key(lines[i].text, "path")) insert_at = lines[i].end;
    }
    if (table == lines.size()) return make_error("patchbay.toml has no [upstream] table");
    std::string text(toml);
    std::string line = "rev = " + quoted(rev) + "\n";
    if (insert_at > 0 && text[insert_at - 1] != '\n') line.insert(0, "\n");
    return text.insert(insert_at, line);
}

}  // namespace patchbay
