#include "tool/printable_message.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(PrintableMessage, ShortMessageIsKeptWhole) {
    EXPECT_EQ(printable_message("patchbay.toml:3: 'series.fuzz' must be an integer"),
              "patchbay.toml:3: 'series.fuzz' must be an integer");
}

TEST(PrintableMessage, ControlBytesAreShownEscaped) {
    EXPECT_EQ(printable_message("a\nb\x1b[31m\x7f"), "a\\x0ab\\x1b[31m\\x7f");
}

// Issue #27 item 12: a message quoting a 10 MB value was cut at 1,021 bytes and lost its
// reason. The middle goes; the place and the reason stay.
TEST(PrintableMessage, HugeValueLosesItsMiddleNotItsReason) {
    const std::string message =
        "patchbay.toml:2: [upstream] path '" + std::string(10 << 20, 'x') + "' does not exist";
    const std::string printed = printable_message(message);
    EXPECT_LT(printed.size(), 1100u);
    EXPECT_TRUE(printed.starts_with("patchbay.toml:2: [upstream] path 'xxx")) << printed;
    EXPECT_TRUE(printed.ends_with("xxx' does not exist")) << printed;
    EXPECT_NE(printed.find("…(10,485,810 bytes)…"), std::string::npos) << printed;
}

}  // namespace
}  // namespace patchbay
