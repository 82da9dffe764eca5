// The flag declarations that --help and the man page are both made from.

#include "tool/flags.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(Flag, SpellsItsNamesAsHelpShowsThem) {
    FlagSet flags;
    std::string output;
    auto& flag = flags.option("--output,-o", &output, "FILE", "where");
    EXPECT_EQ(flag.long_name(), "--output");
    EXPECT_EQ(flag.spellings(), "--output, -o");
    EXPECT_FALSE(flag.is_switch());
    EXPECT_FALSE(flag.is_positional());
}

TEST(Flag, APositionalShowsItsNameInCapitals) {
    FlagSet flags;
    std::vector<std::string> names;
    auto& flag = flags.positional("names", &names, "which");
    EXPECT_TRUE(flag.is_positional());
    EXPECT_TRUE(flag.takes_many());
    EXPECT_EQ(flag.value_name, "NAMES");
}

TEST(FlagSet, KeepsOrderAndTheReferencesItReturned) {
    FlagSet flags;
    bool check = false;
    int bench = 0;
    auto& first = flags.toggle("--check", check, "only compare");
    for (int i = 0; i < 100; ++i) flags.option("--n" + std::to_string(i), &bench, "N", "");
    first.needs("--worktree").required();
    EXPECT_TRUE(flags.flags().front().is_switch());
    EXPECT_EQ(flags.flags().front().needed_flag, "--worktree");
    EXPECT_TRUE(flags.flags().front().is_required);
    EXPECT_EQ(flags.flags().size(), 101u);
}

TEST(FlagSet, StatesARuleOverSeveralFlags) {
    FlagSet flags;
    flags.exactly_one_of({"--worktree", "--from-commit"});
    ASSERT_EQ(flags.one_of_groups().size(), 1u);
    EXPECT_EQ(one_of_rule(flags.one_of_groups()[0]),
              "exactly one of --worktree and --from-commit is required");
    EXPECT_EQ(one_of_sentence({"--a", "--b", "--c"}),
              "Exactly one of --a, --b and --c is required.");
}

TEST(Flag, RangesAndChoices) {
    FlagSet flags;
    int bench = 0;
    std::string fail_on;
    auto& ranged = flags.option("--bench", &bench, "N", "").range(1, 1000);
    auto& chosen = flags.option("--fail-on", &fail_on, "WHICH", "").one_of({"new", "all"});
    EXPECT_EQ(ranged.minimum, 1);
    EXPECT_EQ(ranged.maximum, 1000);
    EXPECT_EQ(chosen.choices, (std::vector<std::string>{"new", "all"}));
}

}  // namespace
}  // namespace patchbay
