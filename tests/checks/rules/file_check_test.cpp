// FileCheck: the environment reads of a file, worked out once for all the rules that ask.

#include "checks/rules/file_check.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

SourceFile python_file(std::string text) {
    return SourceFile{"pkg/mod.py", std::move(text), Language::python, false};
}

TEST(FileCheck, GivesTheFilesEnvironmentReads) {
    SourceFile file = python_file(
        "import os\n"
        "a = os.environ.get(\"VLLM_A\")\n"
        "b = os.getenv('VLLM_B', '1')\n");
    FileCheck check(file);
    const auto& reads = check.env_reads();
    ASSERT_EQ(reads.size(), 2u);
    EXPECT_EQ(reads[0].name, "VLLM_A");
    EXPECT_EQ(reads[0].line, 2);
    EXPECT_EQ(reads[1].name, "VLLM_B");
    EXPECT_EQ(reads[1].line, 3);
    EXPECT_EQ(&check.file(), &file);
}

// The second rule that asks gets the reads the first one made, not a second tokenizing.
TEST(FileCheck, WorksTheReadsOutOnce) {
    SourceFile file = python_file("import os\nx = os.environ[\"VLLM_X\"]\n");
    FileCheck check(file);
    const auto* first = &check.env_reads();
    EXPECT_EQ(&check.env_reads(), first);
    EXPECT_EQ(first->size(), 1u);
}

TEST(FileCheck, AFileWithoutReadsHasNone) {
    SourceFile file = python_file("x = 1\n");
    EXPECT_TRUE(FileCheck(file).env_reads().empty());
}

}  // namespace
}  // namespace patchbay
