#include "patches/diff_model.hpp"

#include <gtest/gtest.h>

namespace patchbay {
namespace {

Hunk make_hunk(std::initializer_list<std::pair<char, const char*>> body) {
    Hunk hunk;
    for (auto [kind, text] : body) hunk.lines.push_back({static_cast<LineKind>(kind), text, 0});
    return hunk;
}

TEST(Hunk, CountsContextAroundChanges) {
    Hunk hunk = make_hunk({{' ', "a\n"}, {' ', "b\n"}, {'-', "c\n"}, {'+', "C\n"}, {' ', "d\n"}});
    EXPECT_EQ(hunk.prefix_context(), 2);
    EXPECT_EQ(hunk.suffix_context(), 1);
    EXPECT_EQ(hunk.body_old_count(), 4);
    EXPECT_EQ(hunk.body_new_count(), 4);
}

TEST(Hunk, ReversedSwapsSidesAndKeepsRemovedBeforeAdded) {
    Hunk hunk = make_hunk({{' ', "a\n"}, {'-', "old\n"}, {'+', "new\n"}});
    hunk.old_start = 1, hunk.old_count = 2, hunk.new_start = 3, hunk.new_count = 2;
    Hunk back = reversed(hunk);
    EXPECT_EQ(back.old_start, 3);
    EXPECT_EQ(back.new_start, 1);
    ASSERT_EQ(back.lines.size(), 3u);
    EXPECT_EQ(back.lines[1].kind, LineKind::removed);
    EXPECT_EQ(back.lines[1].text, "new\n");
    EXPECT_EQ(back.lines[2].kind, LineKind::added);
    EXPECT_EQ(back.lines[2].text, "old\n");
}

TEST(StripPath, RemovesLeadingComponents) {
    EXPECT_EQ(strip_path("a/b/c.py", 1), "b/c.py");
    EXPECT_EQ(strip_path("a/b/c.py", 0), "a/b/c.py");
    EXPECT_EQ(strip_path("c.py", 1), std::nullopt);
    EXPECT_EQ(strip_path("/dev/null", 1), std::nullopt);
}

}  // namespace
}  // namespace patchbay
