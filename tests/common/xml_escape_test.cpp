#include "common/xml_escape.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(XmlEscape, EscapesMarkupAndReplacesForbiddenControlCharacters) {
    EXPECT_EQ(xml_escape("a<b>&\"c\"\n\td\x01"), "a&lt;b&gt;&amp;&quot;c&quot;\n\td?");
}

}  // namespace
}  // namespace patchbay
