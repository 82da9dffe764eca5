#include "common/shared_text.hpp"

#include <algorithm>

namespace patchbay {

namespace {

// Whether two runs of pieces hold the same bytes, however each is cut.
bool same_bytes(std::span<const std::string_view> a, std::span<const std::string_view> b) {
    std::size_t i = 0, j = 0, at_a = 0, at_b = 0;
    while (i < a.size() && j < b.size()) {
        const std::size_t n = std::min(a[i].size() - at_a, b[j].size() - at_b);
        if (a[i].substr(at_a, n) != b[j].substr(at_b, n)) return false;
        at_a += n, at_b += n;
        if (at_a == a[i].size()) ++i, at_a = 0;
        if (at_b == b[j].size()) ++j, at_b = 0;
    }
    return true;  // the caller compared the sizes
}

}  // namespace

SharedText::SharedText(std::string text) {
    auto owned = std::make_shared<const std::string>(std::move(text));
    bytes_ = *owned;
    owner_ = std::move(owned);
}

SharedText SharedText::spliced(std::vector<std::string_view> pieces,
                               std::vector<std::shared_ptr<const void>> owners) {
    std::erase_if(pieces, [](std::string_view piece) { return piece.empty(); });
    SharedText text;
    if (pieces.size() == 1) {
        text.owner_ =
            std::make_shared<const std::vector<std::shared_ptr<const void>>>(std::move(owners));
        text.bytes_ = pieces.front();
    } else if (pieces.size() > 1) {
        auto splice = std::make_shared<Splice>();
        for (auto piece : pieces) splice->size += piece.size();
        splice->pieces = std::move(pieces);
        splice->owners = std::move(owners);
        text.splice_ = std::move(splice);
    }
    return text;
}

std::span<const std::string_view> SharedText::pieces() const {
    if (splice_) return splice_->pieces;
    if (bytes_.empty()) return {};
    return {&bytes_, 1};
}

std::shared_ptr<const void> SharedText::keep_alive() const {
    if (splice_) return splice_;
    return owner_;
}

std::string_view SharedText::joined() const {
    std::call_once(splice_->joining, [splice = splice_.get()] {
        splice->joined.reserve(splice->size);
        for (auto piece : splice->pieces) splice->joined += piece;
    });
    return splice_->joined;
}

bool operator==(const SharedText& a, const SharedText& b) {
    if (a.size() != b.size()) return false;
    if (!a.splice_ && !b.splice_ && a.bytes_.data() == b.bytes_.data()) return true;
    return same_bytes(a.pieces(), b.pieces());
}

bool operator==(const SharedText& a, std::string_view b) {
    if (a.size() != b.size()) return false;
    const std::string_view whole[] = {b};
    return same_bytes(a.pieces(), b.empty() ? std::span<const std::string_view>() : whole);
}

std::ostream& operator<<(std::ostream& out, const SharedText& text) {
    for (auto piece : text.pieces()) out << piece;
    return out;
}

}  // namespace patchbay
