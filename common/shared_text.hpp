#pragma once
// A file's bytes, read-only and shared: copying a SharedText copies a pointer, never the
// bytes. The pristine source's cache, the running tree state, each applied step and the
// reverse check all hold the same file; with plain strings a series that touched 5 MB of
// files copied them eight times, and the fresh pages cost more than applying the hunks.
// The bytes are a string's or an owner's (a block of common/text_arena.hpp):
// whatever holds them is kept alive by every copy.
//
// A patched file is spliced: pieces of the text it was patched from with the hunks' new lines
// between them. Writing it out whole cost more than everything else check-series does on the
// main thread (fresh pages, faulted in one by one), and most patched files are only read again
// line by line. The pieces are joined into one buffer only when someone asks for contiguous
// bytes (view(), data(), str()), once, whichever thread asks first.

#include <memory>
#include <mutex>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace patchbay {

class SharedText {
  public:
    SharedText() = default;
    SharedText(std::string text);  // NOLINT: implicit, a string is the usual way in
    SharedText(const char* text) : SharedText(std::string(text)) {}  // NOLINT: implicit
    // `bytes` stay valid while `owner` lives (a null owner: the caller keeps them alive).
    SharedText(std::shared_ptr<const void> owner, std::string_view bytes)
        : owner_(std::move(owner)), bytes_(bytes) {}
    // The concatenation of `pieces`, each valid while one of `owners` lives.
    static SharedText spliced(std::vector<std::string_view> pieces,
                              std::vector<std::shared_ptr<const void>> owners);

    std::string_view view() const { return splice_ ? joined() : bytes_; }
    operator std::string_view() const { return view(); }     // NOLINT: implicit on purpose
    std::string str() const { return std::string(view()); }  // a copy

    const char* data() const { return view().data(); }
    std::size_t size() const { return splice_ ? splice_->size : bytes_.size(); }
    bool empty() const { return size() == 0; }

    // The bytes as consecutive pieces, without joining them: none for an empty text, one for
    // a contiguous one.
    std::span<const std::string_view> pieces() const;
    // Keeps every piece alive: for a text spliced from pieces of this one.
    std::shared_ptr<const void> keep_alive() const;

    friend bool operator==(const SharedText& a, const SharedText& b);
    friend bool operator==(const SharedText& a, std::string_view b);
    friend bool operator==(const SharedText& a, const std::string& b) {
        return a == std::string_view(b);
    }
    friend bool operator==(const SharedText& a, const char* b) { return a == std::string_view(b); }
    friend std::ostream& operator<<(std::ostream& out, const SharedText& text);

  private:
    struct Splice {
        std::vector<std::string_view> pieces;
        std::vector<std::shared_ptr<const void>> owners;
        std::size_t size = 0;
        mutable std::once_flag joining;
        mutable std::string joined;
    };
    std::string_view joined() const;

    std::shared_ptr<const void> owner_;
    std::string_view bytes_;
    std::shared_ptr<const Splice> splice_;  // set for a spliced text; then bytes_ is unused
};

}  // namespace patchbay
