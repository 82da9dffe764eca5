#include "common/json_writer.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(JsonWriter, WritesNestedContainersWithCommas) {
    JsonWriter json;
    json.begin_object().field("a", 1).key("b").begin_array().value("x").value(true).null();
    json.end_array().field("c", std::int64_t{-3}).end_object();
    EXPECT_EQ(json.str(), R"({"a":1,"b":["x",true,null],"c":-3})");
}

TEST(JsonWriter, SpacesSeparatorsAndBreaksTheContainersAsked) {
    JsonWriter json(JsonSpacing::spaced);
    json.begin_object(JsonBreak::each_element).field("a", 1).key("b").begin_array();
    json.value("x").begin_object().field("y", true).end_object().end_array();
    json.key("c").begin_array(JsonBreak::each_element).value(2).value(3).end_array();
    json.key("d").begin_array(JsonBreak::each_element).end_array().end_object();
    EXPECT_EQ(json.str(),
              "{\n  \"a\": 1,\n  \"b\": [\"x\", {\"y\": true}],\n  \"c\": [\n    2,\n    3\n  ],"
              "\n  \"d\": []\n}");
}

TEST(JsonWriter, EscapesQuotesBackslashesAndControlCharacters) {
    EXPECT_EQ(json_escape("a\"b\\c\nd\te\x01"), "a\\\"b\\\\c\\nd\\te\\u0001");
}

TEST(JsonWriter, KeepsValidUtf8AndReplacesInvalidBytes) {
    EXPECT_EQ(json_escape("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"),
              "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
    EXPECT_EQ(json_escape("bad\xff\xfe.py"), "bad\\ufffd\\ufffd.py");
    EXPECT_EQ(json_escape("\xc3\x28"), "\\ufffd(");        // a lead byte without its tail
    EXPECT_EQ(json_escape("\xc0\xaf"), "\\ufffd\\ufffd");  // overlong '/'
    EXPECT_EQ(json_escape("\xed\xa0\x80"), "\\ufffd\\ufffd\\ufffd");  // a surrogate
    EXPECT_EQ(json_escape("\xe2\x82"), "\\ufffd\\ufffd");             // truncated at the end
}

}  // namespace
}  // namespace patchbay
