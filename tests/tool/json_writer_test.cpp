#include "tool/json_writer.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(JsonWriter, WritesNestedContainersWithCommas) {
    JsonWriter json;
    json.begin_object().field("a", 1).key("b").begin_array().value("x").value(true).null();
    json.end_array().field("c", std::int64_t{-3}).end_object();
    EXPECT_EQ(json.str(), R"({"a":1,"b":["x",true,null],"c":-3})");
}

TEST(JsonWriter, EscapesQuotesBackslashesAndControlCharacters) {
    EXPECT_EQ(json_escape("a\"b\\c\nd\te\x01"), "a\\\"b\\\\c\\nd\\te\\u0001");
}

}  // namespace
}  // namespace patchbay
