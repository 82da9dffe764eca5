#pragma once
// Git's blob id of some bytes: the SHA-1 of "blob <size>\0" followed by the bytes.

#include <git2.h>

#include <string_view>

namespace patchbay {

// Computed by OpenSSL, which uses the CPU's SHA instructions where there are some: libgit2's
// collision-detecting SHA-1 costs about what inflating the blob costs, and a blob id that is
// cheaper to compute than the blob is to read is what lets a checkout's file stand in for it.
git_oid blob_oid(std::string_view bytes);

}  // namespace patchbay
