#pragma once
// SHA-256 through OpenSSL's libcrypto: pristine-tree manifests and cache keys.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace patchbay {

using Sha256Digest = std::array<std::uint8_t, 32>;

Sha256Digest sha256(std::string_view bytes);

// Lower-case hex, as `sha256sum` prints it.
std::string sha256_hex(std::string_view bytes);

// Lower-case hex of any digest.
std::string to_hex(std::span<const std::uint8_t> digest);

}  // namespace patchbay
