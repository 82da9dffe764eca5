#pragma once
// A file's bytes, read-only and shared: copying a SharedText copies a pointer, never the
// bytes. The pristine source's cache, the running tree state, each applied step and the
// reverse check all hold the same file; with plain strings a series that touched 5 MB of
// files copied them eight times, and the fresh pages cost more than applying the hunks.

#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace patchbay {

class SharedText {
  public:
    SharedText() = default;
    SharedText(std::string text)  // NOLINT: implicit, a string is the usual way in
        : text_(std::make_shared<const std::string>(std::move(text))) {}
    SharedText(const char* text) : SharedText(std::string(text)) {}  // NOLINT: implicit

    const std::string& str() const { return text_ ? *text_ : nothing(); }
    operator const std::string&() const { return str(); }  // NOLINT: implicit on purpose
    operator std::string_view() const { return str(); }    // NOLINT: implicit on purpose

    const char* data() const { return str().data(); }
    std::size_t size() const { return str().size(); }
    bool empty() const { return str().empty(); }

    friend bool operator==(const SharedText& a, const SharedText& b) {
        return a.text_ == b.text_ || a.str() == b.str();
    }
    friend bool operator==(const SharedText& a, std::string_view b) { return a.str() == b; }
    friend bool operator==(const SharedText& a, const std::string& b) { return a.str() == b; }
    friend bool operator==(const SharedText& a, const char* b) { return a.str() == b; }
    friend std::ostream& operator<<(std::ostream& out, const SharedText& text) {
        return out << text.str();
    }

  private:
    static const std::string& nothing();

    std::shared_ptr<const std::string> text_;
};

}  // namespace patchbay
