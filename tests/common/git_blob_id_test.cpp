#include "common/git_blob_id.hpp"

#include <gtest/gtest.h>

#include "tests/support/temp_tree.hpp"

namespace patchbay {
namespace {

using patchbay::test_support::TempTree;

// `git hash-object` is the oracle.
TEST(GitBlobId, IsWhatGitHashObjectSays) {
    TempTree tree;
    std::string big;
    for (int i = 0; i < 20000; ++i) big += "line " + std::to_string(i) + "\n";
    const std::vector<std::string> texts = {"", "hello\n", std::string("nul\0byte", 8), big};
    for (std::size_t i = 0; i < texts.size(); ++i) {
        tree.write("f" + std::to_string(i), texts[i]);
        EXPECT_EQ(git_blob_id_hex(texts[i]), tree.run("git hash-object f" + std::to_string(i)))
            << i;
    }
}

}  // namespace
}  // namespace patchbay
