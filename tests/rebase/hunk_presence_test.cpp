#include "rebase/hunk_presence.hpp"

#include <gtest/gtest.h>

#include <string>

#include "common/text_lines.hpp"

namespace patchbay {
namespace {

// Twenty distinct lines of C, the old upstream's file.
std::string presence_base() {
    std::string text;
    for (int i = 1; i <= 20; ++i)
        text += "    call_number_" + std::to_string(i) + "(state, " + std::to_string(i) + ");\n";
    return text;
}

std::string edited(std::string text, const std::string& from, const std::string& to) {
    auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

// The verdict on the only hunk of base → theirs, upstream being `ours`.
class PresenceCase {
  public:
    PresenceCase(std::string theirs, std::string ours, std::string base = presence_base())
        : base_(std::move(base)), theirs_(std::move(theirs)), ours_(std::move(ours)) {
        sides_.base = split_lines(base_);
        sides_.theirs = split_lines(theirs_);
        sides_.ours = split_lines(ours_);
        sides_.upstream = line_edits(base_, ours_).value();
        index_tokens(sides_);
        hunks_ = change_hunks(line_edits(base_, theirs_).value());
    }
    HunkVerdict verdict() const {
        EXPECT_EQ(hunks_.size(), 1u);
        return hunk_presence(sides_, hunks_.front());
    }

  private:
    std::string base_, theirs_, ours_;
    FileSides sides_;
    std::vector<ChangeHunk> hunks_;
};

const std::string kOldLine = "    call_number_10(state, 10);\n";
const std::string kFix =
    "    if (state == NULL)\n        return report_missing_state(context);\n"
    "    call_number_10(state, 10);\n";

TEST(HunkPresence, EditsCloserThanTwiceTheContextShareAHunk) {
    std::vector<LineEdit> edits{{2, 1, 2, 1}, {8, 1, 8, 1}, {16, 1, 16, 1}};
    auto hunks = change_hunks(edits);
    ASSERT_EQ(hunks.size(), 2u) << "line 2 and 8 are six lines apart, 8 and 16 seven";
    EXPECT_EQ(hunks[0].edits.size(), 2u);
    EXPECT_EQ(hunks[0].base_begin(), 2u);
    EXPECT_EQ(hunks[0].base_end(), 9u);
}

TEST(HunkPresence, BaseLinesMapThroughWhatUpstreamInsertedAndReplaced) {
    std::vector<LineEdit> upstream{{0, 0, 0, 2}, {5, 1, 7, 3}};
    EXPECT_EQ(map_to_ours(upstream, 3, false), 5u) << "two lines inserted above";
    EXPECT_EQ(map_to_ours(upstream, 5, false), 7u) << "the start of what replaced line 5";
    EXPECT_EQ(map_to_ours(upstream, 5, true), 10u) << "one past its end";
    EXPECT_EQ(map_to_ours(upstream, 8, false), 12u);
}

TEST(HunkPresence, TheFixReindentedUpstreamIsExact) {
    auto theirs = edited(presence_base(), kOldLine, kFix);
    auto ours =
        edited(presence_base(), kOldLine,
               "\tif (state == NULL)\n\t\treturn report_missing_state(context);\n" + kOldLine);
    EXPECT_EQ(PresenceCase(theirs, ours).verdict().presence, HunkPresence::exact);
}

TEST(HunkPresence, AFixUpstreamRewordedIsModifiedWithItsCounts) {
    auto theirs = edited(presence_base(), kOldLine,
                         "    check_state_is_valid(state);\n    log_state_for_debugging(state);\n"
                         "    call_number_10(state, 10, flags);\n    finish_the_state(state);\n");
    // Upstream took three of the four lines and wrote the fourth its own way, with an extra
    // line of its own above.
    auto ours = edited(presence_base(), kOldLine,
                       "    /* upstream's comment on the fix */\n    check_state_is_valid(state);\n"
                       "    log_state_for_debugging(state, LOG_DEBUG);\n"
                       "    call_number_10(state, 10, flags);\n    finish_the_state(state);\n");
    auto verdict = PresenceCase(theirs, ours).verdict();
    EXPECT_EQ(verdict.presence, HunkPresence::modified);
    EXPECT_EQ(verdict.added, 4);
    EXPECT_EQ(verdict.present, 3);
}

TEST(HunkPresence, AddedLinesUpstreamLacksAreNoPresence) {
    auto theirs = edited(presence_base(), kOldLine,
                         "    check_state_is_valid(state);\n    call_number_10(state, 10);\n"
                         "    debian_specific_default_path(\"/etc/foo\");\n");
    auto ours = edited(presence_base(), kOldLine,
                       "    check_state_is_valid(state);\n    call_number_10(state, 10);\n");
    auto verdict = PresenceCase(theirs, ours).verdict();
    EXPECT_EQ(verdict.presence, HunkPresence::absent) << "1 of 2 added lines is not 75 %";
    EXPECT_EQ(verdict.present, 1);
}

TEST(HunkPresence, ARemovedLineStillThereIsNoPresence) {
    // The patch replaces the call; upstream added the new call but kept the old one.
    auto theirs = edited(presence_base(), kOldLine, "    call_number_10_safely(state, 10);\n");
    auto ours =
        edited(presence_base(), kOldLine, "    call_number_10_safely(state, 10);\n" + kOldLine);
    EXPECT_EQ(PresenceCase(theirs, ours).verdict().presence, HunkPresence::absent);
}

TEST(HunkPresence, ARemovalWhereUpstreamChangedTheLineInsteadIsNoPresence) {
    // The patch drops a flag line; upstream changed that line: the line is gone, yet the
    // patch's removal is not what upstream did.
    auto theirs = edited(presence_base(), kOldLine, "");
    auto ours = edited(presence_base(), kOldLine, "    call_number_10(state, 10, -Werror);\n");
    EXPECT_EQ(PresenceCase(theirs, ours).verdict().presence, HunkPresence::absent);
}

TEST(HunkPresence, ARemovalUpstreamMadeIsExact) {
    auto theirs = edited(presence_base(), kOldLine, "");
    EXPECT_EQ(PresenceCase(theirs, theirs).verdict().presence, HunkPresence::exact);
}

TEST(HunkPresence, AFixInCodeUpstreamMovedIsFoundWhereTheCodeWent) {
    // Upstream moved calls 7 to 13 to the end of the file, the fix with them.
    auto theirs = edited(presence_base(), kOldLine, kFix);
    std::string moved, rest;
    for (int i = 1; i <= 20; ++i) {
        auto line =
            "    call_number_" + std::to_string(i) + "(state, " + std::to_string(i) + ");\n";
        if (i == 10) line = kFix;
        (i >= 7 && i <= 13 ? moved : rest) += line;
    }
    auto verdict = PresenceCase(theirs, rest + moved).verdict();
    EXPECT_EQ(verdict.presence, HunkPresence::modified);
    EXPECT_EQ(verdict.present, 2);
}

TEST(HunkPresence, ARevisionLineUpstreamMovedFurtherIsUpstream) {
    const std::string id = "/* $OpenBSD: f.c,v 1.39 2022/07/20 03:29:14 djm Exp $ */\n";
    auto base = id + presence_base();
    auto theirs = edited(base, "1.39 2022/07/20", "1.40 2023/07/19");
    auto ours = edited(base, "1.39 2022/07/20", "1.44 2024/05/17");
    EXPECT_EQ(PresenceCase(theirs, ours, base).verdict().presence, HunkPresence::exact);
    auto other = edited(base, id, "/* the revision line is gone */\n");
    EXPECT_EQ(PresenceCase(theirs, other, base).verdict().presence, HunkPresence::absent);
}

TEST(HunkPresence, AFixUpstreamPutElsewhereInTheFileIsNotLookedFor) {
    auto theirs = edited(presence_base(), kOldLine, kFix);
    auto ours = edited(presence_base(), "    call_number_1(state, 1);\n",
                       "    if (state == NULL)\n        return report_missing_state(context);\n"
                       "    call_number_1(state, 1);\n");
    EXPECT_EQ(PresenceCase(theirs, ours).verdict().presence, HunkPresence::absent)
        << "far from the hunk's place, the same lines prove nothing";
}

}  // namespace
}  // namespace patchbay
