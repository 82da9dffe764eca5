#pragma once
// Git's blob id of some bytes: SHA-1 of "blob <size>\0" followed by them (series/sha1.hpp: on
// the CPU's SHA instructions where it has them, about 2 GB/s here against about 0.3 GB/s for
// inflating the same blob from a pack), so a file in the work tree can be checked against a
// tree entry faster than the blob can be read.

#include <git2.h>

#include <string_view>

namespace patchbay {

git_oid blob_oid(std::string_view bytes);

}  // namespace patchbay
