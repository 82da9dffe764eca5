#pragma once
// Long values in reports for people. A series line, a patch path or a patch line can be 100 MB
// (tests/hostile); a text report shows such a value by its ends and its size,
// "abc…(104,857,600 bytes)…xyz", so that it costs the report one short line and no copy of
// itself. Machine formats (JSON, JUnit) keep values whole.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace patchbay {

// Names and lines longer than this are elided.
inline constexpr std::size_t kElideLimit = 200;
// A path that a file system can hold (PATH_MAX) stays whole: "path:line:" is a place editors
// and CI logs follow. Only a longer one, which names no file, is elided.
inline constexpr std::size_t kElidePathLimit = 4096;
// A message or a detail: a sentence that quotes values the library has elided already is
// longer than one value, and cutting its middle at kElideLimit would drop the sentence. Only
// one that quotes something whole and huge is cut (stderr elides its messages at this size too).
inline constexpr std::size_t kElideMessageLimit = 1000;

// `text` whole when it has at most `limit` bytes; otherwise its first and last bytes (two
// fifths of `limit` each, cut between UTF-8 characters) around the size of the whole.
std::string elide(std::string_view text, std::size_t limit = kElideLimit);

// Where the 1-based byte `column` of `text` is in elide(text, limit): the same place in a kept
// end, the first byte of the size in between for a byte left out. For a caret under a column.
std::int64_t elided_column(std::string_view text, std::int64_t column,
                           std::size_t limit = kElideLimit);

}  // namespace patchbay
