// libgit2's line diff of two texts. `git diff --no-index -U0` is the oracle for the edits of a
// real file; the small cases are read off by hand.

#include "common/text_diff.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <regex>

#include "common/text_lines.hpp"
#include "tests/support/tagged_lines.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/temp_tree.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::replaced;
using test_support::TempTree;

std::vector<LineEdit> edits(std::string_view before, std::string_view after) {
    auto result = line_edits(before, after);
    EXPECT_TRUE(result.ok());
    return result.ok() ? *result : std::vector<LineEdit>{};
}

TEST(LineEdits, InsertionsRemovalsAndReplacements) {
    EXPECT_TRUE(edits("", "").empty());
    EXPECT_TRUE(edits("a\nb\n", "a\nb\n").empty());
    // "x" inserted after line 0; "c" (line 2) replaced by "q"; "d" (line 4) removed.
    EXPECT_EQ(edits("a\nb\nc\nz\nd\n", "a\nx\nb\nq\nz\n"),
              (std::vector<LineEdit>{{1, 0, 1, 1}, {2, 1, 3, 1}, {4, 1, 5, 0}}));
    EXPECT_EQ(edits("", "a\nb\n"), (std::vector<LineEdit>{{0, 0, 0, 2}}));
    EXPECT_EQ(edits("a\nb\n", ""), (std::vector<LineEdit>{{0, 2, 0, 0}}));
    EXPECT_EQ(edits("a\n", "top\na\n"), (std::vector<LineEdit>{{0, 0, 0, 1}}));
}

// A line is compared with its terminator; bytes git would call binary are diffed as text.
TEST(LineEdits, TerminatorsCountAndEveryTextIsText) {
    EXPECT_EQ(edits("a\nb", "a\nb\n"), (std::vector<LineEdit>{{1, 1, 1, 1}}));
    EXPECT_EQ(edits(std::string("a\0\nb\n", 5), std::string("a\0\nc\n", 5)),
              (std::vector<LineEdit>{{1, 1, 1, 1}}));
}

// No budget on the edits: a kept line is found across thousands of replaced ones.
TEST(LineEdits, LargeRewritesKeepTheLinesTheyKeep) {
    std::string before = "k\n", after;
    for (int i = 0; i < 5000; ++i) before += "o" + std::to_string(i) + "\n";
    for (int i = 0; i < 5000; ++i) after += "n" + std::to_string(i) + "\n";
    after += "k\n";
    EXPECT_EQ(edits(before, after), (std::vector<LineEdit>{{0, 0, 0, 5000}, {1, 5000, 5001, 0}}));
}

// Random texts of a few distinct lines, some without a last "\n": the lines between the edits
// are the same lines in both texts, and the edits cover the rest of both.
TEST(LineEdits, TheLinesBetweenTheEditsAreKept) {
    std::mt19937 random(26);
    auto text = [&] {
        std::string t;
        const int lines = std::uniform_int_distribution<int>(0, 12)(random);
        const bool terminated = std::uniform_int_distribution<int>(0, 1)(random) == 1;
        for (int i = 0; i < lines; ++i) {
            t += "abc"[std::uniform_int_distribution<int>(0, 2)(random)];
            if (i + 1 < lines || terminated) t += '\n';
        }
        return t;
    };
    for (int i = 0; i < 3000; ++i) {
        const auto before = text(), after = text();
        const auto old_lines = split_lines(before), new_lines = split_lines(after);
        std::size_t from = 0, at = 0;
        auto kept_until = [&](std::size_t before_end, std::size_t after_end) {
            ASSERT_EQ(before_end - from, after_end - at) << before << "|" << after;
            for (; at < after_end; ++at, ++from) ASSERT_EQ(old_lines[from], new_lines[at]);
        };
        for (const auto& edit : edits(before, after)) {
            kept_until(edit.before_start, edit.after_start);
            from += edit.before_count, at += edit.after_count;
        }
        kept_until(old_lines.size(), new_lines.size());
    }
}

// "@@ -a,b +c,d @@" of `git diff -U0` as an edit: a 0 count names the line before.
std::vector<LineEdit> git_edits(const std::string& before, const std::string& after) {
    TempTree tree;
    tree.write("a", before);
    tree.write("b", after);
    auto out = tree.run("git diff --no-index -U0 a b; test $? -le 1");
    const std::regex header(R"(@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@)");
    std::vector<LineEdit> found;
    auto side = [](const std::ssub_match& start, const std::ssub_match& count) {
        std::size_t lines = count.matched ? std::stoul(count.str()) : 1;
        std::size_t first = std::stoul(start.str());
        return std::pair{lines == 0 ? first : first - 1, lines};
    };
    for (std::sregex_iterator it(out.begin(), out.end(), header), end; it != end; ++it) {
        auto [old_start, old_count] = side((*it)[1], (*it)[2]);
        auto [new_start, new_count] = side((*it)[3], (*it)[4]);
        found.push_back({old_start, old_count, new_start, new_count});
    }
    return found;
}

TEST(LineEdits, AreGitDiffsHunksOnARealFile) {
    const fs::path file =
        fs::path(PATCHBAY_SOURCE_DIR) / "examples/demo/upstream/vllm/core/scheduler.py";
    auto text = test_support::read_file(file);
    auto edited = replaced(text, "    max_num_seqs: int = 256\n", "    max_num_seqs: int = 512\n");
    edited = replaced(edited, "        self.config = config\n",
                      "        self.config = config\n        self.steps = 0\n");
    edited = replaced(edited, "import enum\n", "import enum\nimport os\n");
    auto expected = git_edits(text, edited);
    ASSERT_EQ(expected.size(), 3u);
    EXPECT_EQ(edits(text, edited), expected);
    EXPECT_EQ(edits(edited, text), git_edits(edited, text));
}

}  // namespace
}  // namespace patchbay
