#pragma once
// The text a file becomes while its hunks are applied, kept as pieces: runs of lines of the
// text it is patched from, by reference, and copies of the hunks' new lines. Nothing is
// written out whole (common/shared_text.hpp says why). Given the text the caller expects (the
// state before a patch, when the patch is undone to check it reverses), it only compares while
// the output agrees, and keeps pieces only from where it departs.
//
// Each piece but the last ends with "\n": a line is never cut between two pieces, so the
// next patch can split the text into lines piece by piece.

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/shared_text.hpp"

namespace patchbay {

class PatchedText {
  public:
    // Pieces appended come from `source`, which the result keeps alive; `expected` (may be
    // null) must outlive this object. `copies` is how many bytes are likely to be copied: room
    // for them is made at the first copy.
    PatchedText(const SharedText& source, const SharedText* expected, std::size_t copies = 0);

    // Bytes of `source`, kept by reference.
    void append(std::string_view piece) { add(piece, false); }
    // Bytes that live elsewhere (a hunk's line), copied.
    void append_copy(std::string_view bytes) { add(bytes, true); }

    // A point to come back to when a hunk fails half way.
    struct Mark {
        std::size_t size = 0;
        bool following = false;
    };
    Mark mark() const { return {size(), following_}; }
    void restore(Mark mark);

    // Whether everything appended is exactly the expected text.
    bool is_expected() const { return following_ && matched_ == expected_->size(); }
    // The text; empty when is_expected() (the caller has it already).
    SharedText take();

  private:
    std::size_t size() const { return following_ ? matched_ : size_; }
    void add(std::string_view bytes, bool copy);
    bool expected_continues_with(std::string_view bytes);
    void depart();
    void keep(std::string_view bytes, bool copy);
    std::string_view copied(std::string_view first, std::string_view second = {});
    void truncate(std::size_t size);

    std::shared_ptr<const void> source_alive_;
    const SharedText* expected_;
    bool following_;
    std::size_t matched_ = 0;  // bytes of the expected text matched while following
    // Where the expected text's piece holding byte `matched_` (or a byte before it) starts.
    std::size_t expected_piece_ = 0;
    std::size_t expected_piece_start_ = 0;

    std::vector<std::string_view> pieces_;  // once departed
    std::size_t size_ = 0;
    // The copies, made at the first: each chunk's capacity is reserved up front, so appending
    // never moves it.
    std::shared_ptr<std::vector<std::unique_ptr<std::string>>> chunks_;
    std::size_t first_chunk_;
};

}  // namespace patchbay
