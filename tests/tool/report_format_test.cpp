#include "tool/report_format.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(ReportFormat, EveryDeclaredWordIsAKind) {
    EXPECT_EQ(parse_report_format("text"), ReportFormat::text);
    EXPECT_EQ(parse_report_format("json"), ReportFormat::json);
    EXPECT_EQ(parse_report_format("junit"), ReportFormat::junit);
    EXPECT_EQ(parse_report_format("sarif"), ReportFormat::sarif);
    EXPECT_EQ(parse_report_format("github"), ReportFormat::github);
    EXPECT_EQ(parse_report_format("markdown"), ReportFormat::markdown);
}

TEST(ReportFormat, AnOtherWordIsNone) {
    EXPECT_FALSE(parse_report_format(""));
    EXPECT_FALSE(parse_report_format("JSON"));
    EXPECT_FALSE(parse_report_format("html"));
}

TEST(FailOn, NewAllOrNotGiven) {
    EXPECT_EQ(parse_fail_on("new"), AuditFailOn::new_findings);
    EXPECT_EQ(parse_fail_on("all"), AuditFailOn::all_findings);
    EXPECT_FALSE(parse_fail_on(""));
}

}  // namespace
}  // namespace patchbay
