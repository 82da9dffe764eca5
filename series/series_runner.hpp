#pragma once
// Applies a whole series to the pristine tree in memory, in series order, and checks the
// integrity of the series (docs/ARCHITECTURE.md §4). Reads the patch files; writes nothing.

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "config/config.hpp"
#include "series/finding_policy.hpp"
#include "series/series_file.hpp"
#include "series/series_report.hpp"
#include "series/tree_state.hpp"

namespace patchbay {

struct SeriesPlan {
    SeriesFile series;
    std::string series_sha256;          // of the series file's text, as parsed
    std::filesystem::path patches_dir;  // the series file's folder: patch names are relative to it
    std::string patches_label;          // that folder as the user wrote it, for messages
    // Where the series file and the patches must lead (series/project_folder.hpp); empty: no
    // check, for a plan built in code.
    std::filesystem::path project;
    std::vector<SkipRule> skip;
    int strip = 1;
    int fuzz = 0;
    std::string upto;  // stop after this entry; empty: the whole series
    FindingPolicy policy;
    unsigned jobs = 1;  // threads for the per-patch undo check; the command resolves it once
};

// Reads and parses the series file named by `config` (a missing or malformed one is an Error).
Result<SeriesPlan> load_plan(const Config& config);

// A patch as messages name it: under the series folder as the user wrote it ("patches/0001.patch").
std::string patch_label(const SeriesPlan& plan, const std::string& name);

// The [[series.skip]] rule for patch `name`; nullptr when none.
const SkipRule* skip_rule_for(const SeriesPlan& plan, const std::string& name);

struct AppliedStep {
    std::string name;
    TreeChanges changes;  // what this patch changed, relative to the state before it
};

struct SeriesRun {
    SeriesReport report;
    std::vector<AppliedStep> steps;  // the applied patches, in order
};

// Called before each entry, for a progress line: (1-based index, entry count, name).
using Progress = std::function<void(std::size_t, std::size_t, const std::string&)>;

// The patches of the plan's entries read and parsed (nullopt for a skipped entry; an Error of
// kind "missing-patch" for one that cannot be read), and the pristine paths they read, in the
// order the series first reads them.
struct LoadedPatches {
    std::vector<std::optional<Result<PatchFile>>> patches;
    std::vector<std::string> paths;
};
LoadedPatches load_patches(const SeriesPlan& plan);

// An Error only when `plan.upto` names no entry; everything else is in the report. `loaded`,
// when given, is load_patches(plan) done earlier (while the source opened, say), and the
// patch files are not read again.
Result<SeriesRun> run_series(const SeriesPlan& plan, const PristineSource& source,
                             const Progress& progress = {},
                             std::optional<LoadedPatches> loaded = std::nullopt);

}  // namespace patchbay
