#include "rebase/name_presence.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

TEST(NamePresence, CountsWhatThePatchBringsInAndTakesOut) {
    auto share = count_names(
        {{"int total = legacy_sum(items);\n", "int total = checked_sum(items, limit);\n",
          "int total = checked_sum(items, max_items);\n"}});
    EXPECT_EQ(share.introduced, 2) << "checked_sum and limit: shorter words are not counted";
    EXPECT_EQ(share.present, 1) << "upstream has checked_sum, not limit";
    EXPECT_EQ(share.removed, 1) << "legacy_sum";
    EXPECT_EQ(share.lingering, 0);
}

TEST(NamePresence, AddsUpOverFiles) {
    auto share =
        count_names({{"", "alpha_one\n", "alpha_one\n"}, {"gamma_old\n", "", "gamma_old\n"}});
    EXPECT_EQ(share.introduced, 1);
    EXPECT_EQ(share.present, 1);
    EXPECT_EQ(share.removed, 1);
    EXPECT_EQ(share.lingering, 1);
}

TEST(NamePresence, ANameIsPresentInAnyOfThePatchsFilesAndGoneFromItsOwn) {
    // The check the patch adds to url.c, upstream wrote in ftp.c; the field it removes from
    // url.c is gone there, though ftp.c has it.
    auto share =
        count_names({{"match(a, b, old_field)\n", "match(a, b, account_name)\n", "match(a, b)\n"},
                     {"old_field\n", "old_field\n", "old_field\naccount_name\n"}});
    EXPECT_EQ(share.introduced, 1);
    EXPECT_EQ(share.present, 1) << "ftp.c has account_name";
    EXPECT_EQ(share.removed, 1);
    EXPECT_EQ(share.lingering, 0) << "url.c no longer has old_field";
    auto had = count_names({{"match(a, b)\n", "match(a, b, account_name)\n", "match(a, b)\n"},
                            {"account_name\n", "x\n", "account_name\n"}});
    EXPECT_EQ(had.present, 0) << "ftp.c had account_name before: upstream did not bring it";
}

TEST(NamePresence, NeedsAHunkFoundUpstream) {
    EXPECT_FALSE(upstream_by_names(0, NameShare{5, 5, 0, 0}))
        << "names alone: upstream may have written the same names for another change";
    EXPECT_TRUE(upstream_by_names(1, NameShare{5, 5, 0, 0}));
}

TEST(NamePresence, NeedsTwoNames) {
    EXPECT_FALSE(upstream_by_names(1, NameShare{1, 1, 0, 0}));
    EXPECT_TRUE(upstream_by_names(1, NameShare{1, 1, 1, 0})) << "one in, one out, both agree";
    EXPECT_TRUE(upstream_by_names(1, NameShare{0, 0, 2, 0})) << "a patch that only removes";
}

TEST(NamePresence, FourInFiveMustAgree) {
    EXPECT_TRUE(upstream_by_names(1, NameShare{5, 4, 0, 0}));
    EXPECT_FALSE(upstream_by_names(1, NameShare{5, 3, 0, 0}));
    EXPECT_FALSE(upstream_by_names(1, NameShare{3, 3, 1, 1}))
        << "a name it takes out that upstream still has counts against";
    EXPECT_TRUE(upstream_by_names(1, NameShare{8, 8, 2, 1}));
}

}  // namespace
}  // namespace patchbay
