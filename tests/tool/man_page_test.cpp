// The man page's options, written from the command table. tests/cli/help_cli_test.cpp holds the
// built page against the binary's --help; this checks the roff itself.

#include "tool/man_page.hpp"

#include <gtest/gtest.h>

#include <array>

namespace patchbay {
namespace {

void add_first(FlagSet& flags, CliOptions& o) {
    flags.option("--config", &o.config, "FILE", "the config");
    flags.option("--worktree", &o.worktree, "DIR", "where. it goes").required();
    flags.exactly_one_of({"--worktree", "--from-commit"});
}

void add_second(FlagSet& flags, CliOptions& o) {
    flags.option("--config", &o.config, "FILE", "the config");
    flags.option("--format", &o.format, "FORMAT", "report format").one_of({"text", "json"});
    flags.toggle("--continue", o.continue_rebase, "go on").needs("--worktree");
}

Result<CommandOutput> run_nothing(const CommandContext&) {
    return CommandOutput{};
}

const std::array<Command, 2> kTable = {{
    {"first", "does one thing", add_first, run_nothing},
    {"second", "does \\another", add_second, run_nothing},
}};

TEST(ManPage, SharedFlagsOnceThenEachCommandsOwn) {
    auto roff = man_page_options(kTable);
    auto common = roff.find(".SH COMMON OPTIONS");
    auto options = roff.find(".SH OPTIONS");
    ASSERT_NE(common, std::string::npos) << roff;
    ASSERT_NE(options, std::string::npos) << roff;
    EXPECT_NE(roff.find(".TP\n\\fB\\-\\-config\\fR \\fIFILE\\fR\nthe config.\n"), std::string::npos)
        << roff;
    EXPECT_EQ(roff.find("\\-\\-config", options), std::string::npos) << "listed twice: " << roff;
    EXPECT_NE(roff.find(".SS \"patchbay first\"\ndoes one thing.\n"), std::string::npos) << roff;
    EXPECT_NE(roff.find("report format (text, json).\n"), std::string::npos) << roff;
    EXPECT_NE(roff.find("where. it goes; required.\n"), std::string::npos) << roff;
    EXPECT_NE(roff.find("go on; only with \\-\\-worktree.\n"), std::string::npos) << roff;
    EXPECT_NE(
        roff.find(".PP\nExactly one of \\-\\-worktree and \\-\\-from\\-commit is required.\n"),
        std::string::npos)
        << roff;
    EXPECT_NE(roff.find("does \\eanother"), std::string::npos) << "a backslash is escaped";
}

TEST(ManPage, FillsTheTemplatesMarkers) {
    auto page = fill_man_page(
        ".TH X 1 \"patchbay @PATCHBAY_VERSION@\"\n@PATCHBAY_OPTIONS@\n.SH END\n", kTable);
    EXPECT_EQ(page.find("@PATCHBAY"), std::string::npos) << page;
    EXPECT_NE(page.find(".SH COMMON OPTIONS"), std::string::npos) << page;
    EXPECT_NE(page.find(".SH END"), std::string::npos) << page;
}

}  // namespace
}  // namespace patchbay
