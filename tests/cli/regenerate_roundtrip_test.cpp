// Round-trip property test on generated stacks. git (an independent tool) writes a stack of five
// patches over random files; then, per seed: materialise up to a random patch, make random edits
// (change, add and delete lines, create and delete files, edit the last line of a file without a
// final newline), regenerate, and check that check-series applies the new patch exactly,
// `apply --worktree` reproduces the edited tree byte for byte, the preamble is unchanged,
// regenerating again is a no-op, and `--check` exits 1 before and 0 after.

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <random>
#include <set>

#include "tests/support/cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using test_support::patchbay;
using test_support::ProcessResult;
using test_support::read_file;
using test_support::run_process;
using test_support::TempDir;
using test_support::write_file;

constexpr int kPatches = 5;

std::map<std::string, std::string> files_under(const fs::path& root) {
    std::map<std::string, std::string> files;
    for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator();
         ++it) {
        if (it->path().filename() == ".git") {
            it.disable_recursion_pending();
            continue;
        }
        if (it->is_regular_file())
            files[it->path().lexically_relative(root).string()] = read_file(it->path());
    }
    return files;
}

std::string preamble(int n) {
    return "From: Gen <gen@example.com>\nSubject: [PATCH] generated " + std::to_string(n) +
           "\n\nA description.\n--- exported from " + std::to_string(n) + " (gen) ---\n";
}

class Generator {
  public:
    explicit Generator(unsigned seed) : rng_(seed) {}

    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }

    std::string file_text(const std::string& tag) {
        std::string text;
        int lines = 8 + pick(30);
        for (int i = 0; i < lines; ++i) text += tag + " line " + std::to_string(i) + "\n";
        if (pick(3) == 0) text.pop_back();  // no final newline
        return text;
    }

    // One random edit of `text`; `tag` makes every inserted line unique.
    std::string edit(std::string text, const std::string& tag) {
        std::vector<std::string> lines;
        std::size_t start = 0;
        while (start < text.size()) {
            auto end = text.find('\n', start);
            end = end == std::string::npos ? text.size() : end + 1;
            lines.push_back(text.substr(start, end - start));
            start = end;
        }
        if (lines.empty()) return tag + "\n";
        int at = pick(static_cast<int>(lines.size()));
        if (pick(4) == 0) at = static_cast<int>(lines.size()) - 1;  // near the end
        bool last_without_newline = !lines.back().ends_with('\n');
        switch (pick(3)) {
            case 0:
                lines[at] = tag + (lines[at].ends_with('\n') ? "\n" : "");
                break;
            case 1:
                lines.insert(lines.begin() + at, tag + "\n");
                break;
            default:
                if (lines.size() > 1)
                    lines.erase(lines.begin() + at);
                else
                    lines[0] = tag + "\n";
        }
        if (last_without_newline && pick(2) == 0 && lines.back().ends_with('\n'))
            lines.back().pop_back();
        std::string out;
        for (const auto& line : lines) out += line;
        return out;
    }

  private:
    std::mt19937 rng_;
};

struct Stack {
    TempDir dir;
    std::vector<std::set<std::string>> owned;  // files each patch touches
    fs::path root() const { return dir.path() / "project"; }
};

int run_git(const fs::path& repo, std::vector<std::string> args, std::string* out = nullptr) {
    args.insert(args.begin(), {"git", "-C", repo.string(), "-c", "user.name=g", "-c",
                               "user.email=g@g", "-c", "core.autocrlf=false"});
    auto result = run_process(args);
    if (out) *out = result.out;
    return result.status;
}

void make_stack(Generator& gen, Stack& stack) {
    fs::path repo = stack.dir.path() / "gen";
    std::vector<std::string> paths = {"src/a.py", "src/b.py", "src/deep/c.cu",
                                      "d.txt",    "e.md",     "src/f.py"};
    for (const auto& path : paths) write_file(repo / path, gen.file_text(path));
    ASSERT_EQ(run_git(repo, {"init", "-q"}), 0);
    ASSERT_EQ(run_git(repo, {"add", "-A"}), 0);
    ASSERT_EQ(run_git(repo, {"commit", "-qm", "base"}), 0);
    fs::create_directories(stack.root() / "upstream");
    fs::copy(repo, stack.root() / "upstream", fs::copy_options::recursive);
    fs::remove_all(stack.root() / "upstream/.git");
    std::string series;
    for (int n = 1; n <= kPatches; ++n) {
        std::set<std::string> touched;
        for (int e = 0; e < 1 + gen.pick(3); ++e) {
            auto path = paths[gen.pick(static_cast<int>(paths.size()))];
            if (!fs::exists(repo / path)) continue;
            write_file(repo / path, gen.edit(read_file(repo / path), "p" + std::to_string(n)));
            touched.insert(path);
        }
        if (gen.pick(3) == 0) {
            std::string path = "new/n" + std::to_string(n) + ".py";
            write_file(repo / path, gen.file_text(path));
            paths.push_back(path);
            touched.insert(path);
        }
        ASSERT_EQ(run_git(repo, {"add", "-A"}), 0);
        ASSERT_EQ(run_git(repo, {"commit", "-qm", "p" + std::to_string(n)}), 0);
        std::string diff;
        ASSERT_EQ(run_git(repo, {"diff", "HEAD~1", "HEAD"}, &diff), 0);
        std::string name = "p" + std::to_string(n) + ".patch";
        write_file(stack.root() / "patches" / name, preamble(n) + diff);
        series += name + "\n";
        stack.owned.push_back(touched);
    }
    write_file(stack.root() / "patches/series", series);
    write_file(stack.root() / "patchbay.toml",
               "[upstream]\npath = \"upstream\"\n[series]\nfile = \"patches/series\"\n");
}

void edit_worktree(Generator& gen, const fs::path& wt, const std::set<std::string>& owned, int k) {
    std::string tag = "edit" + std::to_string(k);
    int done = 0;
    for (const auto& path : owned) {
        if (!fs::exists(wt / path) || gen.pick(2) == 0) continue;
        if (gen.pick(8) == 0) {
            fs::remove(wt / path);
        } else {
            write_file(wt / path, gen.edit(read_file(wt / path), tag + "-" + std::to_string(done)));
        }
        ++done;
    }
    if (done == 0 || gen.pick(3) == 0)
        write_file(wt / ("made/by_user_" + std::to_string(k) + ".txt"), gen.file_text(tag));
}

void check_seed(unsigned seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    Generator gen(seed);
    Stack stack;
    ASSERT_NO_FATAL_FAILURE(make_stack(gen, stack));
    const fs::path root = stack.root();
    ASSERT_EQ(patchbay({"check-series"}, root).status, 0);
    int k = 1 + gen.pick(kPatches);
    std::string name = "p" + std::to_string(k) + ".patch";
    fs::path wt = stack.dir.path() / "wt";
    ASSERT_EQ(patchbay({"apply", "--worktree", wt.string(), "--upto", name}, root).status, 0);
    edit_worktree(gen, wt, stack.owned[k - 1], k);

    // The edits create and delete files, which join the patch with --add-files.
    const std::vector<std::string> regenerate = {"regenerate", name, "--worktree", wt.string(),
                                                 "--add-files"};
    auto with_check = regenerate;
    with_check.push_back("--check");
    auto before = patchbay(with_check, root);
    EXPECT_EQ(before.status, 1) << before.out << before.err;
    auto regen = patchbay(regenerate, root);
    ASSERT_NE(regen.status, 2) << regen.err;
    auto text = read_file(root / "patches" / name);
    EXPECT_TRUE(text.starts_with(preamble(k) + "diff --git ")) << text;

    auto series = patchbay({"check-series", "--upto", name}, root);
    EXPECT_EQ(series.status, 0) << series.out;
    EXPECT_NE(series.out.find("0 offset, 0 fuzz, 0 rejected"), std::string::npos) << series.out;

    fs::path again = stack.dir.path() / "again";
    ASSERT_EQ(patchbay({"apply", "--worktree", again.string(), "--upto", name}, root).status, 0);
    EXPECT_EQ(files_under(again), files_under(wt));

    auto second = patchbay(regenerate, root);
    EXPECT_EQ(second.status, 0) << second.out << second.err;
    EXPECT_TRUE(second.out.starts_with("unchanged: ")) << second.out;
    EXPECT_EQ(read_file(root / "patches" / name), text);
    EXPECT_EQ(patchbay(with_check, root).status, 0);
}

TEST(RegenerateRoundTrip, GeneratedStacks) {
    for (unsigned seed = 1; seed <= 16; ++seed) check_seed(seed);
}

}  // namespace
}  // namespace patchbay
