#include "series/problem_kind.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace patchbay {
namespace {

// Users write these names in [series] warn / fail, and reports print them: they must stay.
TEST(ProblemKind, NamesAreTheOnesReportsPrint) {
    EXPECT_STREQ(to_string(ProblemKind::header_counts), "header-counts");
    EXPECT_STREQ(to_string(ProblemKind::already_applied), "already-applied");
    EXPECT_STREQ(to_string(ProblemKind::missing_patch), "missing-patch");
    EXPECT_STREQ(to_string(ProblemKind::not_empty), "not-empty");
}

TEST(ProblemKind, EveryNameReadsBackAsItsKindAndNamesAreUnique) {
    std::set<std::string> seen;
    for (int i = 0; i <= static_cast<int>(ProblemKind::reverse); ++i) {
        const auto kind = static_cast<ProblemKind>(i);
        const std::string name = to_string(kind);
        EXPECT_NE(name, "unknown") << i;
        EXPECT_TRUE(seen.insert(name).second) << name;
        EXPECT_EQ(problem_kind_named(name), kind) << name;
    }
    EXPECT_EQ(seen.size(), 17u);
}

TEST(ProblemKind, AnUnknownNameIsNone) {
    EXPECT_FALSE(problem_kind_named("whitespaces").has_value());
    EXPECT_FALSE(problem_kind_named("").has_value());
    EXPECT_NE(problem_kinds_list().find("garbage"), std::string::npos);
}

}  // namespace
}  // namespace patchbay
