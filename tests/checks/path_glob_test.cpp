#include "checks/path_glob.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(GlobMatch, DoubleStarMatchesAnyDepthIncludingNone) {
    EXPECT_TRUE(glob_match("**/*.py", "x.py"));
    EXPECT_TRUE(glob_match("**/*.py", "vllm/attention/ops/x.py"));
    EXPECT_FALSE(glob_match("**/*.py", "vllm/x.pyc"));
    EXPECT_TRUE(glob_match("csrc/**", "csrc/a/b.cu"));
    EXPECT_TRUE(glob_match("vllm/**/ops/*.py", "vllm/ops/a.py"));
    EXPECT_TRUE(glob_match("vllm/**/ops/*.py", "vllm/x/y/ops/a.py"));
    EXPECT_TRUE(glob_match("**/*", "a/b/c"));
    EXPECT_TRUE(glob_match("**/**", "a/b/c"));
    EXPECT_FALSE(glob_match("**/ops/*.py", "ops/a/b.py"));
}

// "**/*.py" (the default includes' form): the cases where matching it and a plain suffix test
// on the path would differ.
TEST(GlobMatch, AnyDepthSuffixLooksAtTheFileNameOnly) {
    EXPECT_TRUE(glob_match("**/*.py", ".py"));  // `*` matches nothing, and a leading dot
    EXPECT_TRUE(glob_match("**/*.py", "a/.hidden.py"));
    EXPECT_FALSE(glob_match("**/*.h", "include.h/k.c"));  // the suffix on a folder
    EXPECT_FALSE(glob_match("**/*.cuh", "k.cu"));
    EXPECT_FALSE(glob_match("**/*.py", "py"));
    // Not of that form: the general walk, with its wildcards and classes.
    EXPECT_TRUE(glob_match("**/*.[ch]", "a/b/k.h"));
    EXPECT_FALSE(glob_match("**/*.[ch]", "a/b/k.cc"));
    EXPECT_TRUE(glob_match("**/*_kernel.c?", "ops/a_kernel.cu"));
}

TEST(GlobMatch, SingleStarStaysInOneFolder) {
    EXPECT_TRUE(glob_match("*.cu", "k.cu"));
    EXPECT_FALSE(glob_match("*.cu", "csrc/k.cu"));
    EXPECT_TRUE(glob_match("csrc/*.cu?", "csrc/k.cuh"));
}

TEST(MatchesAny, TriesEveryPattern) {
    std::vector<std::string> include = {"**/*.py", "**/*.cu", "**/*.cuh"};
    EXPECT_TRUE(matches_any(include, "csrc/attention/paged_gather.cuh"));
    EXPECT_FALSE(matches_any(include, "README.md"));
}

}  // namespace
}  // namespace patchbay
