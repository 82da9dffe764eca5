#include "series/sha1.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#define PATCHBAY_SHA_NI 1
#endif

namespace patchbay {

namespace {

using State = std::array<std::uint32_t, 5>;

std::uint32_t big_endian_word(const std::uint8_t* bytes) {
    return (std::uint32_t{bytes[0]} << 24) | (std::uint32_t{bytes[1]} << 16) |
           (std::uint32_t{bytes[2]} << 8) | std::uint32_t{bytes[3]};
}

// The round function and constant of round t (FIPS 180-4, 4.1.1 and 4.2.1).
std::uint32_t round_value(int t, std::uint32_t b, std::uint32_t c, std::uint32_t d) {
    if (t < 20) return ((b & c) | (~b & d)) + 0x5a827999u;
    if (t < 40) return (b ^ c ^ d) + 0x6ed9eba1u;
    if (t < 60) return ((b & c) | (b & d) | (c & d)) + 0x8f1bbcdcu;
    return (b ^ c ^ d) + 0xca62c1d6u;
}

void compress_portable(State& state, const std::uint8_t* block) {
    std::uint32_t w[80];
    for (int t = 0; t < 16; ++t) w[t] = big_endian_word(block + 4 * t);
    for (int t = 16; t < 80; ++t) w[t] = std::rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
    std::uint32_t a = state[0], b = state[1], c = state[2], d = state[3], e = state[4];
    for (int t = 0; t < 80; ++t) {
        const std::uint32_t next = std::rotl(a, 5) + round_value(t, b, c, d) + e + w[t];
        e = d, d = c, c = std::rotl(b, 30), b = a, a = next;
    }
    state[0] += a, state[1] += b, state[2] += c, state[3] += d, state[4] += e;
}

#if PATCHBAY_SHA_NI

// The SHA extensions work on four rounds at a time: ABCD in one register (A in the highest
// word), the next four message words with E added to the first, and SHA1MSG1/SHA1MSG2 to
// extend the message four words at a time: W[g] = msg2(msg1(W[g-4], W[g-3]) ^ W[g-2], W[g-1]).
#define PATCHBAY_SHA_TARGET __attribute__((target("sha,sse4.1,ssse3")))

template <int Function>
PATCHBAY_SHA_TARGET void four_rounds(__m128i& abcd, __m128i& before, __m128i* w, int g) {
    __m128i& words = w[g % 4];
    if (g >= 4)
        words = _mm_sha1msg2_epu32(
            _mm_xor_si128(_mm_sha1msg1_epu32(words, w[(g + 1) % 4]), w[(g + 2) % 4]),
            w[(g + 3) % 4]);
    const __m128i e_and_words = _mm_sha1nexte_epu32(before, words);
    before = abcd;
    abcd = _mm_sha1rnds4_epu32(abcd, e_and_words, Function);
}

PATCHBAY_SHA_TARGET void compress_sha_ni(State& state, const std::uint8_t* blocks,
                                         std::size_t count) {
    const __m128i reverse_bytes =
        _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i abcd =
        _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(&state[0])), 0x1b);
    __m128i e = _mm_set_epi32(static_cast<int>(state[4]), 0, 0, 0);
    for (; count > 0; --count, blocks += 64) {
        const __m128i saved_abcd = abcd;
        const __m128i saved_e = e;
        __m128i w[4];
        for (int i = 0; i < 4; ++i)
            w[i] = _mm_shuffle_epi8(
                _mm_loadu_si128(reinterpret_cast<const __m128i*>(blocks + 16 * i)), reverse_bytes);
        // Group 0 takes E as it is; every later group gets it from the ABCD before the last.
        __m128i before = abcd;
        const __m128i first = _mm_add_epi32(e, w[0]);
        abcd = _mm_sha1rnds4_epu32(abcd, first, 0);
        for (int g = 1; g < 5; ++g) four_rounds<0>(abcd, before, w, g);
        for (int g = 5; g < 10; ++g) four_rounds<1>(abcd, before, w, g);
        for (int g = 10; g < 15; ++g) four_rounds<2>(abcd, before, w, g);
        for (int g = 15; g < 20; ++g) four_rounds<3>(abcd, before, w, g);
        e = _mm_sha1nexte_epu32(before, saved_e);
        abcd = _mm_add_epi32(abcd, saved_abcd);
    }
    _mm_storeu_si128(reinterpret_cast<__m128i*>(&state[0]), _mm_shuffle_epi32(abcd, 0x1b));
    state[4] = static_cast<std::uint32_t>(_mm_extract_epi32(e, 3));
}

#endif

}  // namespace

#if PATCHBAY_SHA_NI

namespace {

// CPUID itself: clang's __builtin_cpu_supports knows no "sha". Leaf 7 EBX bit 29 is SHA,
// leaf 1 ECX bits 19 and 9 are SSE4.1 and SSSE3.
bool cpu_has_sha_instructions() {
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (__get_cpuid(1, &a, &b, &c, &d) == 0) return false;
    const bool sse = (c & (1u << 19)) != 0 && (c & (1u << 9)) != 0;
    if (__get_cpuid_count(7, 0, &a, &b, &c, &d) == 0) return false;
    return sse && (b & (1u << 29)) != 0;
}

}  // namespace

#endif

bool Sha1::uses_sha_instructions() {
#if PATCHBAY_SHA_NI
    static const bool supported = cpu_has_sha_instructions();
    return supported;
#else
    return false;
#endif
}

Sha1::Sha1(Engine engine)
    : state_{0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u, 0xc3d2e1f0u},
      sha_instructions_(engine == Engine::fastest && uses_sha_instructions()) {}

void Sha1::compress(const std::uint8_t* blocks, std::size_t count) {
#if PATCHBAY_SHA_NI
    if (sha_instructions_) return compress_sha_ni(state_, blocks, count);
#endif
    for (; count > 0; --count, blocks += 64) compress_portable(state_, blocks);
}

void Sha1::update(std::string_view bytes) {
    const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
    std::size_t size = bytes.size();
    total_ += size;
    if (pending_size_ > 0) {
        const std::size_t taken = std::min(size, 64 - pending_size_);
        std::memcpy(pending_.data() + pending_size_, data, taken);
        pending_size_ += taken, data += taken, size -= taken;
        if (pending_size_ < 64) return;
        compress(pending_.data(), 1);
        pending_size_ = 0;
    }
    compress(data, size / 64);
    std::memcpy(pending_.data(), data + size / 64 * 64, size % 64);
    pending_size_ = size % 64;
}

// Padding: 0x80, zeros up to 56 bytes into the last block, then the length in bits.
Sha1::Digest Sha1::finish() {
    const std::uint64_t bits = total_ * 8;
    std::uint8_t padding[72] = {0x80};
    const std::size_t zeros = (pending_size_ < 56 ? 56 : 120) - pending_size_;
    for (int i = 0; i < 8; ++i)
        padding[zeros + static_cast<std::size_t>(i)] =
            static_cast<std::uint8_t>(bits >> (56 - 8 * i));
    update(std::string_view(reinterpret_cast<const char*>(padding), zeros + 8));
    Digest digest;
    for (std::size_t i = 0; i < 5; ++i)
        for (std::size_t b = 0; b < 4; ++b)
            digest[4 * i + b] = static_cast<std::uint8_t>(state_[i] >> (24 - 8 * b));
    return digest;
}

}  // namespace patchbay
