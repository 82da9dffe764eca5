#pragma once
// A path as a user names it in a message: relative to the working folder when it lies below it
// ("patches/0006.patch"), whole otherwise.

#include <filesystem>
#include <string>

namespace patchbay {

std::string path_from_here(const std::filesystem::path& path);

}  // namespace patchbay
