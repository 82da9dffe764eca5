#include "patches/git_header.hpp"
#include "common/string_prefix.hpp"

#include <cstdint>

#include "patches/quoted_name.hpp"

namespace patchbay {

namespace {

std::string_view after_first_component(std::string_view name) {
    auto slash = name.find('/');
    return slash == std::string_view::npos ? std::string_view{} : name.substr(slash + 1);
}

// A name that is the whole of `text`, unquoted if quoted.
std::optional<std::string> whole_name(std::string_view text) {
    if (!text.starts_with('"'))
        return text.empty() ? std::nullopt : std::optional(std::string(text));
    auto quoted = unquote_c_name(text);
    if (!quoted || quoted->length != text.size()) return std::nullopt;
    return quoted->name;
}

std::optional<GitNames> split_quoted_first(std::string_view names) {
    auto first = unquote_c_name(names);
    if (!first || first->length >= names.size() || names[first->length] != ' ') return std::nullopt;
    auto second = whole_name(names.substr(first->length + 1));
    if (!second) return std::nullopt;
    return GitNames{first->name, *second};
}

std::optional<GitNames> split_at(std::string_view names, std::size_t space) {
    auto second = whole_name(names.substr(space + 1));
    if (space == 0 || !second) return std::nullopt;
    return GitNames{std::string(names.substr(0, space)), *second};
}

std::optional<GitNames> split_where_names_agree(std::string_view names) {
    for (auto space = names.find(' '); space != std::string_view::npos;
         space = names.find(' ', space + 1)) {
        auto pair = split_at(names, space);
        if (pair && !after_first_component(pair->old_name).empty() &&
            after_first_component(pair->old_name) == after_first_component(pair->new_name))
            return pair;
    }
    return std::nullopt;
}

// `name` is `value` behind a prefix that ends in '/' (or none).
bool ends_with_name(std::string_view name, std::string_view value) {
    if (!name.ends_with(value)) return false;
    std::size_t prefix = name.size() - value.size();
    return prefix == 0 || name[prefix - 1] == '/';
}

std::optional<std::uint32_t> parse_mode(std::string_view text) {
    if (text.empty() || text.size() > 7) return std::nullopt;
    std::uint32_t mode = 0;
    for (char c : text) {
        if (c < '0' || c > '7') return std::nullopt;
        mode = mode * 8 + static_cast<std::uint32_t>(c - '0');
    }
    return mode;
}

std::optional<int> parse_percent(std::string_view text) {
    if (!text.ends_with('%') || text.size() < 2 || text.size() > 4) return std::nullopt;
    int value = 0;
    for (char c : text.substr(0, text.size() - 1)) {
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

std::string name_value(std::string_view text) {
    auto quoted = whole_name(text);
    return quoted ? *quoted : std::string(text);
}

// "index abc..def" or "index abc..def 100644" (the mode of both sides).
bool read_index(std::string_view value, FileDiff& file) {
    auto dots = value.find("..");
    if (dots == std::string_view::npos) return false;
    auto space = value.find(' ', dots);
    file.old_index = std::string(value.substr(0, dots));
    file.new_index = std::string(value.substr(dots + 2, space - (dots + 2)));
    if (space == std::string_view::npos) return true;
    auto mode = parse_mode(value.substr(space + 1));
    if (!mode) return false;
    if (!file.old_mode) file.old_mode = mode;
    if (!file.new_mode) file.new_mode = mode;
    return true;
}

bool read_mode(std::string_view value, std::optional<std::uint32_t>& mode) {
    mode = parse_mode(value);
    return mode.has_value();
}

void read_source(std::string_view value, FileOp op, GitExtendedHeader& extended) {
    extended.rename_or_copy = op;
    extended.source = name_value(value);
}

void read_target(std::string_view value, FileOp op, GitExtendedHeader& extended) {
    extended.rename_or_copy = op;
    extended.target = name_value(value);
}

// nullopt: not an extended line; false: one with a bad value.
std::optional<bool> read_line(std::string_view text, FileDiff& file, GitExtendedHeader& ext) {
    if (consume_prefix(text, "old mode ")) return read_mode(text, file.old_mode);
    if (consume_prefix(text, "new mode ")) return read_mode(text, file.new_mode);
    if (consume_prefix(text, "deleted file mode "))
        return ext.deleted_file = true, read_mode(text, file.old_mode);
    if (consume_prefix(text, "new file mode "))
        return ext.new_file = true, read_mode(text, file.new_mode);
    if (consume_prefix(text, "rename from ") || consume_prefix(text, "rename old "))
        return read_source(text, FileOp::rename, ext), true;
    if (consume_prefix(text, "rename to ") || consume_prefix(text, "rename new "))
        return read_target(text, FileOp::rename, ext), true;
    if (consume_prefix(text, "copy from ")) return read_source(text, FileOp::copy, ext), true;
    if (consume_prefix(text, "copy to ")) return read_target(text, FileOp::copy, ext), true;
    if (consume_prefix(text, "similarity index "))
        return (file.similarity = parse_percent(text)).has_value();
    if (consume_prefix(text, "dissimilarity index ")) return parse_percent(text).has_value();
    if (consume_prefix(text, "index ")) return read_index(text, file);
    return std::nullopt;
}

}  // namespace

std::optional<GitNames> split_git_names(std::string_view names) {
    if (names.starts_with('"')) return split_quoted_first(names);
    if (auto pair = split_where_names_agree(names)) return pair;
    auto quoted_second = names.find(" \"");
    if (quoted_second != std::string_view::npos)
        if (auto pair = split_at(names, quoted_second)) return pair;
    auto space = names.find(' ');
    return space == std::string_view::npos ? std::nullopt : split_at(names, space);
}

std::optional<GitNames> split_git_names_by(std::string_view names, std::string_view source,
                                           std::string_view target) {
    for (auto space = names.find(' '); space != std::string_view::npos;
         space = names.find(' ', space + 1)) {
        auto pair = split_at(names, space);
        if (pair && ends_with_name(pair->old_name, source) &&
            ends_with_name(pair->new_name, target))
            return pair;
    }
    return std::nullopt;
}

Result<bool> read_git_extended_line(std::string_view content, FileDiff& file,
                                    GitExtendedHeader& extended, const std::string& path,
                                    std::int64_t line) {
    std::optional<bool> read = read_line(content, file, extended);
    if (!read) return false;
    if (!*read)
        return make_error(path, line,
                          "bad value in git header line \"" + std::string(content) + "\"");
    return true;
}

std::string prefixed_like(const std::string& git_name, const std::string& value) {
    std::string_view name = git_name;
    if (ends_with_name(name, value)) return git_name;
    auto slash = name.find('/');
    return slash == std::string_view::npos ? value : std::string(name.substr(0, slash + 1)) + value;
}

}  // namespace patchbay
