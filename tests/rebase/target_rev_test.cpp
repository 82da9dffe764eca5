#include "rebase/target_rev.hpp"

#include <gtest/gtest.h>

#include "config/config.hpp"

namespace patchbay {
namespace {

TEST(TargetRev, AnExistingRevIsReplacedAndEverythingElseKept) {
    std::string toml =
        "# the demo\n[upstream]\npath = \"../up\"  # a checkout\n  rev = \"v1\"\n"
        "directory = \"vllm\"\n\n[series]\nrev = \"not this one\"\n";
    auto edited = with_upstream_rev(toml, "v2");
    ASSERT_TRUE(edited.ok());
    EXPECT_EQ(*edited,
              "# the demo\n[upstream]\npath = \"../up\"  # a checkout\n  rev = \"v2\"\n"
              "directory = \"vllm\"\n\n[series]\nrev = \"not this one\"\n");
}

TEST(TargetRev, AMissingRevIsAddedAfterThePath) {
    auto edited = with_upstream_rev("[upstream]\npath = \"up\"\ndirectory = \"d\"\n", "v2");
    ASSERT_TRUE(edited.ok());
    EXPECT_EQ(*edited, "[upstream]\npath = \"up\"\nrev = \"v2\"\ndirectory = \"d\"\n");
    auto revision = with_upstream_rev("[upstream]\nrevision_note = 1\n", "a\"b");
    ASSERT_TRUE(revision.ok());
    EXPECT_EQ(*revision, "[upstream]\nrev = \"a\\\"b\"\nrevision_note = 1\n");
}

TEST(TargetRev, TheRevWrittenReadsBackWhateverItHolds) {
    const std::string rev = std::string("a\"b\\c\nd\te") + '\x01' + "f";
    auto edited = with_upstream_rev("[upstream]\npath = \"up\"\n", rev);
    ASSERT_TRUE(edited.ok());
    auto config = parse_config(*edited, "patchbay.toml");
    ASSERT_TRUE(config.ok()) << config.error().located();
    EXPECT_EQ(config->rev, rev);
}

TEST(TargetRev, NoUpstreamTableIsAnError) {
    EXPECT_FALSE(with_upstream_rev("[series]\nstrip = 1\n", "v2").ok());
}

}  // namespace
}  // namespace patchbay
