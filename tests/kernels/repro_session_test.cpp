// Which reproducers a run picks, and what stops a run before any reproducer is built. The runs
// themselves (trees written, builds, arms, bench) go through the command in
// tests/cli/repro_cli_test.cpp, with the fake nvcc of tests/kernels/fake_nvcc.hpp.

#include "kernels/repro_session.hpp"

#include <gtest/gtest.h>

#include "tests/support/memory_source.hpp"

namespace patchbay {
namespace {

Config with_repros(const std::vector<std::string>& names) {
    Config config;
    config.file = "patchbay.toml";
    for (const auto& name : names) {
        ReproConfig repro;
        repro.name = name;
        config.repro.push_back(repro);
    }
    return config;
}

std::vector<std::string> names_of(const std::vector<ReproConfig>& repros) {
    std::vector<std::string> names;
    for (const auto& repro : repros) names.push_back(repro.name);
    return names;
}

TEST(SelectRepros, NoNamesIsEveryEntry) {
    auto chosen = select_repros(with_repros({"a", "b"}), {});
    ASSERT_TRUE(chosen);
    EXPECT_EQ(names_of(*chosen), (std::vector<std::string>{"a", "b"}));
}

TEST(SelectRepros, NamedOnesInTheOrderNamed) {
    auto chosen = select_repros(with_repros({"a", "b", "c"}), {"c", "a"});
    ASSERT_TRUE(chosen);
    EXPECT_EQ(names_of(*chosen), (std::vector<std::string>{"c", "a"}));
}

TEST(SelectRepros, AnUnknownNameIsAnError) {
    auto chosen = select_repros(with_repros({"a"}), {"b"});
    ASSERT_FALSE(chosen);
    EXPECT_EQ(chosen.error().message, "no [[repro]] named 'b'");
}

TEST(ReproSession, AnArmsPatchTheSeriesLacksStopsTheRun) {
    SeriesPlan plan;
    test_support::MemorySource source;
    ReproOptions options;
    options.arms = "missing.patch";
    options.compile_only = true;
    auto report = run_repro_session(with_repros({"a"}), {plan, source}, options,
                                    with_repros({"a"}).repro, ReproRun{});
    EXPECT_FALSE(report);
}

}  // namespace
}  // namespace patchbay
