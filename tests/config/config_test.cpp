#include "config/config.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

namespace patchbay {
namespace {

namespace fs = std::filesystem;

const char* const kFullConfig = R"([upstream]
path = "../vllm"
rev = "v0.28.0"
directory = "vllm"
manifest = "SHA256SUMS"

[series]
file = "patches/series"
strip = 0
fuzz = 2
skip = [ { patch = "dflash2-backport.patch", reason = "native upstream since 0.28.0" } ]

[audit]
include = ["**/*.py", "**/*.cu"]
index_tables = ["block_table*"]
geometry = { block_size = 880, kv_heads = 4, head_dim = 256, dtype_bytes = 2 }
[audit.env]
registry = "envs.py"
table = "environment_variables"
prefix = "VLLM_"
allow = ["VLLM_HOST_IP"]

[[repro]]
name = "paged-gather-bigpool"
sources = ["kernels/paged_gather_bigpool.cu"]
include = ["csrc"]
gpu_memory = "10GiB"
timeout = 120

[[repro]]
name = "triton-test"
command = ["python3", "test.py"]
env = { CUDA_LAUNCH_BLOCKING = "1" }
)";

Config parse_ok(std::string_view text) {
    auto config = parse_config(text, "/proj/patchbay.toml");
    EXPECT_TRUE(config.ok()) << (config ? "" : config.error().located());
    return config ? config.value() : Config{};
}

std::string error_of(std::string_view text) {
    auto config = parse_config(text, "patchbay.toml");
    EXPECT_FALSE(config.ok());
    return config ? "" : config.error().located();
}

TEST(Config, FullFileUpstreamAndSeries) {
    const Config config = parse_ok(kFullConfig);
    EXPECT_EQ(config.file, fs::path("/proj/patchbay.toml"));
    EXPECT_EQ(config.base_dir, fs::path("/proj"));
    EXPECT_EQ(config.upstream_path, "../vllm");
    EXPECT_EQ(config.rev, "v0.28.0");
    EXPECT_EQ(config.directory, "vllm");
    EXPECT_EQ(config.manifest, "SHA256SUMS");
    EXPECT_EQ(config.series_file, "patches/series");
    EXPECT_EQ(config.strip, 0);
    EXPECT_EQ(config.fuzz, 2);
    ASSERT_EQ(config.skip.size(), 1u);
    EXPECT_EQ(config.skip[0].patch, "dflash2-backport.patch");
    EXPECT_EQ(config.skip[0].reason, "native upstream since 0.28.0");
    EXPECT_EQ(config.skip[0].line, 11);
}

TEST(Config, FullFileAudit) {
    const Config config = parse_ok(kFullConfig);
    EXPECT_EQ(config.audit.include, (std::vector<std::string>{"**/*.py", "**/*.cu"}));
    EXPECT_EQ(config.audit.index_tables, std::vector<std::string>{"block_table*"});
    ASSERT_TRUE(config.audit.geometry.has_value());
    EXPECT_EQ(config.audit.geometry->block_size, 880);
    EXPECT_EQ(config.audit.geometry->kv_heads, 4);
    EXPECT_EQ(config.audit.geometry->head_dim, 256);
    EXPECT_EQ(config.audit.geometry->dtype_bytes, 2);
    EXPECT_EQ(config.audit.env_registry, "envs.py");
    EXPECT_EQ(config.audit.env_table, "environment_variables");
    EXPECT_EQ(config.audit.env_prefix, "VLLM_");
    EXPECT_EQ(config.audit.env_allow, std::vector<std::string>{"VLLM_HOST_IP"});
}

// `[audit] max_elements` holds sizes past 2^31 (a 64-bit count); 0, the default, says nothing.
TEST(Config, MaxElementsIsA64BitCount) {
    EXPECT_EQ(AuditConfig{}.max_elements, 0);
    const Config config = parse_ok("[audit]\nmax_elements = 4294967296\n");
    EXPECT_EQ(config.audit.max_elements, std::int64_t{1} << 32);
    EXPECT_NE(error_of("[audit]\nmax_elements = -1\n").find("max_elements"), std::string::npos);
    EXPECT_NE(error_of("[audit]\nmax_elements = \"4G\"\n").find("max_elements"), std::string::npos);
}

TEST(Config, FullFileRepros) {
    const Config config = parse_ok(kFullConfig);
    ASSERT_EQ(config.repro.size(), 2u);
    EXPECT_EQ(config.repro[0].name, "paged-gather-bigpool");
    EXPECT_EQ(config.repro[0].sources, std::vector<std::string>{"kernels/paged_gather_bigpool.cu"});
    EXPECT_EQ(config.repro[0].include, std::vector<std::string>{"csrc"});
    EXPECT_EQ(config.repro[0].gpu_memory, "10GiB");
    EXPECT_EQ(config.repro[0].timeout, 120);
    EXPECT_EQ(config.repro[0].line, 23);
    EXPECT_EQ(config.repro[1].name, "triton-test");
    EXPECT_EQ(config.repro[1].command, (std::vector<std::string>{"python3", "test.py"}));
    EXPECT_EQ(config.repro[1].timeout, 300);
    EXPECT_EQ(config.repro[1].env.at("CUDA_LAUNCH_BLOCKING"), "1");
}

TEST(Config, OriginsNameFileAndLine) {
    const Config config = parse_ok(kFullConfig);
    EXPECT_EQ(config.origin.at("upstream.path"), "patchbay.toml:2");
    EXPECT_EQ(config.origin.at("series.fuzz"), "patchbay.toml:10");
    EXPECT_EQ(config.origin.at("series.skip"), "patchbay.toml:11");
    EXPECT_EQ(config.origin.at("audit.geometry"), "patchbay.toml:16");
    EXPECT_EQ(config.origin.at("audit.env.prefix"), "patchbay.toml:20");
}

TEST(Config, KeysLeftAtDefaultHaveDefaultOrigin) {
    const Config config = parse_ok("[series]\nfuzz = 1\n");
    EXPECT_EQ(config.origin.at("series.fuzz"), "patchbay.toml:2");
    EXPECT_EQ(config.origin.at("series.strip"), "default");
    EXPECT_EQ(config.origin.at("upstream.path"), "default");
    EXPECT_EQ(config.origin.at("audit.geometry"), "default");
    EXPECT_EQ(config.strip, 1);
    EXPECT_EQ(config.series_file, "patches/series");
    EXPECT_EQ(config.audit.include,
              (std::vector<std::string>{"**/*.py", "**/*.cu", "**/*.cuh", "**/*.hip"}));
    EXPECT_FALSE(config.audit.geometry.has_value());
}

TEST(Config, UnknownKeyWithItsLine) {
    EXPECT_EQ(error_of("[series]\nstrip = 1\nfuz = 0\n"),
              "patchbay.toml:3: unknown key 'series.fuz'");
}

TEST(Config, UnknownTable) {
    EXPECT_EQ(error_of("[upstream]\npath = \".\"\n\n[serie]\nfuzz = 0\n"),
              "patchbay.toml:4: unknown key 'serie'");
}

TEST(Config, UnknownNestedKeys) {
    EXPECT_EQ(error_of("[audit.env]\nregistry = \"envs.py\"\nprefx = \"X\"\n"),
              "patchbay.toml:3: unknown key 'audit.env.prefx'");
    EXPECT_EQ(error_of("[[repro]]\nname = \"a\"\ntimout = 3\n"),
              "patchbay.toml:3: unknown key 'repro[0].timout'");
    EXPECT_EQ(error_of("[series]\nskip = [ { patch = \"a\", reason = \"b\", why = \"c\" } ]\n"),
              "patchbay.toml:2: unknown key 'series.skip[0].why'");
}

TEST(Config, EarliestOfSeveralErrorsIsReported) {
    EXPECT_EQ(error_of("[series]\nzz = 1\naa = 2\n"), "patchbay.toml:2: unknown key 'series.zz'");
}

TEST(Config, WrongTypes) {
    EXPECT_EQ(error_of("[series]\nfuzz = \"0\"\n"),
              "patchbay.toml:2: 'series.fuzz' must be an integer");
    EXPECT_EQ(error_of("[series]\n\nstrip = 1.0\n"),
              "patchbay.toml:3: 'series.strip' must be an integer");
    EXPECT_EQ(error_of("[upstream]\npath = 3\n"),
              "patchbay.toml:2: 'upstream.path' must be a string");
    EXPECT_EQ(error_of("[audit]\ninclude = [\"a\", 1]\n"),
              "patchbay.toml:2: 'audit.include' must be an array of strings");
    EXPECT_EQ(error_of("upstream = 1\n"), "patchbay.toml:1: 'upstream' must be a table");
    EXPECT_EQ(error_of("[repro]\nname = \"x\"\n"),
              "patchbay.toml:1: 'repro' must be an array of tables ([[repro]])");
}

// TOML's \u0000 escape would cut a path or an argument short where it is used: refused,
// naming the key and its line (issue #27 item 10).
TEST(Config, NulCharacterInAStringIsRefused) {
    const std::string refusal =
        " holds a NUL character (\\u0000), which no path, name or "
        "command argument can contain";
    EXPECT_EQ(error_of("[series]\nfile = \"patches/series\\u0000x\"\n"),
              "patchbay.toml:2: 'series.file'" + refusal);
    EXPECT_EQ(error_of("[upstream]\n\npath = \"up\\u0000/../x\"\n"),
              "patchbay.toml:3: 'upstream.path'" + refusal);
    EXPECT_EQ(error_of("[audit]\ninclude = [\"a\", \"b\\u0000\"]\n"),
              "patchbay.toml:2: 'audit.include'" + refusal);
    EXPECT_EQ(error_of("[[repro]]\nname = \"a\"\nenv = { X = \"1\\u0000\" }\n"),
              "patchbay.toml:3: 'repro[0].env.X'" + refusal);
}

TEST(Config, NegativeStripAndFuzz) {
    EXPECT_EQ(error_of("[series]\nstrip = -1\n"),
              "patchbay.toml:2: 'series.strip' must not be negative");
    EXPECT_EQ(error_of("[series]\nfuzz = -2\n"),
              "patchbay.toml:2: 'series.fuzz' must not be negative");
}

TEST(Config, SkipNeedsAReason) {
    EXPECT_EQ(error_of("[series]\nskip = [\n  { patch = \"a.patch\" },\n]\n"),
              "patchbay.toml:3: skip of 'a.patch' needs a 'reason'");
    EXPECT_EQ(error_of("[series]\nskip = [ { patch = \"a.patch\", reason = \"\" } ]\n"),
              "patchbay.toml:2: skip of 'a.patch' needs a 'reason'");
    EXPECT_EQ(error_of("[series]\nskip = [ \"a.patch\" ]\n"),
              "patchbay.toml:2: 'series.skip[0]' must be a table {patch, reason}");
}

TEST(Config, SkipAsArrayOfTables) {
    const Config config =
        parse_ok("[[series.skip]]\npatch = \"a.patch\"\nreason = \"gone upstream\"\n");
    ASSERT_EQ(config.skip.size(), 1u);
    EXPECT_EQ(config.skip[0].reason, "gone upstream");
}

TEST(Config, GeometryNeedsFourPositiveIntegers) {
    EXPECT_EQ(error_of("[audit]\ngeometry = { block_size = 16, kv_heads = 4, head_dim = 128 }\n"),
              "patchbay.toml:2: 'audit.geometry.dtype_bytes' is missing");
    EXPECT_EQ(error_of("[audit]\ngeometry = { block_size = 0, kv_heads = 4, head_dim = 128, "
                       "dtype_bytes = 2 }\n"),
              "patchbay.toml:2: 'audit.geometry.block_size' must be positive");
}

TEST(Config, ReproNeedsUniqueName) {
    EXPECT_EQ(error_of("[[repro]]\ntimeout = 3\n"), "patchbay.toml:1: 'repro[0]' needs a 'name'");
    EXPECT_EQ(error_of("[[repro]]\nname = \"a\"\n[[repro]]\nname = \"a\"\n"),
              "patchbay.toml:3: two repros named 'a'");
    EXPECT_EQ(error_of("[[repro]]\nname = \"a\"\nenv = { X = 1 }\n"),
              "patchbay.toml:3: 'repro[0].env.X' must be a string");
}

TEST(Config, TomlSyntaxErrorKeepsItsLine) {
    auto config = parse_config("[series]\nstrip = 1\nfuzz = = 2\n", "patchbay.toml");
    ASSERT_FALSE(config.ok());
    EXPECT_EQ(config.error().file, "patchbay.toml");
    EXPECT_EQ(config.error().line, 3);
    EXPECT_TRUE(config.error().message.starts_with("Error while parsing"))
        << config.error().message;
}

TEST(Config, ResolveJoinsBaseDirUnlessAbsolute) {
    const Config config = parse_ok("");
    EXPECT_EQ(config.resolve("patches/series"), fs::path("/proj/patches/series"));
    EXPECT_EQ(config.resolve("/abs/vllm"), fs::path("/abs/vllm"));
}

TEST(Config, DefaultConfig) {
    const Config config = default_config("/work/here");
    EXPECT_TRUE(config.file.empty());
    EXPECT_EQ(config.base_dir, fs::path("/work/here"));
    EXPECT_EQ(config.origin.at("series.fuzz"), "default");
    EXPECT_EQ(config.resolve("x"), fs::path("/work/here/x"));
}

class ConfigFiles : public ::testing::Test {
  protected:
    void SetUp() override {
        std::string pattern = (fs::temp_directory_path() / "patchbay-config-XXXXXX").string();
        root_ = mkdtemp(pattern.data());
        fs::create_directories(root_ / "a" / "b");
    }
    void TearDown() override { fs::remove_all(root_); }
    void write(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }
    fs::path root_;
};

TEST_F(ConfigFiles, FindConfigWalksUpToTheNearestParent) {
    write(root_ / "patchbay.toml", "");
    EXPECT_EQ(find_config(root_ / "a" / "b"), root_ / "patchbay.toml");
    write(root_ / "a" / "patchbay.toml", "");
    EXPECT_EQ(find_config(root_ / "a" / "b"), root_ / "a" / "patchbay.toml");
}

TEST_F(ConfigFiles, FindConfigWithoutAnyFile) {
    // The temp folder's own parents may hold a patchbay.toml; only assert none is found below.
    auto found = find_config(root_ / "a" / "b");
    if (found) {
        EXPECT_FALSE(found->string().starts_with(root_.string()));
    }
}

TEST_F(ConfigFiles, LoadConfigReadsTheFile) {
    write(root_ / "patchbay.toml", "[upstream]\n\npath = \"up\"\n");
    auto config = load_config(root_ / "patchbay.toml");
    ASSERT_TRUE(config.ok()) << config.error().located();
    EXPECT_EQ(config->upstream_path, "up");
    EXPECT_EQ(config->origin.at("upstream.path"), "patchbay.toml:3");
    EXPECT_EQ(config->resolve(config->upstream_path), root_ / "up");
}

TEST_F(ConfigFiles, LoadConfigOfAMissingFileNamesIt) {
    auto config = load_config(root_ / "nope.toml");
    ASSERT_FALSE(config.ok());
    EXPECT_EQ(config.error().file, (root_ / "nope.toml").string());
}

TEST_F(ConfigFiles, LoadConfigErrorsNameTheFileAsGiven) {
    write(root_ / "patchbay.toml", "[series]\nfuz = 1\n");
    auto config = load_config(root_ / "patchbay.toml");
    ASSERT_FALSE(config.ok());
    EXPECT_EQ(config.error().located(),
              (root_ / "patchbay.toml").string() + ":2: unknown key 'series.fuz'");
}

}  // namespace
}  // namespace patchbay
