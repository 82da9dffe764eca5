#include "regenerate/kept_hunks.hpp"

#include <gtest/gtest.h>

#include "patches/patch_writer.hpp"
#include "regenerate/old_sections.hpp"
#include "tests/support/parsed_patch.hpp"

namespace patchbay {
namespace {

// Lines "\tN": a tab first, so no line is a function line to git or GNU diff -p.
std::string tabbed(int from, int to) {
    std::string text;
    for (int i = from; i <= to; ++i) text += "\t" + std::to_string(i) + "\n";
    return text;
}

std::string edited(std::string text, const std::string& from, const std::string& to) {
    return text.replace(text.find(from), from.size(), to);
}

const std::string kBefore = tabbed(1, 30);

// Two hunks as `diff -u` wrote them; the second's numbers are two lines stale (it lands at 20,
// its header says 18) and it carries a function name that the file no longer has.
const std::string kFirst = "@@ -3,7 +3,7 @@\n \t3\n \t4\n \t5\n-\t6\n+\tSIX\n \t7\n \t8\n \t9\n";
const std::string kSecond =
    "@@ -18,7 +18,7 @@ stale_name\n \t20\n \t21\n \t22\n-\t23\n+\tTWENTY-THREE\n \t24\n \t25\n "
    "\t26\n";
const std::string kPatch = "--- a/f\n+++ b/f\n" + kFirst + kSecond;
const std::string kAfter =
    edited(edited(kBefore, "\t6\n", "\tSIX\n"), "\t23\n", "\tTWENTY-THREE\n");

// The hunks kept_hunks gives for the old patch and `after`, rendered; "none" when it keeps none.
std::string kept_for(const std::string& before, const std::string& after,
                     const std::string& patch = kPatch) {
    const auto parsed = test_support::parse(patch);
    const auto sections = section_texts(parsed, patch);
    auto kept = keep_untouched_hunks(before, after, {parsed.files[0].hunks, sections[0].hunks},
                                     DiffLayout{3, false});
    EXPECT_TRUE(kept.ok()) << kept.error().message;
    if (!kept.ok() || !*kept) return "none";
    std::string out;
    for (const auto& hunk : **kept) out += render_hunk(hunk);
    return out;
}

TEST(KeptHunks, AnEditInOneHunkLeavesTheOtherAsWrittenStaleNumbersAndAll) {
    EXPECT_EQ(kept_for(kBefore, edited(kAfter, "\t5\n", "\tFIVE\n")),
              "@@ -2,8 +2,8 @@\n \t2\n \t3\n \t4\n-\t5\n-\t6\n+\tFIVE\n+\tSIX\n \t7\n \t8\n \t9\n" +
                  kSecond);
}

// Lines added above a kept hunk move its "+" start; its body stays as written.
TEST(KeptHunks, LinesAddedAboveMoveAKeptHunksNewStart) {
    EXPECT_EQ(kept_for(kBefore, edited(kAfter, "\tSIX\n", "\tSIX\n\tSIX AND A HALF\n")),
              "@@ -3,7 +3,8 @@\n \t3\n \t4\n \t5\n-\t6\n+\tSIX\n+\tSIX AND A HALF\n \t7\n \t8\n "
              "\t9\n"
              "@@ -18,7 +19,7 @@ stale_name\n \t20\n \t21\n \t22\n-\t23\n+\tTWENTY-THREE\n \t24\n "
              "\t25\n \t26\n");
}

// A change between the hunks gets a hunk of its own, with the full context, between them.
TEST(KeptHunks, AnEditBetweenTheHunksIsAFreshHunkBetweenThem) {
    EXPECT_EQ(
        kept_for(kBefore, edited(kAfter, "\t14\n", "\tFOURTEEN\n")),
        kFirst +
            "@@ -11,7 +11,7 @@\n \t11\n \t12\n \t13\n-\t14\n+\tFOURTEEN\n \t15\n \t16\n \t17\n" +
            kSecond);
}

// A change whose context would overlap a hunk (the line below its last context line) is
// merged with it: two hunks that overlap do not apply.
TEST(KeptHunks, AnEditNextToAHunkIsMergedWithIt) {
    EXPECT_EQ(
        kept_for(kBefore, edited(kAfter, "\t10\n", "\tTEN\n")),
        "@@ -3,11 +3,11 @@\n \t3\n \t4\n \t5\n-\t6\n+\tSIX\n \t7\n \t8\n \t9\n-\t10\n+\tTEN\n "
        "\t11\n \t12\n \t13\n" +
            kSecond);
}

// A fresh hunk gets the function line above it even when that line is above the gap it was
// diffed in (here above the first, kept hunk).
TEST(KeptHunks, AFreshHunkFindsTheFunctionLineAboveTheGap) {
    const std::string before = edited(kBefore, "\t1\n", "int f(void)\n");
    const std::string after = edited(edited(kAfter, "\t1\n", "int f(void)\n"), "\t14\n", "\tX\n");
    EXPECT_NE(kept_for(before, after).find("@@ -11,7 +11,7 @@ int f(void)\n"), std::string::npos);
}

TEST(KeptHunks, NoneWhenTheEditReachesEveryHunk) {
    EXPECT_EQ(kept_for(kBefore, edited(edited(kAfter, "\t5\n", "\t-\n"), "\t24\n", "\t-\n")),
              "none");
}

// Only hunks that land at fuzz 0 are kept: one that needs fuzz is no longer what was written.
TEST(KeptHunks, NoneWhenAnOldHunkNeedsFuzz) {
    const std::string before = edited(kBefore, "\t3\n", "\tthree\n");
    EXPECT_EQ(kept_for(before, edited(edited(kAfter, "\t3\n", "\tthree\n"), "\t24\n", "\t-\n")),
              "none");
}

TEST(KeptHunks, NoneWhenNothingIsKeptBecauseNothingChanged) {
    EXPECT_EQ(kept_for(kBefore, kBefore), "none");
}

}  // namespace
}  // namespace patchbay
