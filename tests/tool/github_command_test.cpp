// Workflow commands as GitHub's toolkit writes them (issueCommand): expected lines by hand.

#include "tool/github_command.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(GithubCommand, FileLineColumnAndTitleOnlyWhenGiven) {
    EXPECT_EQ(github_command({"error", "patches/a.patch", 12, 0, "rejected", "m"}),
              "::error file=patches/a.patch,line=12,title=rejected::m\n");
    EXPECT_EQ(github_command({"warning", "k.py", 3, 7, "r", "m"}),
              "::warning file=k.py,line=3,col=7,title=r::m\n");
    EXPECT_EQ(github_command({"warning", "k.py", 0, 7, "", "m"}), "::warning file=k.py::m\n");
    EXPECT_EQ(github_command({"notice", "", 5, 0, "", "m"}), "::notice::m\n");
}

TEST(GithubCommand, DataAndPropertiesAreEscaped) {
    EXPECT_EQ(escape_github_data("50% a\r\nb: c, d"), "50%25 a%0D%0Ab: c, d");
    EXPECT_EQ(escape_github_property("a,b:c%"), "a%2Cb%3Ac%25");
    EXPECT_EQ(github_command({"notice", "a,b.py", 1, 0, "t:1", "x\ny"}),
              "::notice file=a%2Cb.py,line=1,title=t%3A1::x%0Ay\n");
}

}  // namespace
}  // namespace patchbay
