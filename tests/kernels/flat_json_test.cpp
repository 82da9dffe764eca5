#include "kernels/flat_json.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(FlatJson, ReadsTheReproducerLine) {
    auto json = parse_flat_json(
        R"({"placement_equal":false,"max_err_top":null,"max_err_bottom":0,"nan_top":null,)"
        R"("nan_bottom":0,"cuda_error":"cudaErrorIllegalAddress: an illegal memory access was encountered","tolerance":0})");
    ASSERT_TRUE(json.has_value());
    EXPECT_FALSE(json->at("placement_equal").boolean);
    EXPECT_EQ(json->at("placement_equal").kind, JsonValue::Kind::boolean);
    EXPECT_EQ(json->at("max_err_top").kind, JsonValue::Kind::null);
    EXPECT_EQ(json->at("cuda_error").text,
              "cudaErrorIllegalAddress: an illegal memory access was encountered");
    EXPECT_EQ(json->at("max_err_bottom").number, 0.0);
}

TEST(FlatJson, KeepsNestedValuesRawAndUnescapesStrings) {
    auto json = parse_flat_json(R"({"a":[1,{"b":"]"}],"s":"x\"y\\z","n":-1.5e3})");
    ASSERT_TRUE(json.has_value());
    EXPECT_EQ(json->at("a").text, R"([1,{"b":"]"}])");
    EXPECT_EQ(json->at("s").text, "x\"y\\z");
    EXPECT_EQ(json->at("n").number, -1500.0);
}

TEST(FlatJson, RejectsWhatIsNotOneObject) {
    EXPECT_FALSE(parse_flat_json("").has_value());
    EXPECT_FALSE(parse_flat_json("hello").has_value());
    EXPECT_FALSE(parse_flat_json(R"({"a":1} trailing)").has_value());
    EXPECT_FALSE(parse_flat_json(R"({"a":})").has_value());
}

TEST(FlatJson, FindsTheLastJsonLine) {
    std::string raw;
    auto json = last_json_line("{\"first\":1}\nlog line\n{\"second\":2}\nmore log\n", &raw);
    ASSERT_TRUE(json.has_value());
    EXPECT_EQ(raw, "{\"second\":2}");
    EXPECT_FALSE(last_json_line("no json here\n").has_value());
}

}  // namespace
}  // namespace patchbay
