#pragma once
// What check-series found: one report per series entry, per file section and per hunk, the
// integrity problems, and the totals. Plain values; tool/ renders them.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "patches/diff_model.hpp"
#include "patches/file_patcher.hpp"
#include "series/finding_policy.hpp"
#include "series/problem_kind.hpp"
#include "source/pristine_source.hpp"

namespace patchbay {

// One integrity finding of one kind (series/problem_kind.hpp).
struct Problem {
    Problem() = default;
    Problem(ProblemKind kind_, std::string message_, std::string file_ = {}, std::int64_t line_ = 0)
        : kind(std::move(kind_)),
          message(std::move(message_)),
          file(std::move(file_)),
          line(line_) {}

    ProblemKind kind = ProblemKind::parse;
    std::string message;
    std::string file;       // the file at fault (a patch file, usually)
    std::int64_t line = 0;  // 1-based line in `file`, 0 when none
    FindingSeverity severity = FindingSeverity::failure;  // set from the policy when the run ends
    // Why, for a rejection: where the hunk almost matched and what differs there, the strip
    // level under which a missing path exists, the earlier rejected patch it depends on.
    std::vector<std::string> details;
};

// The problem's message with its first detail: a one-line reason ("hunk #1 FAILED at 7:
// closest match at line 9 …").
std::string reason_of(const Problem& problem);

struct FileReport {
    std::string path;      // after stripping, relative to the upstream directory
    std::string old_path;  // differs from path for renames and copies
    FileOp op = FileOp::modify;
    std::vector<HunkOutcome> hunks;
    bool stored = false;  // the section's result went into the patch's changes
};

enum class PatchStatus { applied, rejected, skipped, failed };
const char* to_string(PatchStatus status);

struct PatchReport {
    std::string name;  // as listed in the series
    std::int64_t series_line = 0;
    int strip = 1;
    PatchStatus status = PatchStatus::applied;
    std::string reason;  // why skipped, rejected or failed
    std::vector<FileReport> files;
    std::vector<Problem> problems;
};

struct Totals {
    int entries = 0, applied = 0, skipped = 0, rejected = 0, failed = 0;
    int hunks = 0, exact = 0, offset = 0, fuzz = 0, rejected_hunks = 0, already_applied = 0;
};

// The totals of one entry, as a row of the table counts them.
Totals totals_of(const PatchReport& patch);

// The integrity checks of docs/ARCHITECTURE.md §4, each with a verdict.
struct IntegrityVerdict {
    std::string check;               // e.g. "every patch changes the tree"
    std::vector<ProblemKind> kinds;  // the Problem kinds this check covers
    int problems = 0;
    int failures = 0;  // of `problems`, those whose severity is failure
};

struct SeriesReport {
    SourceDescription upstream;
    std::string series_file;
    int fuzz = 0;
    int strip = 1;
    bool strict = false;
    std::vector<PatchReport> patches;
    std::vector<Problem> series_problems;  // not tied to one entry: unlisted, reverse
    int disabled = 0;                      // entries the series comments out (kind "disabled")

    Totals totals() const;
    std::vector<IntegrityVerdict> integrity() const;
    bool has_failed_patch() const;  // bad input somewhere: exit status 2
    bool is_negative() const;       // something to fix: exit status 1
    // Sets every problem's severity from `policy`.
    void apply_policy(const FindingPolicy& policy);
};

}  // namespace patchbay
