#include "tool/sarif_locations.hpp"

#include <fmt/format.h>

#include <cctype>

namespace patchbay {

namespace {

// A relative path as a URI reference: unreserved characters and "/" stay, the rest is %XX.
std::string uri_of(std::string_view path) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : path) {
        if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
            out += static_cast<char>(c);
            continue;
        }
        out += '%';
        out += kHex[c >> 4];
        out += kHex[c & 15];
    }
    return out;
}

void write_message(JsonWriter& json, std::string_view key, std::string_view text) {
    json.key(key).begin_object().field("text", text).end_object();
}

}  // namespace

void write_location(JsonWriter& json, std::string_view path, std::int64_t line, std::int64_t column,
                    std::string_view snippet) {
    json.key("physicalLocation").begin_object();
    json.key("artifactLocation").begin_object().field("uri", uri_of(path)).end_object();
    json.key("region").begin_object().field("startLine", line);
    if (column > 0) json.field("startColumn", column);
    if (!snippet.empty()) write_message(json, "snippet", snippet);
    json.end_object().end_object();
}

bool on_patch(const Finding& finding) {
    return !finding.patch_file.empty() && finding.patch_line > 0;
}

namespace {

void write_related_one(JsonWriter& json, std::size_t id, const RelatedLocation& related) {
    json.begin_object().field("id", static_cast<std::int64_t>(id));
    write_location(json, related.path, related.line, related.column, {});
    write_message(json, "message", related.message);
    json.end_object();
}

}  // namespace

void write_related_locations(JsonWriter& json, const Finding& finding) {
    if (finding.related.empty() && !on_patch(finding)) return;
    json.key("relatedLocations").begin_array();
    for (std::size_t i = 0; i < finding.related.size(); ++i)
        write_related_one(json, i, finding.related[i]);
    if (on_patch(finding))
        write_related_one(json, finding.related.size(),
                          {finding.path, finding.line, finding.column,
                           "the flagged line in the series result, added by " + finding.patch});
    json.end_array();
}

void write_primary(JsonWriter& json, const Finding& finding) {
    json.key("locations").begin_array().begin_object();
    if (on_patch(finding))
        write_location(json, finding.patch_file, finding.patch_line, 0, {});
    else
        write_location(json, finding.path, finding.line, finding.column, finding.source_line);
    json.end_object().end_array();
}

std::string message_of(const Finding& finding) {
    if (!on_patch(finding)) return finding.message;
    return fmt::format("{} ({}:{})", finding.message, finding.path, finding.line);
}

}  // namespace patchbay
