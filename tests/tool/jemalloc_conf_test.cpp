// The options tool/jemalloc_conf.cpp builds into the binary, seen through jemalloc's own
// `confirm_conf`, which prints each source of options as it reads them.

#include <gtest/gtest.h>

#include <string>

#include "tests/support/cli.hpp"

namespace patchbay {
namespace {

using test_support::contains;
using test_support::ProcessResult;
using test_support::run_process;

ProcessResult version_with_malloc_conf(const std::string& malloc_conf) {
    return run_process({"env", "MALLOC_CONF=" + malloc_conf, PATCHBAY_BINARY, "--version"});
}

constexpr bool kLinksJemalloc = PATCHBAY_JEMALLOC_LINKED;
constexpr const char* kNoJemalloc = "this build of patchbay does not link jemalloc";

TEST(JemallocConf, HugePagesAreAskedForByTheBinary) {
    if (!kLinksJemalloc) GTEST_SKIP() << kNoJemalloc;
    const ProcessResult run = version_with_malloc_conf("confirm_conf:true");
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_TRUE(contains(run.err, "global variable malloc_conf): \"thp:always\"")) << run.err;
    EXPECT_TRUE(contains(run.err, "Set conf value: thp:always")) << run.err;
}

TEST(JemallocConf, TheEnvironmentIsReadAfterItAndWins) {
    if (!kLinksJemalloc) GTEST_SKIP() << kNoJemalloc;
    const ProcessResult run = version_with_malloc_conf("confirm_conf:true,thp:never");
    ASSERT_EQ(run.status, 0) << run.err;
    const auto built_in = run.err.find("Set conf value: thp:always");
    const auto from_environment = run.err.find("Set conf value: thp:never");
    ASSERT_NE(built_in, std::string::npos) << run.err;
    ASSERT_NE(from_environment, std::string::npos) << run.err;
    EXPECT_LT(built_in, from_environment);
}

TEST(JemallocConf, NothingIsPrintedWhenNotAskedFor) {
    if (!kLinksJemalloc) GTEST_SKIP() << kNoJemalloc;
    const ProcessResult run = run_process({PATCHBAY_BINARY, "--version"});
    ASSERT_EQ(run.status, 0);
    EXPECT_EQ(run.err, "");
}

}  // namespace
}  // namespace patchbay
