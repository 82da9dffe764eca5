#include "rebase/rebase_state.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

RebaseState sample() {
    RebaseState state;
    state.onto = "v2";
    state.onto_commit = "1111";
    state.from_commit = "2222";
    state.committed = {"0001-a.patch", "0002-b.patch"};
    state.series = {{"0001-a.patch", "aa"}, {"0002-b.patch", "bb"}};
    state.resolved = {{"0002-b.patch", "3333", {"b.txt", "dir/with space.txt"}}};
    state.pending = PendingPatch{"0004-d.patch", "4444", {"d.txt"}};
    return state;
}

TEST(RebaseState, ReadsBackWhatItWrites) {
    auto text = format_rebase_state(sample());
    auto read = parse_rebase_state(text, "W/.git/patchbay-rebase");
    ASSERT_TRUE(read) << read.error().located();
    EXPECT_EQ(read->onto, "v2");
    EXPECT_EQ(read->onto_commit, "1111");
    EXPECT_EQ(read->from_commit, "2222");
    EXPECT_EQ(read->committed, (std::vector<std::string>{"0001-a.patch", "0002-b.patch"}));
    ASSERT_EQ(read->series.size(), 2u);
    EXPECT_EQ(read->series[1].name, "0002-b.patch");
    EXPECT_EQ(read->series[1].sha256, "bb");
    ASSERT_EQ(read->resolved.size(), 1u);
    EXPECT_EQ(read->resolved[0].commit, "3333");
    EXPECT_EQ(read->resolved[0].paths, (std::vector<std::string>{"b.txt", "dir/with space.txt"}));
    ASSERT_TRUE(read->pending);
    EXPECT_EQ(read->pending->name, "0004-d.patch");
    EXPECT_EQ(read->pending->base, "4444");
    EXPECT_EQ(read->pending->paths, std::vector<std::string>{"d.txt"});
}

TEST(RebaseState, NoPendingPatchOnceAllIsCarried) {
    auto state = sample();
    state.pending.reset();
    auto read = parse_rebase_state(format_rebase_state(state), "s");
    ASSERT_TRUE(read);
    EXPECT_FALSE(read->pending);
}

TEST(RebaseState, AnUnknownRecordIsAnErrorWithItsLine) {
    auto text = format_rebase_state(sample()) + "mystery\tx\n";
    auto read = parse_rebase_state(text, "W/.git/patchbay-rebase");
    ASSERT_FALSE(read);
    EXPECT_EQ(read.error().file, "W/.git/patchbay-rebase");
    EXPECT_EQ(read.error().line, 15);
}

TEST(RebaseState, AnotherVersionOrAPathOfNoPatchIsRefused) {
    EXPECT_FALSE(parse_rebase_state("version\t2\nonto-commit\t1\nfrom-commit\t2\n", "s"));
    EXPECT_FALSE(parse_rebase_state("onto-commit\t1\nfrom-commit\t2\npath\tx\ty\n", "s"));
}

TEST(RebaseState, AFileWithoutTheRevisionsIsNotAState) {
    EXPECT_FALSE(parse_rebase_state("# just a comment\n", "s"));
}

}  // namespace
}  // namespace patchbay
