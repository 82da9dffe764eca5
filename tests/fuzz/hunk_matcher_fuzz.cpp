// libFuzzer target: a random file and a random hunk, applied the GNU patch way, to the file
// whole and to the file in pieces, one line each (as a patched file is kept): both must agree.
// Input layout: byte 0 = fuzz (low 2 bits) and detect_reversed (bit 2); byte 1 = old start;
// then the file text, a 0xFF byte, and the hunk body, one line per line: its first byte is the
// kind (' ', '-', '+'; anything else: context). A second 0xFF starts a second hunk.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "patches/file_patcher.hpp"

namespace {

using patchbay::Hunk;
using patchbay::HunkLine;
using patchbay::LineKind;

LineKind kind_of(char c) {
    if (c == '-') return LineKind::removed;
    if (c == '+') return LineKind::added;
    return LineKind::context;
}

Hunk hunk_from(std::string_view body, std::int64_t old_start) {
    Hunk hunk;
    std::size_t pos = 0;
    while (pos < body.size()) {
        auto end = body.find('\n', pos);
        auto line = body.substr(pos, end == std::string_view::npos ? end : end - pos + 1);
        pos = end == std::string_view::npos ? body.size() : end + 1;
        hunk.lines.push_back(HunkLine{kind_of(line[0]), std::string(line.substr(1)), 0});
    }
    hunk.old_start = old_start;
    hunk.old_count = hunk.body_old_count();
    hunk.new_start = old_start;
    hunk.new_count = hunk.body_new_count();
    return hunk;
}

// `text` as a spliced text of one piece per line.
patchbay::SharedText line_by_line(const std::string& text) {
    auto owner = std::make_shared<const std::string>(text);
    std::vector<std::string_view> pieces;
    std::string_view rest = *owner;
    while (!rest.empty()) {
        const auto end = rest.find('\n');
        const auto size = end == std::string_view::npos ? rest.size() : end + 1;
        pieces.push_back(rest.substr(0, size));
        rest.remove_prefix(size);
    }
    return patchbay::SharedText::spliced(std::move(pieces), {owner});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    patchbay::PatchOptions options{data[0] & 3, (data[0] & 4) != 0};
    std::int64_t old_start = data[1];
    std::string_view rest(reinterpret_cast<const char*>(data + 2), size - 2);
    auto split = rest.find('\xff');
    if (split == std::string_view::npos) return 0;
    std::string_view file = rest.substr(0, split);
    std::vector<Hunk> hunks;
    for (auto body = rest.substr(split + 1);;) {
        auto next = body.find('\xff');
        hunks.push_back(hunk_from(body.substr(0, next), old_start));
        if (next == std::string_view::npos) break;
        body = body.substr(next + 1);
    }
    const std::string whole(file);
    auto result = patchbay::apply_hunks(whole, hunks, options);
    if (result.hunks.size() != hunks.size()) __builtin_trap();
    auto in_pieces = patchbay::apply_hunks(line_by_line(whole), hunks, options);
    if (!(in_pieces.text == result.text)) __builtin_trap();
    for (std::size_t i = 0; i < hunks.size(); ++i)
        if (in_pieces.hunks[i].status != result.hunks[i].status ||
            in_pieces.hunks[i].line != result.hunks[i].line)
            __builtin_trap();
    return 0;
}
