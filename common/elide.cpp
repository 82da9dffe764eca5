#include "common/elide.hpp"

#include "common/group_thousands.hpp"

namespace patchbay {

namespace {

bool continues_utf8(char c) {
    return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

struct Ends {
    std::size_t head = 0;  // bytes kept at the start
    std::size_t tail = 0;  // offset of the first byte kept at the end
};

// The kept ends of a text longer than `limit`, never inside a UTF-8 character.
Ends kept_ends(std::string_view text, std::size_t limit) {
    const std::size_t keep = limit * 2 / 5;
    Ends ends{keep, text.size() - keep};
    while (ends.head > 0 && continues_utf8(text[ends.head])) --ends.head;
    while (ends.tail < text.size() && continues_utf8(text[ends.tail])) ++ends.tail;
    return ends;
}

std::string size_marker(std::size_t size) {
    return "…(" + group_thousands(static_cast<std::int64_t>(size)) + " bytes)…";
}

}  // namespace

std::string elide(std::string_view text, std::size_t limit) {
    if (text.size() <= limit) return std::string(text);
    const Ends ends = kept_ends(text, limit);
    std::string out(text.substr(0, ends.head));
    out += size_marker(text.size());
    out += text.substr(ends.tail);
    return out;
}

std::int64_t elided_column(std::string_view text, std::int64_t column, std::size_t limit) {
    if (text.size() <= limit || column < 1) return column;
    const Ends ends = kept_ends(text, limit);
    const auto head = static_cast<std::int64_t>(ends.head);
    const auto tail = static_cast<std::int64_t>(ends.tail);
    if (column <= head) return column;
    if (column <= tail) return head + 1;
    const auto marker = static_cast<std::int64_t>(size_marker(text.size()).size());
    return head + marker + (column - tail);
}

}  // namespace patchbay
