// End-to-end: `patchbay config` shows each key's value and origin, and a closed pipe is no error.
// Also tests tool/cmd_config.cpp (through the binary).

#include <gtest/gtest.h>

#include "tests/support/cli.hpp"
#include "tests/support/process.hpp"

namespace patchbay {
namespace {

using test_support::contains;
using test_support::kDemo;
using test_support::patchbay;

TEST(ConfigCommand, NamesTheFileLineTheDefaultAndTheFlag) {
    auto result = patchbay({"config", "--fuzz", "2"}, kDemo);
    ASSERT_EQ(result.status, 0) << result.err;
    EXPECT_TRUE(contains(result.out, "upstream.path        = \"upstream\"")) << result.out;
    EXPECT_TRUE(contains(result.out, "# patchbay.toml:5\n")) << result.out;
    EXPECT_TRUE(contains(result.out, "series.fuzz          = 2")) << result.out;
    EXPECT_TRUE(contains(result.out, "# --fuzz\n")) << result.out;
    EXPECT_TRUE(contains(result.out, "series.skip          = 1 entry")) << result.out;
    EXPECT_TRUE(contains(result.out, "upstream.rev         = \"\"")) << result.out;
}

TEST(ConfigCommand, JsonListsEveryKeyOnce) {
    auto result = patchbay({"config", "--format", "json", "--strip", "0"}, kDemo);
    ASSERT_EQ(result.status, 0) << result.err;
    EXPECT_TRUE(contains(result.out, R"({"key":"series.strip","value":"0","origin":"--strip"})"))
        << result.out;
    EXPECT_TRUE(contains(
        result.out,
        R"({"key":"series.file","value":"\"patches/series\"","origin":"patchbay.toml:8"})"))
        << result.out;
}

TEST(ConfigCommand, ABadFlagValueIsBadInput) {
    auto result = patchbay({"config", "--fuzz", "many"}, kDemo);
    EXPECT_EQ(result.status, 2);
    EXPECT_TRUE(contains(result.err, "patchbay: error: --fuzz must be a non-negative integer"))
        << result.err;
}

// ripgrep's rule: a reader that has gone (`| head -1` after its line) is no error, and no
// signal kills patchbay (status 141). Here the reader has gone before the report is written.
TEST(ClosedPipe, EndsTheRunQuietlyWithStatusZero) {
    const std::string command = std::string("set -o pipefail; (sleep 0.3; exec '") +
                                PATCHBAY_BINARY + "' check-series --format json) | true";
    auto result = test_support::run_process({"bash", "-c", command}, kDemo);
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_TRUE(result.err.empty()) << result.err;
}

}  // namespace
}  // namespace patchbay
