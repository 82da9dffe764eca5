#pragma once
// Makes one repository's objects part of another, the way `git clone --local` does: pack files
// and loose objects are hard-linked (copied where a link is refused, e.g. across file systems),
// so the new repository needs nothing of the old one afterwards (no alternates file).

#include <filesystem>

#include "common/result.hpp"

namespace patchbay {

// Links every pack and loose object of `from` (an objects folder), and of the object folders
// its info/alternates names, into the objects folder `to`. Objects already in `to` are kept.
Status seed_objects(const std::filesystem::path& from, const std::filesystem::path& to);

}  // namespace patchbay
