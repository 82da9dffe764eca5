// End-to-end: `patchbay regenerate` on real patches written by other tools (plain `diff -u`, quilt,
// gbp pq / git format-patch, format-patch mails refreshed by quilt), copied byte for byte from
// Debian's bash, grep, openssh, curl and coreutils series into tests/fixtures/real_patches (its
// README names the packages and versions). Issue #28: for every patch, `--check` on an unedited
// worktree says up to date, an unedited regenerate leaves the file byte for byte, and a one-line
// edit in its first hunk gives a patch that differs from the old one inside that hunk only. The
// hunk, the edited line and the expected text come from the patch file and a hand rule (and `git
// hash-object` for a git section's index line), never from patchbay's output fed back.

#include <gtest/gtest.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "common/text_lines.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {
// Named, so that a unity build of tests/cli/ (one file) meets no other test's helpers.
namespace real_patches {

namespace fs = std::filesystem;
using test_support::contains;
using test_support::patchbay;
using test_support::read_file;
using test_support::run_process;
using test_support::TempDir;
using test_support::write_file;

const fs::path kFixtures = fs::path(PATCHBAY_SOURCE_DIR) / "tests/fixtures/real_patches";
// Appended to the edited line in the worktree.
const std::string kSuffix = " /* edited in the worktree */";

// Lines with their line ends (common/text_lines.hpp), as strings that can be edited; joining
// them gives the text back.
std::vector<std::string> lines_of(const std::string& text) {
    const auto views = patchbay::split_lines(text);
    return {views.begin(), views.end()};
}

std::string join(const std::vector<std::string>& lines) {
    std::string text;
    for (const auto& line : lines) text += line;
    return text;
}

bool starts_with(const std::string& line, const std::string& prefix) {
    return line.compare(0, prefix.size(), prefix) == 0;
}

// The line without its line end ("\n" or "\r\n").
std::string body(const std::string& line) {
    std::size_t cut = line.size();
    if (cut > 0 && line[cut - 1] == '\n') --cut;
    if (cut > 0 && line[cut - 1] == '\r') --cut;
    return line.substr(0, cut);
}

// A hunk line's kind: ' ', '-', '+' or '\\'; an empty line is a context line whose space was lost
// (GNU patch reads it so).
char kind_of(const std::string& line) {
    return body(line).empty() ? ' ' : line[0];
}

// What a hunk line says of the file's line: its text without the line end.
std::string text_of(const std::string& line) {
    auto text = body(line);
    return text.empty() ? text : text.substr(1);
}

std::vector<std::string> series_entries(const fs::path& series) {
    std::vector<std::string> names;
    std::istringstream lines(read_file(series));
    for (std::string line; std::getline(lines, line);)
        if (!line.empty() && line[0] != '#') names.push_back(line.substr(0, line.find(' ')));
    return names;
}

// The first hunk of the first file section that modifies a file (neither side /dev/null), read
// by hand from the patch text: where it lies in the patch's lines, the line to edit (the first
// line it adds, else its first context line) and, in a git section, its "index" line.
struct FirstHunk {
    std::string path;               // the +++ name, its first component stripped (-p1)
    std::size_t at = 0;             // the @@ line
    std::size_t end = 0;            // one past the hunk's last line
    long new_start = 0;             // +N of the @@ line
    std::vector<std::size_t> side;  // the hunk's new side: context and added lines, in order
    std::size_t edited = 0;         // index into `side`
    bool adds = false;              // the edited line is one the hunk adds
    std::optional<std::size_t> index_line;
};

std::string header_name(const std::string& line) {
    auto name = body(line).substr(4);
    return name.substr(0, name.find('\t'));
}

std::optional<FirstHunk> first_hunk(const std::vector<std::string>& lines) {
    for (std::size_t i = 0; i + 2 < lines.size(); ++i) {
        if (!starts_with(lines[i], "--- ") || !starts_with(lines[i + 1], "+++ ") ||
            !starts_with(lines[i + 2], "@@ -"))
            continue;
        if (header_name(lines[i]) == "/dev/null" || header_name(lines[i + 1]) == "/dev/null")
            continue;
        FirstHunk hunk;
        auto name = header_name(lines[i + 1]);
        hunk.path = name.substr(name.find('/') + 1);
        for (std::size_t k = i;
             k > 0 && !starts_with(lines[k - 1], "@@ ") && !starts_with(lines[k - 1], " ") &&
             !starts_with(lines[k - 1], "+") && !starts_with(lines[k - 1], "-") &&
             body(lines[k - 1]) != "";
             --k) {
            if (starts_with(lines[k - 1], "index ")) hunk.index_line = k - 1;
            if (starts_with(lines[k - 1], "diff --git ")) break;
        }
        hunk.at = i + 2;
        long old_start = 0, old_count = 1, new_count = 1;
        const std::string& header = lines[hunk.at];
        if (std::sscanf(header.c_str(), "@@ -%ld,%ld +%ld,%ld @@", &old_start, &old_count,
                        &hunk.new_start, &new_count) != 4)
            return std::nullopt;  // the fixture's first hunks all have both counts
        std::size_t k = hunk.at + 1;
        for (; k < lines.size() && (old_count > 0 || new_count > 0); ++k) {
            char c = kind_of(lines[k]);
            if (c == ' ') {
                --old_count, --new_count;
                hunk.side.push_back(k);
            } else if (c == '-') {
                --old_count;
            } else if (c == '+') {
                --new_count;
                hunk.side.push_back(k);
            } else if (c != '\\') {
                return std::nullopt;
            }
        }
        while (k < lines.size() && kind_of(lines[k]) == '\\') ++k;
        hunk.end = k;
        hunk.edited = hunk.side.size();
        for (std::size_t s = 0; s < hunk.side.size(); ++s)
            if (kind_of(lines[hunk.side[s]]) == '+') {
                hunk.edited = s;
                hunk.adds = true;
                break;
            }
        if (!hunk.adds) hunk.edited = 0;
        if (hunk.side.empty()) return std::nullopt;
        return hunk;
    }
    return std::nullopt;
}

// `line` (with its line end) with kSuffix before the line end.
std::string with_suffix(const std::string& line) {
    auto text = body(line);
    return text + kSuffix + line.substr(text.size());
}

// "@@ -A,B +C,D @@ f" -> "-,B +,D": what stays when a hunk is written anew at the lines it
// landed at (its function line is then the file's as it is there).
std::string hunk_counts(const std::string& header) {
    const auto close = header.find(" @@", 2);
    std::string out;
    bool skipping = false;
    for (char c : header.substr(3, close == std::string::npos ? 0 : close - 3)) {
        if (skipping && std::isdigit(static_cast<unsigned char>(c))) continue;
        skipping = c == '-' || c == '+';
        out += c;
    }
    return out;
}

// Where `hunk`'s new side starts in `file_lines` (0-based), the place nearest its +N.
std::optional<std::size_t> side_in_file(const FirstHunk& hunk,
                                        const std::vector<std::string>& patch_lines,
                                        const std::vector<std::string>& file_lines) {
    auto matches_at = [&](std::size_t at) {
        for (std::size_t s = 0; s < hunk.side.size(); ++s)
            if (body(file_lines[at + s]) != text_of(patch_lines[hunk.side[s]])) return false;
        return true;
    };
    std::optional<std::size_t> best;
    const auto wanted = static_cast<long>(hunk.new_start - 1);
    for (std::size_t at = 0; at + hunk.side.size() <= file_lines.size(); ++at)
        if (matches_at(at) && (!best || std::labs(static_cast<long>(at) - wanted) <
                                            std::labs(static_cast<long>(*best) - wanted)))
            best = at;
    return best;
}

class RegenerateRealPatches : public ::testing::Test {
  protected:
    // Every patch of the fixture `package`, in series order, each on a worktree of its own.
    void round_trip_all(const std::string& package, std::size_t expected_patches) {
        fs::copy(kFixtures / package, project(), fs::copy_options::recursive);
        auto names = series_entries(project() / "patches/series");
        ASSERT_EQ(names.size(), expected_patches);
        for (const auto& name : names) {
            SCOPED_TRACE(package + "/" + name);
            round_trip(package, name);
            write_file(project() / "patches" / name,
                       read_file(kFixtures / package / "patches" / name));
        }
    }
    fs::path project() const { return dir.path() / "project"; }

    void round_trip(const std::string& package, const std::string& name) {
        const auto original = read_file(kFixtures / package / "patches" / name);
        const fs::path patch = project() / "patches" / name;
        const fs::path wt = dir.path() / ("wt-" + name);
        auto made = patchbay({"apply", "--worktree", wt.string(), "--upto", name}, project());
        ASSERT_EQ(made.status, 0) << made.out << made.err;

        auto check =
            patchbay({"regenerate", name, "--worktree", wt.string(), "--check"}, project());
        EXPECT_EQ(check.status, 0) << check.out << check.err;
        EXPECT_TRUE(contains(check.out, "up to date: patches/" + name)) << check.out;
        auto same = patchbay({"regenerate", name, "--worktree", wt.string()}, project());
        EXPECT_EQ(same.status, 0) << same.out << same.err;
        EXPECT_TRUE(contains(same.out, "unchanged: patches/" + name)) << same.out;
        ASSERT_EQ(read_file(patch), original) << "an unedited regenerate rewrote it";

        // One line of the first hunk, edited where the hunk put it: where its new side is in
        // the worktree file, nearest to its +N (the hunk may have landed at an offset).
        const auto old_lines = lines_of(original);
        const auto hunk = first_hunk(old_lines);
        ASSERT_TRUE(hunk.has_value()) << "no modified file with a unified hunk";
        const fs::path file = wt / hunk->path;
        auto file_lines = lines_of(read_file(file));
        const auto first = side_in_file(*hunk, old_lines, file_lines);
        ASSERT_TRUE(first.has_value()) << "the hunk's new side is not in " << hunk->path;
        file_lines[*first + hunk->edited] = with_suffix(file_lines[*first + hunk->edited]);
        write_file(file, join(file_lines));

        auto edited = patchbay({"regenerate", name, "--worktree", wt.string()}, project());
        EXPECT_EQ(edited.status, 0) << edited.out << edited.err;
        EXPECT_TRUE(contains(edited.out, "wrote patches/" + name)) << edited.out;
        const auto new_lines = lines_of(read_file(patch));

        // The hand rule. Outside the hunk nothing changes, but for a git section's index line,
        // whose second id must now name the edited file's blob (as many hex digits as before).
        auto expected = old_lines;
        if (hunk->index_line) {
            auto blob = run_process({"git", "hash-object", file.string()});
            ASSERT_EQ(blob.status, 0) << blob.err;
            std::string& line = expected[*hunk->index_line];
            const auto dots = line.find("..");
            const auto after = line.find_first_not_of("0123456789abcdef", dots + 2);
            const auto digits = after - (dots + 2);
            line.replace(dots + 2, digits, blob.out.substr(0, digits));
        }
        ASSERT_GE(new_lines.size(), hunk->end - hunk->at);
        const std::size_t tail = old_lines.size() - hunk->end;
        ASSERT_GE(new_lines.size(), hunk->at + tail);
        for (std::size_t k = 0; k < hunk->at; ++k)
            EXPECT_EQ(new_lines[k], expected[k]) << "line " << k + 1 << " before the hunk";
        for (std::size_t k = 0; k < tail; ++k)
            EXPECT_EQ(new_lines[new_lines.size() - tail + k], expected[hunk->end + k])
                << "line " << hunk->end + k + 1 << " after the hunk";

        const std::string& line = old_lines[hunk->side[hunk->edited]];
        const std::string& line_at_hunk = old_lines[hunk->at];
        if (hunk->adds) {
            // An added line edited: that line alone changes, the @@ line (counts) stays; where
            // the hunk landed at an offset, it is written anew there: only its counts stay.
            expected[hunk->side[hunk->edited]] = with_suffix(line);
            if (*first != static_cast<std::size_t>(hunk->new_start - 1)) {
                EXPECT_EQ(hunk_counts(new_lines[hunk->at]), hunk_counts(line_at_hunk));
                expected[hunk->at] = new_lines[hunk->at];
            }
            EXPECT_EQ(join(new_lines), join(expected));
        } else {
            // A context line edited: inside the hunk it is now removed and added again.
            std::vector<std::string> inside(new_lines.begin() + static_cast<long>(hunk->at),
                                            new_lines.end() - static_cast<long>(tail));
            auto has = [&](const std::string& want) {
                for (const auto& l : inside)
                    if (l == want) return true;
                return false;
            };
            const std::string end = line.substr(body(line).size());
            EXPECT_TRUE(has("-" + text_of(line) + end)) << join(inside);
            EXPECT_TRUE(has("+" + text_of(line) + kSuffix + end)) << join(inside);
        }
    }

    TempDir dir;
};

// Plain `diff -u` patches with `# DP:` headers, and quilt's (`Index: b/…`, `====`, `diff -p`
// function names after @@).
TEST_F(RegenerateRealPatches, BashPlainDiffAndQuiltPatches) {
    round_trip_all("bash", 4);
}

// quilt patches (`grep.orig/` and `grep/` prefixes), one of them a format-patch mail refreshed by
// quilt; the first one's first hunk adds nothing, so a context line is edited.
TEST_F(RegenerateRealPatches, GrepQuiltPatches) {
    round_trip_all("grep", 3);
}

// gbp pq exports: git headers with abbreviated blob ids, diffstat and `Patch-Name:`.
TEST_F(RegenerateRealPatches, OpensshGitFormatPatches) {
    round_trip_all("openssh", 3);
}

// `dpkg-source --commit` patches (empty `Author:`/`Description:`, quilt's `Index:` lines): the
// first hunk of 61_whoips.patch lands one line off and three later ones up to four off, so an
// edit in the first hunk must leave those as written, stale numbers and all.
TEST_F(RegenerateRealPatches, CoreutilsDpkgSourceCommitPatchesAtAnOffset) {
    round_trip_all("coreutils", 2);
}

// One series of quilt patches and a `git format-patch -U5` mail with a `-- ` signature.
TEST_F(RegenerateRealPatches, CurlQuiltAndGitPatchesInOneSeries) {
    round_trip_all("curl", 3);
}

}  // namespace real_patches
}  // namespace
}  // namespace patchbay
