// Differential test: apply_hunks against GNU patch 2.7.6 on thousands of seeded random cases.
// PATCHBAY_DIFF_SEED overrides the base seed, PATCHBAY_DIFF_CASES the number of cases; case i
// uses seed base+i, so a failure reruns alone with PATCHBAY_DIFF_SEED=base+i PATCHBAY_DIFF_CASES=1.
//
// Named difference (docs/ARCHITECTURE.md §4, "already-applied"): GNU patch (with --forward) checks
// only hunk #1 for a reversed match and then skips the whole file; we check every hunk and skip
// only that hunk. Cases where we report already-applied hunks are therefore checked in two steps:
// GNU must report "Reversed … Skipping patch" exactly when our hunk #1 is already-applied, and
// then GNU is run again on the diff without our already-applied hunks, the later hunk headers
// shifted by the offset our reversed search found, and must agree with us on every other hunk
// and on the resulting bytes.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>

#include "patches/diff_parser.hpp"
#include "patches/file_patcher.hpp"
#include "patches/hunk_matcher.hpp"
#include "tests/patches/gnu_patch_runner.hpp"
#include "tests/patches/hunk_builder.hpp"
#include "tests/patches/random_patch_case.hpp"

namespace patchbay {
namespace {

using test_support::GnuFileReport;
using test_support::GnuHunkReport;
using test_support::RandomPatchCase;

constexpr std::uint64_t kBaseSeed = 0x5eed2026;
constexpr std::uint64_t kDefaultCases = 3000;

std::uint64_t env_number(const char* name, std::uint64_t fallback) {
    const char* value = std::getenv(name);
    return value != nullptr && *value != '\0' ? std::stoull(value, nullptr, 0) : fallback;
}

class OracleDir {
  public:
    OracleDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "patchbay-diff-XXXXXX");
        if (mkdtemp(pattern.data()) != nullptr) path_ = pattern;
    }
    ~OracleDir() {
        std::error_code ignored;
        // PATCHBAY_DIFF_KEEP leaves the files GNU patch saw, for a look at a failure.
        if (!path_.empty() && std::getenv("PATCHBAY_DIFF_KEEP") == nullptr)
            std::filesystem::remove_all(path_, ignored);
    }
    const std::string& path() const { return path_; }

  private:
    std::string path_;
};

struct OracleCase {
    std::string target;
    std::vector<Hunk> hunks;
    int fuzz = 0;
};

struct OracleResult {
    GnuFileReport report;
    std::string text;
};

std::vector<std::string> gnu_patch_args(const std::string& dir, const std::string& diff, int fuzz) {
    return {"patch",
            "-p1",
            "--fuzz=" + std::to_string(fuzz),
            "--verbose",
            "--forward",
            "--no-backup-if-mismatch",
            "--reject-file=" + diff + ".rej",
            "-d",
            dir,
            "-i",
            diff};
}

// One GNU patch run per fuzz level, one file section per case.
std::vector<OracleResult> run_gnu_patch(const std::vector<OracleCase>& cases,
                                        const std::string& dir, const std::string& tag) {
    std::vector<OracleResult> results(cases.size());
    for (int fuzz = 0; fuzz <= 3; ++fuzz) {
        std::string diff;
        for (std::size_t i = 0; i < cases.size(); ++i) {
            if (cases[i].fuzz != fuzz || cases[i].hunks.empty()) continue;
            const std::string name = tag + std::to_string(i);
            test_support::write_file_bytes(dir + "/" + name, cases[i].target);
            diff += test_support::file_section(name, cases[i].hunks);
        }
        if (diff.empty()) continue;
        const std::string diff_path = dir + "/" + tag + "-fuzz" + std::to_string(fuzz) + ".diff";
        const std::string log_path = diff_path + ".log";
        test_support::write_file_bytes(diff_path, diff);
        test_support::run_program(gnu_patch_args(dir, diff_path, fuzz), log_path);
        auto reports = test_support::parse_gnu_report(test_support::read_file_bytes(log_path));
        for (std::size_t i = 0; i < cases.size(); ++i) {
            if (cases[i].fuzz != fuzz) continue;
            const std::string name = tag + std::to_string(i);
            results[i] = {reports[name], test_support::read_file_bytes(dir + "/" + name)};
        }
    }
    return results;
}

bool is_success(HunkStatus status) {
    return status == HunkStatus::exact || status == HunkStatus::offset ||
           status == HunkStatus::fuzz;
}

// `shift` moves GNU's offset back to our scale (see compare_reduced).
HunkStatus expected_success(const GnuHunkReport& gnu, std::int64_t shift) {
    if (gnu.fuzz > 0) return HunkStatus::fuzz;
    return gnu.offset + shift != 0 ? HunkStatus::offset : HunkStatus::exact;
}

std::string describe(const HunkOutcome& ours) {
    return std::string(to_string(ours.status)) + " line " + std::to_string(ours.line) + " offset " +
           std::to_string(ours.offset) + " fuzz " + std::to_string(ours.fuzz);
}

std::string describe(const GnuHunkReport* gnu) {
    if (gnu == nullptr) return "no report";
    return std::string(gnu->succeeded ? "succeeded"
                       : gnu->ignored ? "ignored"
                                      : "FAILED") +
           " line " + std::to_string(gnu->line) + " offset " + std::to_string(gnu->offset) +
           " fuzz " + std::to_string(gnu->fuzz);
}

// `shift`: how far the oracle's header was moved (second step); `empty_pattern`: a hunk with no
// old side reports its first guess whether found or not, which a shift moves or not.
bool hunk_agrees(const GnuHunkReport* gnu, const HunkOutcome& ours, std::int64_t shift,
                 bool empty_pattern) {
    if (gnu == nullptr || gnu->ignored) return false;
    if (gnu->succeeded)
        return is_success(ours.status) && ours.status == expected_success(*gnu, shift) &&
               gnu->line == ours.line && gnu->fuzz == ours.fuzz &&
               gnu->offset == ours.offset - shift;
    if (ours.status != HunkStatus::rejected) return false;
    return gnu->line == ours.line + shift || (empty_pattern && gnu->line == ours.line);
}

const GnuHunkReport* hunk_report(const GnuFileReport& report, int n) {
    auto it = report.hunks.find(n);
    return it == report.hunks.end() ? nullptr : &it->second;
}

// The second step's input: our non-already-applied hunks, shifted; nullopt when the shift
// would change how GNU treats a header (start-of-file anchoring, negative numbers).
struct ReducedCase {
    OracleCase oracle;
    std::vector<std::size_t> original_index;
    std::vector<std::int64_t> shift;
};

bool shift_is_neutral(const Hunk& hunk, std::int64_t shift) {
    const auto first = pattern_of(hunk).first;
    const auto reversed_first = pattern_of(reversed(hunk)).first;
    return hunk.old_start + shift >= 0 && hunk.new_start + shift >= 0 &&
           (first <= 1) == (first + shift <= 1) &&
           (reversed_first <= 1) == (reversed_first + shift <= 1);
}

std::optional<ReducedCase> reduce(const RandomPatchCase& input, const FilePatchResult& ours) {
    ReducedCase reduced;
    reduced.oracle.target = input.target;
    reduced.oracle.fuzz = input.fuzz;
    std::int64_t shift = 0;
    std::int64_t offset_before = 0;
    for (std::size_t j = 0; j < input.hunks.size(); ++j) {
        const auto& outcome = ours.hunks[j];
        if (outcome.status == HunkStatus::already_applied) {
            shift += outcome.offset - offset_before;
        } else {
            Hunk hunk = input.hunks[j];
            if (!shift_is_neutral(hunk, shift)) return std::nullopt;
            hunk.old_start += shift;
            hunk.new_start += shift;
            reduced.oracle.hunks.push_back(hunk);
            reduced.original_index.push_back(j);
            reduced.shift.push_back(shift);
        }
        offset_before = outcome.offset;
    }
    return reduced;
}

bool has_already_applied(const FilePatchResult& ours) {
    for (const auto& hunk : ours.hunks)
        if (hunk.status == HunkStatus::already_applied) return true;
    return false;
}

std::string compare_direct(const OracleResult& gnu, const FilePatchResult& ours,
                           const std::vector<Hunk>& hunks) {
    std::string problems;
    if (gnu.report.reversed_skipped) problems += "GNU skipped the file as reversed\n";
    for (std::size_t j = 0; j < ours.hunks.size(); ++j) {
        const auto* report = hunk_report(gnu.report, static_cast<int>(j) + 1);
        const bool empty = pattern_of(hunks[j]).lines.empty();
        if (!hunk_agrees(report, ours.hunks[j], 0, empty))
            problems += "hunk #" + std::to_string(j + 1) + ": GNU " + describe(report) + ", ours " +
                        describe(ours.hunks[j]) + "\n";
    }
    if (gnu.text != ours.text) problems += "resulting text differs\n";
    return problems;
}

std::string compare_reduced(const OracleResult& gnu, const ReducedCase& reduced,
                            const FilePatchResult& ours, const std::string& original_text) {
    std::string problems;
    if (gnu.report.reversed_skipped) problems += "GNU skipped the reduced diff as reversed\n";
    for (std::size_t r = 0; r < reduced.original_index.size(); ++r) {
        const auto j = reduced.original_index[r];
        const auto* report = hunk_report(gnu.report, static_cast<int>(r) + 1);
        const bool empty = pattern_of(reduced.oracle.hunks[r]).lines.empty();
        if (!hunk_agrees(report, ours.hunks[j], reduced.shift[r], empty))
            problems += "hunk #" + std::to_string(j + 1) + " (reduced #" + std::to_string(r + 1) +
                        ", shift " + std::to_string(reduced.shift[r]) + "): GNU " +
                        describe(report) + ", ours " + describe(ours.hunks[j]) + "\n";
    }
    const std::string& expected = reduced.oracle.hunks.empty() ? original_text : gnu.text;
    if (expected != ours.text) problems += "resulting text differs (second step)\n";
    return problems;
}

std::string case_dump(std::uint64_t seed, const RandomPatchCase& input,
                      const FilePatchResult& ours) {
    std::string text = "rerun: PATCHBAY_DIFF_SEED=" + std::to_string(seed) +
                       " PATCHBAY_DIFF_CASES=1, fuzz " + std::to_string(input.fuzz) +
                       "\n--- diff ---\n" + test_support::file_section("f", input.hunks) +
                       "--- file ---\n" + input.target + "\n--- ours ---\n" + ours.text.str() +
                       "\n--- outcomes ---\n";
    for (const auto& hunk : ours.hunks) text += describe(hunk) + "\n";
    return text;
}

bool gnu_patch_2_7_6_available(const std::string& dir) {
    const std::string log = dir + "/version.log";
    return test_support::run_program({"patch", "--version"}, log) == 0 &&
           test_support::read_file_bytes(log).starts_with("GNU patch 2.7.6");
}

TEST(GnuPatchDifferential, RandomCasesAgreeWithGnuPatch) {
    OracleDir dir;
    ASSERT_FALSE(dir.path().empty());
    if (!gnu_patch_2_7_6_available(dir.path())) GTEST_SKIP() << "GNU patch 2.7.6 not found";
    const std::uint64_t base_seed = env_number("PATCHBAY_DIFF_SEED", kBaseSeed);
    const std::uint64_t count = env_number("PATCHBAY_DIFF_CASES", kDefaultCases);

    std::vector<RandomPatchCase> inputs;
    std::vector<FilePatchResult> ours;
    std::vector<OracleCase> first_step;
    for (std::uint64_t i = 0; i < count; ++i) {
        inputs.push_back(test_support::RandomPatchCaseMaker(base_seed + i).make());
        const auto& input = inputs.back();
        // The exact text GNU patch reads goes through our parser too, so the suite covers
        // parse_patch + apply_hunks end to end, not hand-built hunks.
        auto parsed = parse_patch(test_support::file_section("f", input.hunks), "case.diff");
        ASSERT_TRUE(parsed.ok() && parsed->files.size() == 1)
            << "seed " << base_seed + i << ": " << (parsed.ok() ? "" : parsed.error().located());
        ours.push_back(
            apply_hunks(input.target, parsed->files[0].hunks, PatchOptions{input.fuzz, true}));
        first_step.push_back({input.target, input.hunks, input.fuzz});
    }
    const auto gnu = run_gnu_patch(first_step, dir.path(), "c");

    std::vector<std::string> failures(count);
    std::vector<ReducedCase> second_step;
    std::vector<std::size_t> second_step_case;
    std::size_t direct = 0;
    std::size_t unreducible = 0;
    for (std::size_t i = 0; i < count; ++i) {
        if (!has_already_applied(ours[i])) {
            failures[i] = compare_direct(gnu[i], ours[i], inputs[i].hunks);
            ++direct;
            continue;
        }
        const bool first_already = ours[i].hunks[0].status == HunkStatus::already_applied;
        if (gnu[i].report.reversed_skipped != first_already)
            failures[i] = "GNU reversed-skip " + std::to_string(gnu[i].report.reversed_skipped) +
                          " but our hunk #1 is " + to_string(ours[i].hunks[0].status) + "\n";
        if (auto reduced = reduce(inputs[i], ours[i])) {
            second_step.push_back(std::move(*reduced));
            second_step_case.push_back(i);
        } else {
            ++unreducible;
        }
    }
    std::vector<OracleCase> second_oracle;
    for (const auto& reduced : second_step) second_oracle.push_back(reduced.oracle);
    const auto gnu_second = run_gnu_patch(second_oracle, dir.path(), "r");
    for (std::size_t k = 0; k < second_step.size(); ++k) {
        const auto i = second_step_case[k];
        failures[i] += compare_reduced(gnu_second[k], second_step[k], ours[i], inputs[i].target);
    }

    std::map<std::string, std::size_t> statuses;
    for (const auto& result : ours)
        for (const auto& hunk : result.hunks) ++statuses[to_string(hunk.status)];
    for (const auto& [status, number] : statuses) std::cout << status << ": " << number << "  ";
    std::cout << "\n";
    std::size_t failed = 0;
    for (std::size_t i = 0; i < count; ++i) {
        if (failures[i].empty()) continue;
        if (++failed <= 5)
            ADD_FAILURE() << failures[i] << case_dump(base_seed + i, inputs[i], ours[i]);
    }
    std::cout << count << " cases (base seed " << base_seed << "): " << direct
              << " compared directly, " << second_step.size()
              << " with already-applied hunks compared in two steps, " << unreducible
              << " with already-applied hunks not reducible (first step only), " << failed
              << " disagreeing\n";
    EXPECT_EQ(failed, 0u);
}

}  // namespace
}  // namespace patchbay
