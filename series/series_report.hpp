#pragma once
// What check-series found: one report per series entry, per file section and per hunk, the
// integrity problems, and the totals. Plain values; tool/ renders them.

#include <cstdint>
#include <string>
#include <vector>

#include "patches/diff_model.hpp"
#include "patches/file_patcher.hpp"
#include "source/pristine_source.hpp"

namespace patchbay {

// One integrity finding. `kind` is one of: vacuous, header-counts, whitespace, path,
// missing-file, binary, parse, unlisted, missing-patch, already-applied, exists, not-empty,
// rejected, reverse.
struct Problem {
    std::string kind;
    std::string message;
    std::string file;        // the file at fault (a patch file, usually)
    std::int64_t line = 0;   // 1-based line in `file`, 0 when none
};

struct FileReport {
    std::string path;        // after stripping, relative to the upstream directory
    std::string old_path;    // differs from path for renames and copies
    FileOp op = FileOp::modify;
    std::vector<HunkOutcome> hunks;
};

enum class PatchStatus { applied, rejected, skipped, failed };
const char* to_string(PatchStatus status);

struct PatchReport {
    std::string name;        // as listed in the series
    std::int64_t series_line = 0;
    int strip = 1;
    PatchStatus status = PatchStatus::applied;
    std::string reason;      // why skipped, rejected or failed
    std::vector<FileReport> files;
    std::vector<Problem> problems;
};

struct Totals {
    int entries = 0, applied = 0, skipped = 0, rejected = 0, failed = 0;
    int hunks = 0, exact = 0, offset = 0, fuzz = 0, rejected_hunks = 0, already_applied = 0;
};

// The integrity checks of DESIGN.md §4, each with a verdict.
struct IntegrityVerdict {
    std::string check;       // e.g. "every patch changes the tree"
    std::vector<std::string> kinds;  // the Problem kinds this check covers
    int problems = 0;
};

struct SeriesReport {
    SourceDescription upstream;
    std::string series_file;
    int fuzz = 0;
    int strip = 1;
    std::vector<PatchReport> patches;
    std::vector<Problem> series_problems;  // not tied to one entry: unlisted, reverse

    Totals totals() const;
    std::vector<IntegrityVerdict> integrity() const;
    bool has_failed_patch() const;         // bad input somewhere: exit status 2
    bool is_negative() const;              // something to fix: exit status 1
};

}  // namespace patchbay
