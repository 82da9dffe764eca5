#pragma once
// A small streaming JSON writer: enough for our reports and the files we write for other tools,
// with correct string escaping.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace patchbay {

// The separators: `{"a":1,"b":2}` (the reports) or `{"a": 1, "b": 2}` (a file people read).
enum class JsonSpacing { compact, spaced };

// Where a container breaks: nowhere, or before each element (indented two spaces per level
// open) and before its closing bracket.
enum class JsonBreak { none, each_element };

class JsonWriter {
  public:
    JsonWriter() = default;
    explicit JsonWriter(JsonSpacing spacing) : spacing_(spacing) {}

    JsonWriter& begin_object(JsonBreak breaks = JsonBreak::none);
    JsonWriter& end_object();
    JsonWriter& begin_array(JsonBreak breaks = JsonBreak::none);
    JsonWriter& end_array();
    JsonWriter& key(std::string_view name);
    JsonWriter& value(std::string_view text);
    JsonWriter& value(const char* text) { return value(std::string_view(text)); }
    JsonWriter& value(std::int64_t number);
    JsonWriter& value(int number) { return value(static_cast<std::int64_t>(number)); }
    JsonWriter& value(double number);
    JsonWriter& value(bool flag);
    JsonWriter& null();

    template <class T>
    JsonWriter& field(std::string_view name, const T& v) {
        key(name);
        return value(v);
    }

    const std::string& str() const { return out_; }

  private:
    struct Container {
        bool first = true;  // no element written yet
        JsonBreak breaks = JsonBreak::none;
    };

    void separate();
    void open(char bracket, JsonBreak breaks);
    void close(char bracket);
    void new_line(std::size_t depth);

    JsonSpacing spacing_ = JsonSpacing::compact;
    std::string out_;
    std::vector<Container> open_;
    bool after_key_ = false;
};

std::string json_escape(std::string_view text);

}  // namespace patchbay
