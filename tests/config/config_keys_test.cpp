#include "config/config_keys.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

namespace fs = std::filesystem;

Config parsed(const std::string& text) {
    auto config = parse_config(text, "/project/patchbay.toml");
    EXPECT_TRUE(config.ok()) << (config ? "" : config.error().located());
    return config ? config.value() : Config{};
}

// A TOML value of the key's type, as a user would write it.
std::string sample_value(const ConfigKey& key) {
    switch (key.type) {
        case KeyType::count:
            return "3";
        case KeyType::boolean:
            return "true";
        case KeyType::text_list:
            return R"(["x*"])";
        default:
            return R"("x")";
    }
}

TEST(ConfigKeys, EveryLeafKeyIsReadFromItsTableWithItsLine) {
    for (const auto& key : config_keys()) {
        if (key.type == KeyType::compound) continue;
        const std::string name(key.name);
        const auto dot = name.rfind('.');
        const std::string text = "[" + name.substr(0, dot) + "]\n" + name.substr(dot + 1) + " = " +
                                 sample_value(key) + "\n";
        const Config config = parsed(text);
        EXPECT_EQ(config.origin.at(name), "patchbay.toml:2") << name;
    }
}

TEST(ConfigKeys, DefaultsComeFromTheTable) {
    const Config config = default_config("/project");
    EXPECT_EQ(config.series_file, "patches/series");
    EXPECT_EQ(config.strip, 1);
    EXPECT_EQ(config.fuzz, 0);
    EXPECT_EQ(config.audit.include,
              (std::vector<std::string>{"**/*.py", "**/*.cu", "**/*.cuh", "**/*.hip"}));
    for (const auto& key : config_keys())
        EXPECT_EQ(config.origin.at(std::string(key.name)), "default") << key.name;
}

// Library callers that build an AuditConfig or a ReproConfig themselves get the table's
// defaults too.
TEST(ConfigKeys, StructsBuiltInCodeHoldTheTablesDefaults) {
    EXPECT_EQ(AuditConfig{}.include,
              (std::vector<std::string>{"**/*.py", "**/*.cu", "**/*.cuh", "**/*.hip"}));
    EXPECT_EQ(AuditConfig{}.index_tables.front(), "block_table*");
    EXPECT_EQ(ReproConfig{}.timeout, 300);
    EXPECT_EQ(Config{}.strip, 1);
    EXPECT_EQ(Config{}.series_file, "patches/series");
    EXPECT_EQ(parsed("[[repro]]\nname = \"a\"\n").repro.at(0).timeout, 300);
}

// A member of a compound key's table, at a sample value of its type.
std::string member_line(const ConfigMember& member) {
    const auto name = member.name.substr(member.name.rfind('.') + 1);
    const std::string value = member.type == KeyType::compound    ? "{}"
                              : member.type == KeyType::count     ? "3"
                              : member.type == KeyType::text_list ? R"(["x"])"
                                                                  : R"("x")";
    return std::string(name) + " = " + value + "\n";
}

// The readers of [[series.skip]], [audit.geometry] and [[repro]] know exactly the members the
// table lists: an entry with every one of them is read, one more name is refused.
TEST(ConfigKeys, CompoundReadersKnowTheTablesMembers) {
    const std::map<std::string, std::string> headers = {{"series.skip", "[[series.skip]]\n"},
                                                        {"audit.geometry", "[audit.geometry]\n"},
                                                        {"repro", "[[repro]]\n"}};
    for (const auto& [compound, header] : headers) {
        std::string text = header;
        for (const auto& member : config_members())
            if (member.name.starts_with(compound + ".")) text += member_line(member);
        EXPECT_TRUE(parse_config(text, "/project/patchbay.toml").ok()) << text;
        auto unknown = parse_config(text + "surplus = 1\n", "/project/patchbay.toml");
        ASSERT_FALSE(unknown.ok()) << compound;
        EXPECT_NE(unknown.error().message.find("unknown key"), std::string::npos);
    }
    EXPECT_EQ(member_names("series.skip"), (std::vector<std::string_view>{"patch", "reason"}));
}

TEST(ConfigKeys, FlagValuesOverrideTheFileAndNameTheFlag) {
    Config config = parsed("[series]\nfuzz = 2\n");
    std::map<std::string, std::string> flags = {
        {"series.fuzz", "1"}, {"upstream.rev", "v1"}, {"series.strip", ""}};
    ASSERT_TRUE(apply_flag_values(config, flags, "/project").ok());
    EXPECT_EQ(config.fuzz, 1);
    EXPECT_EQ(config.origin.at("series.fuzz"), "--fuzz");
    EXPECT_EQ(config.rev, "v1");
    EXPECT_EQ(config.strip, 1);  // an empty value is a flag not given
    EXPECT_EQ(config.origin.at("series.strip"), "default");
}

TEST(ConfigKeys, AFlagPathIsRelativeToTheCurrentFolder) {
    Config config = parsed("");
    ASSERT_TRUE(apply_flag_values(config, {{"upstream.path", "up"}}, "/elsewhere").ok());
    EXPECT_EQ(config.upstream_path, "/elsewhere/up");
    ASSERT_TRUE(apply_flag_values(config, {{"upstream.path", "up"}}, "/project").ok());
    EXPECT_EQ(config.upstream_path, "up");  // already relative to the config's folder
}

TEST(ConfigKeys, ABadCountIsAnErrorNamingTheFlag) {
    Config config = parsed("");
    for (const char* bad : {"-1", "two", "1x"}) {
        auto applied = apply_flag_values(config, {{"series.fuzz", bad}}, "/project");
        ASSERT_FALSE(applied.ok()) << bad;
        EXPECT_EQ(applied.error().message,
                  std::string("--fuzz must be a non-negative integer, not '") + bad + "'");
    }
}

TEST(ConfigKeys, LongFlagAndTables) {
    EXPECT_EQ(long_flag(*find_config_key("series.fuzz")), "--fuzz");
    EXPECT_EQ(long_flag(*find_config_key("upstream.rev")), "--rev");
    EXPECT_EQ(find_config_key("series.nope"), nullptr);
    EXPECT_EQ(config_tables(),
              (std::vector<std::string>{"upstream", "series", "audit", "audit.env"}));
}

}  // namespace
}  // namespace patchbay
