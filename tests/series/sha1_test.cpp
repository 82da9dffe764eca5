// SHA-1 against the test vectors of FIPS 180-2 / NIST and against `sha1sum`, on both engines.

#include "series/sha1.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <string>

#include "tests/series/temp_tree.hpp"

namespace patchbay {
namespace {

using Engine = Sha1::Engine;

std::string hex(const Sha1::Digest& digest) {
    std::string text;
    char buffer[3];
    for (auto byte : digest) {
        std::snprintf(buffer, sizeof buffer, "%02x", byte);
        text += buffer;
    }
    return text;
}

std::string sha1_of(const std::string& bytes, Engine engine, std::size_t piece = 0) {
    Sha1 sha1(engine);
    if (piece == 0) {
        sha1.update(bytes);
    } else {
        for (std::size_t at = 0; at < bytes.size(); at += piece)
            sha1.update(std::string_view(bytes).substr(at, piece));
    }
    return hex(sha1.finish());
}

TEST(Sha1, TheStandardTestVectors) {
    for (auto engine : {Engine::fastest, Engine::portable}) {
        EXPECT_EQ(sha1_of("", engine), "da39a3ee5e6b4b0d3255bfef95601890afd80709");
        EXPECT_EQ(sha1_of("abc", engine), "a9993e364706816aba3e25717850c26c9cd0d89d");
        EXPECT_EQ(sha1_of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", engine),
                  "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
        EXPECT_EQ(sha1_of(std::string(1000000, 'a'), engine),
                  "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
    }
}

// Every length around the block and padding edges (55, 56, 63, 64 bytes …), fed whole and in
// pieces of odd sizes; `sha1sum` is the oracle for one of them.
TEST(Sha1, EveryLengthAgreesWithSha1sumAndBetweenEngines) {
    std::mt19937 random(11);
    std::string bytes;
    patchbay::testing::TempTree tree;
    for (std::size_t size = 0; size < 300; ++size) {
        const std::string fastest = sha1_of(bytes, Engine::fastest);
        EXPECT_EQ(sha1_of(bytes, Engine::portable), fastest) << size;
        EXPECT_EQ(sha1_of(bytes, Engine::fastest, 7), fastest) << size;
        EXPECT_EQ(sha1_of(bytes, Engine::portable, 64), fastest) << size;
        if (size % 37 == 0 || size == 55 || size == 56 || size == 64) {
            tree.write("f", bytes);
            EXPECT_EQ(tree.run("sha1sum f | cut -c1-40"), fastest) << size;
        }
        bytes += static_cast<char>(random());
    }
}

}  // namespace
}  // namespace patchbay
