#pragma once
// What an audit looks at (docs/ARCHITECTURE.md §5 "Scope"): the files of a tree that
// [audit].include selects, read from a plain folder or from the in-memory result of a series; and
// which findings are new in a change.

#include <cstdint>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "checks/finding.hpp"
#include "checks/source_file.hpp"
#include "common/result.hpp"
#include "config/config.hpp"
#include "patches/diff_model.hpp"
#include "series/series_runner.hpp"
#include "source/pristine_source.hpp"

namespace patchbay {

// Every included file under `root` (symlinks are not followed), read on up to `jobs` threads.
Result<AuditTree> tree_from_directory(const std::filesystem::path& root, const AuditConfig& config,
                                      unsigned jobs = 1);

// The series result: the pristine files with `changes` laid over them. With `only`, just those
// paths (that exist and are included).
Result<AuditTree> tree_from_result(const PristineSource& source, const TreeChanges& changes,
                                   const AuditConfig& config,
                                   const std::set<std::string>* only = nullptr);

// `result` as it was before the series: each of `paths` put back as `source` has it (or left out
// when it lacks it), every other file shared, so the pristine tree is not read a second time.
Result<AuditTree> tree_before(const AuditTree& result, const PristineSource& source,
                              const std::set<std::string>& paths, const AuditConfig& config);

// Marks a head finding new when no base finding has the same rule, path and normalised source
// line (line numbers move; the text does not).
void label_new_against_base(std::vector<Finding>& head, const std::vector<Finding>& base);

// The base findings that no head finding matches (same rule): the ones the change fixed.
std::vector<Finding> fixed_since_base(const std::vector<Finding>& head,
                                      const std::vector<Finding>& base);

// For --diff: the new-side line numbers each file section adds, after stripping `strip`.
std::map<std::string, std::set<std::int64_t>> added_lines(const PatchFile& patch, int strip);

// Marks a finding new when the diff added its line, or the line of a related location (the
// load a block id came from): a diff that narrows a declaration makes the unchanged multiply
// below it wrap.
void label_new_by_added_lines(std::vector<Finding>& findings,
                              const std::map<std::string, std::set<std::int64_t>>& added);

// Whitespace collapsed and trimmed: the identity of a source line across versions.
std::string normalised_line(std::string_view line);

}  // namespace patchbay
