#pragma once
// The text a file becomes while its hunks are applied. Given the text the caller expects (the
// state before a patch, when the patch is undone to check it reverses), it only compares while
// the output agrees, and copies only from where it departs: undoing a series then writes no
// second copy of every file it touched.

#include <cstddef>
#include <string>
#include <string_view>

namespace patchbay {

class PatchedText {
  public:
    // `expected` (used when `has_expected`) must outlive this object; `reserve` is the size to
    // reserve when building from the start.
    PatchedText(std::string_view expected, bool has_expected, std::size_t reserve);

    void append(std::string_view piece);

    // A point to come back to when a hunk fails half way.
    struct Mark {
        std::size_t size = 0;
        bool following = false;
    };
    Mark mark() const { return {size(), following_}; }
    void restore(Mark mark);

    // Whether everything appended is exactly the expected text.
    bool is_expected() const { return following_ && matched_ == expected_.size(); }
    // The text; empty when is_expected() (the caller has it already).
    std::string take();

  private:
    std::size_t size() const { return following_ ? matched_ : built_.size(); }
    void depart();

    std::string_view expected_;
    bool following_;
    std::size_t matched_ = 0;  // bytes of expected_ matched while following
    std::string built_;
};

}  // namespace patchbay
