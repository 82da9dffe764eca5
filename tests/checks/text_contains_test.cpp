#include "checks/text_contains.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(RarestCharacter, PicksTheLetterCodeUsesLeast) {
    EXPECT_EQ(rarest_character("req_to_token"), 2u);  // 'q'
    EXPECT_EQ(rarest_character("block_table"), 4u);   // 'k'
    EXPECT_EQ(rarest_character("VLLM_"), 0u);         // upper case
    EXPECT_EQ(rarest_character("__"), 0u);            // nothing ranked: the first
}

TEST(TextContains, FindsTheNeedleAnywhere) {
    EXPECT_TRUE(text_contains("req_to_token + 1", "req_to_token"));             // at the start
    EXPECT_TRUE(text_contains("x = block_table", "block_table"));               // at the end
    EXPECT_TRUE(text_contains("qq req_to_tokq req_to_token", "req_to_token"));  // after near misses
    EXPECT_TRUE(text_contains("abc", "abc"));
    EXPECT_TRUE(text_contains("abc", ""));
}

TEST(TextContains, NoMatchIsFalse) {
    EXPECT_FALSE(text_contains("req_to_toke", "req_to_token"));  // cut short
    EXPECT_FALSE(text_contains("eq_to_token", "req_to_token"));  // the pivot too near the start
    EXPECT_FALSE(text_contains("", "a"));
    EXPECT_FALSE(text_contains("block table", "block_table"));
}

}  // namespace
}  // namespace patchbay
