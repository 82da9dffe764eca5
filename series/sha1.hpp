#pragma once
// SHA-1 (FIPS 180-4), for git's object ids. On CPUs with the SHA extensions (Intel since Ice
// Lake and Goldmont, AMD since Zen) the compression runs on those instructions, as fast as
// OpenSSL's; elsewhere on a portable version. patchbay used OpenSSL 3's libcrypto for this one
// function, and its first use in a process set the library up (name tables of every cipher and
// digest, its configuration file, a provider fetch, locks per context): 2.5 ms of CPU in a
// check-series that takes 17 (bench/RESULTS.md, round 6).

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace patchbay {

class Sha1 {
  public:
    enum class Engine { fastest, portable };  // portable: for testing one against the other
    using Digest = std::array<std::uint8_t, 20>;

    explicit Sha1(Engine engine = Engine::fastest);
    void update(std::string_view bytes);
    Digest finish();  // once

    // Whether Engine::fastest uses the CPU's SHA instructions here.
    static bool uses_sha_instructions();

  private:
    void compress(const std::uint8_t* blocks, std::size_t count);

    std::array<std::uint32_t, 5> state_;
    std::array<std::uint8_t, 64> pending_{};
    std::size_t pending_size_ = 0;
    std::uint64_t total_ = 0;
    bool sha_instructions_;
};

}  // namespace patchbay
