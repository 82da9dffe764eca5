#pragma once
// Git's blob id of some bytes: the SHA-1 of "blob <size>\0" followed by the bytes. Computed by
// OpenSSL, which uses the CPU's SHA instructions where there are some: libgit2's
// collision-detecting SHA-1 costs about what inflating the blob costs, and an id that is cheaper
// to compute than the blob is to read is what lets a checkout's file stand in for it.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace patchbay {

using GitBlobId = std::array<std::uint8_t, 20>;

GitBlobId git_blob_id(std::string_view bytes);

// Lower-case hex, as git prints it.
std::string git_blob_id_hex(std::string_view bytes);

}  // namespace patchbay
