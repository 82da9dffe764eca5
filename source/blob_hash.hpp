#pragma once
// Git's blob id of some bytes (SHA-1 of "blob <size>\0" and the bytes), computed by libgit2.

#include <git2.h>

#include <string_view>

namespace patchbay {

git_oid blob_oid(std::string_view bytes);

}  // namespace patchbay
