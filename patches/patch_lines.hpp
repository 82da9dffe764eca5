#pragma once
// The patch file as one array of lines, read through a switch that GNU patch flips per file
// section when its headers end in "\r\n" ("Stripping trailing CRs from patch").

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace patchbay {

class PatchLines {
  public:
    explicit PatchLines(std::string_view text);

    std::size_t size() const { return lines_.size(); }
    bool at_end(std::size_t index) const { return index >= lines_.size(); }
    // The line without "\n", and without the "\r" before it while CRs are stripped; "" past the
    // end.
    std::string_view content(std::size_t index) const;
    bool terminated(std::size_t index) const;
    // content() plus "\n" when the line had one.
    std::string text(std::size_t index) const;
    bool starts_with(std::size_t index, std::string_view prefix) const;
    bool ends_in_crlf(std::size_t index) const;
    // Byte offset of the line in the patch text (the text's size past the end).
    std::size_t offset(std::size_t index) const;

    void strip_trailing_cr(bool on) { strip_cr_ = on; }

  private:
    std::string_view text_;
    std::vector<std::string_view> lines_;
    bool strip_cr_ = false;
};

// Errors name lines 1-based.
inline std::int64_t line_number(std::size_t index) {
    return static_cast<std::int64_t>(index) + 1;
}

}  // namespace patchbay
