// End-to-end: --help, the man page and mistyped commands. The man page's options are written
// from the same declarations as --help (tool/man_page.cpp); this holds the built binary's --help
// against the built man page, so that neither can name an option the other lacks.
// Also tests tool/cli.cpp and tool/commands.cpp (through the binary).

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "tests/support/cli.hpp"

namespace patchbay {
namespace {

using test_support::contains;
using test_support::kDemo;
using test_support::patchbay;

std::string read_man_page() {
    std::ifstream in(PATCHBAY_MAN_PAGE, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// The commands `patchbay --help` lists under "Subcommands:".
std::vector<std::string> listed_commands() {
    auto help = patchbay({"--help"}, kDemo).out;
    std::vector<std::string> names;
    std::smatch match;
    std::regex entry(R"(\n  ([a-z-]+) )");
    for (auto it = help.cbegin() + static_cast<long>(help.find("Subcommands:"));
         std::regex_search(it, help.cend(), match, entry); it = match[0].second)
        names.push_back(match[1]);
    return names;
}

// The long options a text names: "--fuzz" in --help, "\fB\-\-fuzz\fR" in roff.
std::set<std::string> long_options(std::string text) {
    text = std::regex_replace(text, std::regex(R"(\\-)"), "-");
    text = std::regex_replace(text, std::regex(R"(\\f[BIRP])"), " ");
    std::set<std::string> found;
    std::regex option(R"((^|[\s,])(--[a-z][a-z-]*))");
    for (std::sregex_iterator it(text.begin(), text.end(), option), end; it != end; ++it)
        found.insert((*it)[2]);
    return found;
}

// The option lines of `patchbay COMMAND --help`: those that start with a flag.
std::set<std::string> help_options(const std::string& command) {
    std::istringstream help(patchbay({command, "--help"}, kDemo).out);
    std::string lines;
    for (std::string line; std::getline(help, line);)
        if (line.rfind("  -", 0) == 0) lines += line.substr(0, line.find("  ", 2)) + "\n";
    auto found = long_options(lines);
    found.erase("--help");
    return found;
}

// The man page's COMMON OPTIONS and the section of one command.
std::string man_section(const std::string& page, const std::string& heading,
                        const std::string& next_marker) {
    auto start = page.find(heading);
    if (start == std::string::npos) return "";
    auto end = page.find(next_marker, start + heading.size());
    return page.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

std::set<std::string> man_options(const std::string& page, const std::string& command) {
    auto roff_name = std::regex_replace(command, std::regex("-"), "\\-");
    auto section = man_section(page, ".SS \"patchbay " + roff_name + "\"", ".S");
    auto common = man_section(page, ".SH COMMON OPTIONS", ".SH");
    std::set<std::string> found;
    for (const auto& text : {section, common}) {
        std::istringstream lines(text);
        for (std::string line, previous; std::getline(lines, line); previous = line)
            if (previous == ".TP") found.merge(long_options(line));  // an item's head line
    }
    return found;
}

TEST(HelpAndManPage, NameTheSameOptionsForEveryCommand) {
    auto page = read_man_page();
    ASSERT_FALSE(page.empty()) << "no man page at " << PATCHBAY_MAN_PAGE;
    auto commands = listed_commands();
    ASSERT_EQ(commands.size(), 8u);
    for (const auto& command : commands) {
        auto in_help = help_options(command);
        EXPECT_GT(in_help.size(), 5u) << command;
        EXPECT_EQ(in_help, man_options(page, command)) << "patchbay " << command;
    }
}

TEST(HelpAndManPage, TheManPageNamesWhatAPlainDebianTreeNeeds) {
    auto page = std::regex_replace(read_man_page(), std::regex(R"(\\-)"), "-");
    for (const char* needed : {"--pristine", "--series", "--strip, -p", "--fuzz, -F", "--rev",
                               "--allow-dirty", "--continue", "--list", "--ctest", "markdown"})
        EXPECT_TRUE(contains(page, needed)) << needed;
    EXPECT_TRUE(contains(page, "patchbay-regenerate-check")) << "SEE ALSO";
    EXPECT_FALSE(contains(page, "@PATCHBAY_")) << "a marker left unfilled";
}

TEST(HelpAndManPage, NumbersAndChoicesAreNotShownAsText) {
    auto help = patchbay({"check-series", "--help"}, kDemo).out;
    EXPECT_TRUE(contains(help, "-p,--strip N")) << help;
    EXPECT_TRUE(contains(help, "-F,--fuzz N")) << help;
    EXPECT_FALSE(contains(help, "TEXT")) << help;
}

TEST(HelpAndManPage, RegenerateSaysWhichSourceItNeeds) {
    auto help = patchbay({"regenerate", "--help"}, kDemo);
    EXPECT_TRUE(contains(help.out, "Exactly one of --worktree and --from-commit is required."))
        << help.out;
    auto neither = patchbay({"regenerate", "0001-demo.patch"}, kDemo);
    EXPECT_EQ(neither.status, 2);
    EXPECT_TRUE(contains(neither.err,
                         "patchbay: error: regenerate: exactly one of --worktree "
                         "and --from-commit is required"))
        << neither.err;
    auto both = patchbay({"regenerate", "x", "--worktree", "w", "--from-commit", "HEAD"}, kDemo);
    EXPECT_EQ(both.status, 2);
    EXPECT_TRUE(contains(both.err, "exactly one of --worktree and --from-commit")) << both.err;
}

TEST(UnknownCommand, IsNamedWithTheCommandsAndTheClosestOne) {
    auto result = patchbay({"chek-series"}, kDemo);
    EXPECT_EQ(result.status, 2);
    EXPECT_EQ(result.err.rfind("patchbay: error: unknown command 'chek-series'", 0), 0u)
        << result.err;
    EXPECT_TRUE(contains(result.err, "did you mean 'check-series'?")) << result.err;
    for (const char* name : {"check-series", "apply", "audit-kernels", "regenerate", "rebase",
                             "repro", "verify", "config"})
        EXPECT_TRUE(contains(result.err, name)) << name;
    EXPECT_TRUE(result.out.empty()) << result.out;
}

TEST(UnknownCommand, AWordFarFromEveryCommandGetsNoGuess) {
    auto result = patchbay({"bogus"}, kDemo);
    EXPECT_EQ(result.status, 2);
    EXPECT_TRUE(contains(result.err, "unknown command 'bogus'")) << result.err;
    EXPECT_FALSE(contains(result.err, "did you mean")) << result.err;
}

TEST(UnknownCommand, NoCommandAtAllListsThem) {
    auto result = patchbay({}, kDemo);
    EXPECT_EQ(result.status, 2);
    EXPECT_TRUE(contains(result.err, "patchbay: error: a command is required")) << result.err;
    EXPECT_TRUE(contains(result.err, "check-series")) << result.err;
}

TEST(UnknownCommand, OptionsBeforeACommandStillWork) {
    auto version = patchbay({"--version"}, kDemo);
    EXPECT_EQ(version.status, 0);
    EXPECT_TRUE(contains(version.out, "patchbay ")) << version.out;
    EXPECT_EQ(patchbay({"--help"}, kDemo).status, 0);
}

}  // namespace
}  // namespace patchbay
