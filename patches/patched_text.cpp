#include "patches/patched_text.hpp"

namespace patchbay {

PatchedText::PatchedText(std::string_view expected, bool has_expected, std::size_t reserve)
    : expected_(expected), following_(has_expected) {
    if (!following_) built_.reserve(reserve);
}

void PatchedText::append(std::string_view piece) {
    if (following_) {
        if (expected_.substr(matched_, piece.size()) == piece) {
            matched_ += piece.size();
            return;
        }
        depart();
    }
    built_ += piece;
}

// From here on the text is built: it starts with what matched so far.
void PatchedText::depart() {
    built_.reserve(expected_.size());
    built_.assign(expected_.substr(0, matched_));
    following_ = false;
}

void PatchedText::restore(Mark mark) {
    if (mark.following && !following_) {  // departed after the mark: follow again
        built_.clear();
        following_ = true;
    }
    if (following_)
        matched_ = mark.size;
    else
        built_.resize(mark.size);
}

std::string PatchedText::take() {
    if (is_expected()) return {};
    if (following_) depart();  // a proper prefix of the expected text
    return std::move(built_);
}

}  // namespace patchbay
