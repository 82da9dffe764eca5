#include "common/json_writer.hpp"

#include <fmt/format.h>

namespace patchbay {

namespace {

// The length of the well-formed UTF-8 sequence at the start of `text`, or 0 (RFC 3629: no
// overlong forms, no surrogates, nothing past U+10FFFF).
std::size_t utf8_sequence_length(std::string_view text) {
    auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    auto cont = [&](std::size_t i) { return i < text.size() && (byte(i) & 0xC0) == 0x80; };
    unsigned char lead = byte(0);
    if (lead >= 0xC2 && lead <= 0xDF) return cont(1) ? 2 : 0;
    if (lead >= 0xE0 && lead <= 0xEF) {
        if (!cont(1) || !cont(2)) return 0;
        if ((lead == 0xE0 && byte(1) < 0xA0) || (lead == 0xED && byte(1) > 0x9F)) return 0;
        return 3;
    }
    if (lead >= 0xF0 && lead <= 0xF4) {
        if (!cont(1) || !cont(2) || !cont(3)) return 0;
        if ((lead == 0xF0 && byte(1) < 0x90) || (lead == 0xF4 && byte(1) > 0x8F)) return 0;
        return 4;
    }
    return 0;
}

}  // namespace

// JSON text must be UTF-8: a byte that is not part of a well-formed sequence becomes U+FFFD.
std::string json_escape(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 2);
    for (std::size_t i = 0; i < text.size(); ++i) {
        unsigned char c = static_cast<unsigned char>(text[i]);
        if (c >= 0x80) {
            std::size_t length = utf8_sequence_length(text.substr(i));
            out += length == 0 ? std::string_view("\\ufffd") : text.substr(i, length);
            i += length == 0 ? 0 : length - 1;
            continue;
        }
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (c < 0x20)
                    out += fmt::format("\\u{:04x}", c);
                else
                    out += static_cast<char>(c);
        }
    }
    return out;
}

void JsonWriter::separate() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (open_.empty()) return;
    Container& container = open_.back();
    const bool breaks = container.breaks == JsonBreak::each_element;
    if (!container.first) out_ += spacing_ == JsonSpacing::spaced && !breaks ? ", " : ",";
    container.first = false;
    if (breaks) new_line(open_.size());
}

void JsonWriter::open(char bracket, JsonBreak breaks) {
    separate();
    out_ += bracket;
    open_.push_back({true, breaks});
}

void JsonWriter::close(char bracket) {
    const Container container = open_.back();
    open_.pop_back();
    if (container.breaks == JsonBreak::each_element && !container.first) new_line(open_.size());
    out_ += bracket;
}

void JsonWriter::new_line(std::size_t depth) {
    out_ += '\n';
    out_.append(2 * depth, ' ');
}

JsonWriter& JsonWriter::begin_object(JsonBreak breaks) {
    open('{', breaks);
    return *this;
}

JsonWriter& JsonWriter::end_object() {
    close('}');
    return *this;
}

JsonWriter& JsonWriter::begin_array(JsonBreak breaks) {
    open('[', breaks);
    return *this;
}

JsonWriter& JsonWriter::end_array() {
    close(']');
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
    separate();
    out_ += '"' + json_escape(name) + (spacing_ == JsonSpacing::spaced ? "\": " : "\":");
    after_key_ = true;
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) {
    separate();
    out_ += '"' + json_escape(text) + '"';
    return *this;
}

JsonWriter& JsonWriter::value(std::int64_t number) {
    separate();
    out_ += std::to_string(number);
    return *this;
}

JsonWriter& JsonWriter::value(double number) {
    separate();
    out_ += fmt::format("{}", number);
    return *this;
}

JsonWriter& JsonWriter::value(bool flag) {
    separate();
    out_ += flag ? "true" : "false";
    return *this;
}

JsonWriter& JsonWriter::null() {
    separate();
    out_ += "null";
    return *this;
}

}  // namespace patchbay
