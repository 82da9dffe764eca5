#include "rebase/target_rev.hpp"

#include <optional>
#include <vector>

#include "common/text_lines.hpp"
#include "config/toml_text.hpp"

namespace patchbay {

namespace {

struct LineSpan {
    std::size_t begin;
    std::size_t end;  // after its "\n"
    std::string_view text;
};

std::vector<LineSpan> line_spans(std::string_view text) {
    std::vector<LineSpan> lines;
    for (auto line : split_lines(text)) {
        const auto begin = static_cast<std::size_t>(line.data() - text.data());
        lines.push_back({begin, begin + line.size(), line});
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

std::string indent_of(std::string_view line) {
    return std::string(line.substr(0, line.size() - stripped(line).size()));
}

// The [upstream] table's header line and the lines of the table after it.
struct Table {
    std::size_t header;
    std::size_t end;  // the next table's header, or the line count
};

std::optional<Table> upstream_table(const std::vector<LineSpan>& lines) {
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (!stripped(lines[i].text).starts_with("[upstream]")) continue;
        std::size_t end = i + 1;
        while (end < lines.size() && !is_table_header(lines[end].text)) ++end;
        return Table{i, end};
    }
    return std::nullopt;
}

}  // namespace

Result<std::string> with_upstream_rev(std::string_view toml, const std::string& rev) {
    auto lines = line_spans(toml);
    auto table = upstream_table(lines);
    if (!table) return make_error("patchbay.toml has no [upstream] table");
    std::string text(toml), line = "rev = " + toml_quoted(rev) + "\n";
    std::size_t insert_at = lines[table->header].end;
    for (std::size_t i = table->header + 1; i < table->end; ++i) {
        if (is_key(lines[i].text, "rev"))
            return text.replace(lines[i].begin, lines[i].end - lines[i].begin,
                                indent_of(lines[i].text) + line);
        if (is_key(lines[i].text, "path")) insert_at = lines[i].end;
    }
    if (text[insert_at - 1] != '\n') line.insert(line.begin(), '\n');
    return text.insert(insert_at, line);
}

}  // namespace patchbay
