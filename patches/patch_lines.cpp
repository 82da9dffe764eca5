#include "patches/patch_lines.hpp"

#include "common/text_lines.hpp"

namespace patchbay {

PatchLines::PatchLines(std::string_view text) : text_(text), lines_(split_lines(text)) {}

std::string_view PatchLines::content(std::size_t index) const {
    if (at_end(index)) return {};
    std::string_view line = lines_[index];
    if (!line.ends_with('\n')) return line;
    line.remove_suffix(1);
    if (strip_cr_ && line.ends_with('\r')) line.remove_suffix(1);
    return line;
}

bool PatchLines::terminated(std::size_t index) const {
    return !at_end(index) && lines_[index].ends_with('\n');
}

std::string PatchLines::text(std::size_t index) const {
    std::string line(content(index));
    if (terminated(index)) line += '\n';
    return line;
}

bool PatchLines::starts_with(std::size_t index, std::string_view prefix) const {
    return content(index).starts_with(prefix);
}

bool PatchLines::ends_in_crlf(std::size_t index) const {
    return !at_end(index) && lines_[index].ends_with("\r\n");
}

std::size_t PatchLines::offset(std::size_t index) const {
    if (at_end(index)) return text_.size();
    return static_cast<std::size_t>(lines_[index].data() - text_.data());
}

}  // namespace patchbay
