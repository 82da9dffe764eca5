// What run_rebase_session refuses before it reads anything. The session itself (carrying, the
// worktree, --continue, --write) runs against real git repositories in
// tests/cli/rebase_cli_test.cpp.

#include "rebase/rebase_session.hpp"

#include <gtest/gtest.h>

#include "tests/support/memory_source.hpp"

namespace patchbay {
namespace {

TEST(RebaseSession, APlainFolderUpstreamHasNoRevisionToCarryOnto) {
    Config config;
    config.upstream_path = "upstream";
    SeriesPlan plan;
    test_support::MemorySource source;  // no commit: a plain folder
    SeriesWriteBack no_write;
    auto report =
        run_rebase_session({config, plan, source, no_write}, RebaseRequest{"v2", "", false, false});
    ASSERT_FALSE(report);
    EXPECT_NE(report.error().message.find("rebase --onto needs a git upstream"), std::string::npos)
        << report.error().message;
}

}  // namespace
}  // namespace patchbay
