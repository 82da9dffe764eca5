#include "config/toml_text.hpp"

#include <gtest/gtest.h>

#include "config/config.hpp"

namespace patchbay {
namespace {

// Quotes, a backslash, a newline, a tab and the control byte 0x01.
const std::string kAwkward = std::string("a\"b\\c\nd\te") + '\x01' + "f";

TEST(TomlQuoted, WritesOrdinaryTextInDoubleQuotesAsItWas) {
    EXPECT_EQ(toml_quoted("v0.28.0"), "\"v0.28.0\"");
    EXPECT_EQ(toml_quoted(""), "\"\"");
    EXPECT_EQ(toml_quoted("**/*.py"), "\"**/*.py\"");
    EXPECT_EQ(toml_quoted("it's caf\xc3\xa9"), "\"it's caf\xc3\xa9\"");
}

TEST(TomlQuoted, EscapesQuotesBackslashesAndControlCharacters) {
    EXPECT_EQ(toml_quoted(kAwkward), R"("a\"b\\c\nd\te\u0001f")");
}

TEST(TomlQuoted, TomlPlusPlusReadsTheTextBack) {
    auto config =
        parse_config("[upstream]\nrev = " + toml_quoted(kAwkward) + "\n", "patchbay.toml");
    ASSERT_TRUE(config.ok()) << config.error().located();
    EXPECT_EQ(config->rev, kAwkward);
}

}  // namespace
}  // namespace patchbay
