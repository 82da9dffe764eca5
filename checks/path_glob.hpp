#pragma once
// Glob patterns over "/"-separated paths, as in [audit].include: "*" and "?" never cross a
// "/", "**/" matches any number of folders (also none), "[abc]" is a character class.

#include <string>
#include <string_view>
#include <vector>

namespace patchbay {

bool glob_match(std::string_view pattern, std::string_view path);
bool matches_any(const std::vector<std::string>& patterns, std::string_view path);

}  // namespace patchbay
