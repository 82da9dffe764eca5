#include "common/string_prefix.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(ConsumePrefix, TakesThePrefixOffWhenItIsThere) {
    std::string_view text = "@@ -1 +1 @@";
    EXPECT_TRUE(consume_prefix(text, "@@ "));
    EXPECT_EQ(text, "-1 +1 @@");
}

TEST(ConsumePrefix, LeavesTheTextAsItIsOtherwise) {
    std::string_view text = "index abc..def";
    EXPECT_FALSE(consume_prefix(text, "@@ "));
    EXPECT_EQ(text, "index abc..def");
    EXPECT_FALSE(consume_prefix(text, "index abc..def and more"));
    EXPECT_EQ(text, "index abc..def");
}

}  // namespace
}  // namespace patchbay
