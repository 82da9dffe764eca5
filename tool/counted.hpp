#pragma once
// Counts in report sentences: "1 file", "3 files", "2 entries".

#include <string>

namespace patchbay {

// `count` and the noun, with an "s" unless the count is one.
std::string counted(int count, const char* noun);
// `count` and the singular or the plural given, for nouns that do not take an "s".
std::string counted(int count, const char* singular, const char* plural);

}  // namespace patchbay
