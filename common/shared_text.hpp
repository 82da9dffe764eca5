#pragma once
// A file's bytes, read-only and shared: copying a SharedText copies a pointer, never the
// bytes. The pristine source's cache, the running tree state, each applied step and the
// reverse check all hold the same file; with plain strings a series that touched 5 MB of
// files copied them eight times, and the fresh pages cost more than applying the hunks.
// The bytes are a string's or a mapped file's (series/mapped_file.hpp): whatever holds them
// is kept alive by every copy.

#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace patchbay {

class SharedText {
  public:
    SharedText() = default;
    SharedText(std::string text);  // NOLINT: implicit, a string is the usual way in
    SharedText(const char* text) : SharedText(std::string(text)) {}  // NOLINT: implicit
    // `bytes` stay valid while `owner` lives.
    SharedText(std::shared_ptr<const void> owner, std::string_view bytes)
        : owner_(std::move(owner)), bytes_(bytes) {}

    std::string_view view() const { return bytes_; }
    operator std::string_view() const { return bytes_; }     // NOLINT: implicit on purpose
    std::string str() const { return std::string(bytes_); }  // a copy

    const char* data() const { return bytes_.data(); }
    std::size_t size() const { return bytes_.size(); }
    bool empty() const { return bytes_.empty(); }

    friend bool operator==(const SharedText& a, const SharedText& b) {
        return a.bytes_.data() == b.bytes_.data() ? a.bytes_.size() == b.bytes_.size()
                                                  : a.bytes_ == b.bytes_;
    }
    friend bool operator==(const SharedText& a, std::string_view b) { return a.bytes_ == b; }
    friend bool operator==(const SharedText& a, const std::string& b) { return a.bytes_ == b; }
    friend bool operator==(const SharedText& a, const char* b) { return a.bytes_ == b; }
    friend std::ostream& operator<<(std::ostream& out, const SharedText& text) {
        return out << text.bytes_;
    }

  private:
    std::shared_ptr<const void> owner_;
    std::string_view bytes_;
};

}  // namespace patchbay
