#include "rebase/distinctive_words.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(DistinctiveWords, WordsOfFiveOrMoreLettersDigitsOrUnderscores) {
    EXPECT_EQ(words_of("if(len > max_len) return CURLE_BAD; // the limit"),
              (Words{"CURLE_BAD", "limit", "max_len", "return"}));
}

TEST(DistinctiveWords, ANameHasADigitUnderscoreOrCapitalInside) {
    EXPECT_TRUE(name_like("test486"));
    EXPECT_TRUE(name_like("ssh_valid_ruser"));
    EXPECT_TRUE(name_like("dirSlash"));
    EXPECT_FALSE(name_like("supported"));
    EXPECT_FALSE(name_like("Supported")) << "a capital first is a sentence's start";
}

}  // namespace
}  // namespace patchbay
