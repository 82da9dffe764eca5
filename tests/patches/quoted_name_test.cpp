#include "patches/quoted_name.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(UnquoteCName, DecodesEscapesAndReportsLength) {
    auto quoted = unquote_c_name(R"("a/x y\t.py" rest)");
    ASSERT_TRUE(quoted);
    EXPECT_EQ(quoted->name, "a/x y\t.py");
    EXPECT_EQ(quoted->length, 12u);
}

TEST(UnquoteCName, DecodesOctalBytesAndQuotes) {
    auto quoted = unquote_c_name(R"("b/caf\303\251 \"q\" \\")");
    ASSERT_TRUE(quoted);
    EXPECT_EQ(quoted->name, "b/caf\xc3\xa9 \"q\" \\");
}

TEST(UnquoteCName, RejectsUnclosedOrBadEscape) {
    EXPECT_FALSE(unquote_c_name(R"("a/x)"));
    EXPECT_FALSE(unquote_c_name(R"("a/\q")"));
    EXPECT_FALSE(unquote_c_name("a/x"));
}

}  // namespace
}  // namespace patchbay
