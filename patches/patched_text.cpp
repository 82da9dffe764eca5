#include "patches/patched_text.hpp"

#include <algorithm>

namespace patchbay {

namespace {

// Chunks for the copies, past the first, double: most patched files get a few lines, and a
// series applies thousands of them.
constexpr std::size_t kFirstChunk = 256;
constexpr std::size_t kLargestChunk = 64 * 1024;

}  // namespace

PatchedText::PatchedText(const SharedText& source, const SharedText* expected, std::size_t copies)
    : source_alive_(source.keep_alive()),
      expected_(expected),
      following_(expected != nullptr),
      first_chunk_(copies > 0 ? copies : kFirstChunk) {}

void PatchedText::add(std::string_view bytes, bool copy) {
    if (bytes.empty()) return;
    if (following_) {
        if (expected_continues_with(bytes)) {
            matched_ += bytes.size();
            return;
        }
        depart();
    }
    keep(bytes, copy);
}

// Compares from byte `matched_` of the expected text on, across its pieces.
bool PatchedText::expected_continues_with(std::string_view bytes) {
    if (matched_ + bytes.size() > expected_->size()) return false;
    const auto pieces = expected_->pieces();
    if (matched_ < expected_piece_start_) expected_piece_ = 0, expected_piece_start_ = 0;
    while (expected_piece_start_ + pieces[expected_piece_].size() <= matched_)
        expected_piece_start_ += pieces[expected_piece_++].size();
    std::size_t piece = expected_piece_;
    std::size_t at = matched_ - expected_piece_start_;
    while (!bytes.empty()) {
        const std::size_t n = std::min(bytes.size(), pieces[piece].size() - at);
        if (pieces[piece].substr(at, n) != bytes.substr(0, n)) return false;
        bytes.remove_prefix(n);
        ++piece, at = 0;
    }
    return true;
}

// From here on the pieces are kept: they start with what matched so far.
void PatchedText::depart() {
    pieces_.assign(expected_->pieces().begin(), expected_->pieces().end());
    size_ = expected_->size();
    truncate(matched_);
    following_ = false;
}

// Appends `bytes`, first mending the line the last piece left open: that line and the head of
// `bytes` are copied together into one piece.
void PatchedText::keep(std::string_view bytes, bool copy) {
    size_ += bytes.size();
    if (!pieces_.empty() && !pieces_.back().ends_with('\n')) {
        std::string_view& last = pieces_.back();
        const auto line_start = last.rfind('\n');
        const auto open = line_start == std::string_view::npos ? last : last.substr(line_start + 1);
        last.remove_suffix(open.size());
        if (last.empty()) pieces_.pop_back();
        const auto newline = bytes.find('\n');
        const auto head = newline == std::string_view::npos ? bytes : bytes.substr(0, newline + 1);
        pieces_.push_back(copied(open, head));
        bytes.remove_prefix(head.size());
        if (bytes.empty()) return;
    }
    if (copy) bytes = copied(bytes);
    if (!pieces_.empty() && pieces_.back().data() + pieces_.back().size() == bytes.data())
        pieces_.back() =
            std::string_view(pieces_.back().data(), pieces_.back().size() + bytes.size());
    else
        pieces_.push_back(bytes);
}

std::string_view PatchedText::copied(std::string_view first, std::string_view second) {
    const std::size_t size = first.size() + second.size();
    if (!chunks_) chunks_ = std::make_shared<std::vector<std::unique_ptr<std::string>>>();
    if (chunks_->empty() || chunks_->back()->capacity() - chunks_->back()->size() < size) {
        const std::size_t room = chunks_->empty()
                                     ? first_chunk_
                                     : std::min(2 * chunks_->back()->capacity(), kLargestChunk);
        chunks_->push_back(std::make_unique<std::string>());
        chunks_->back()->reserve(std::max(room, size));
    }
    std::string& chunk = *chunks_->back();
    const std::size_t start = chunk.size();
    chunk.append(first).append(second);
    return std::string_view(chunk).substr(start, size);
}

void PatchedText::truncate(std::size_t size) {
    while (size_ > size) {
        const std::size_t excess = size_ - size;
        if (pieces_.back().size() <= excess) {
            size_ -= pieces_.back().size();
            pieces_.pop_back();
        } else {
            pieces_.back().remove_suffix(excess);
            size_ = size;
        }
    }
}

void PatchedText::restore(Mark mark) {
    if (mark.following && !following_) {  // departed after the mark: follow again
        pieces_.clear();
        size_ = 0;
        following_ = true;
    }
    if (following_)
        matched_ = mark.size;
    else
        truncate(mark.size);
}

SharedText PatchedText::take() {
    if (is_expected()) return {};
    if (following_) depart();  // a proper prefix of the expected text
    std::vector<std::shared_ptr<const void>> owners{source_alive_};
    if (chunks_) owners.push_back(chunks_);
    if (expected_) owners.push_back(expected_->keep_alive());
    return SharedText::spliced(std::move(pieces_), std::move(owners));
}

}  // namespace patchbay
