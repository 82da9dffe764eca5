#pragma once
// Which patch of a series added a line of the result tree, and which line of that patch file
// adds it (docs/ARCHITECTURE.md §5: in series modes annotations point at the patch file, where a
// reviewer of a pull request that edits patches/*.patch looks).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checks/finding.hpp"
#include "common/result.hpp"
#include "patches/diff_model.hpp"
#include "series/series_runner.hpp"
#include "source/pristine_source.hpp"

namespace patchbay {

// For each line of `after` (0-based), the line of `before` it was kept from, or -1 when it was
// inserted: git's line diff (common/text_diff.hpp), so a line moved by an edit elsewhere stays
// kept. An Error only when libgit2 fails.
Result<std::vector<std::int64_t>> kept_lines(std::string_view before, std::string_view after);

struct LineOrigin {
    std::size_t step = 0;  // index into the steps: the patch that added the line
    std::string path;
    std::int64_t line = 0;  // 1-based, in the file as that patch left it
    std::string text;       // the line, without its terminator
};

// The step that added line `line` (1-based) of `path` in the result of `steps` over `source`;
// nullopt when the line is upstream's (or the path is not in the result).
std::optional<LineOrigin> added_by(const PristineSource& source,
                                   const std::vector<AppliedStep>& steps, const std::string& path,
                                   std::int64_t line);

// The line of the patch file whose added line `text` (compared with whitespace collapsed) lands
// on `line` of `path`, or the nearest such added line; 0 when the sections of `patch` that
// write `path` add no such line.
std::int64_t patch_line_adding(const PatchFile& patch, int strip, const std::string& path,
                               std::string_view text, std::int64_t line);

// The parsed patch of each step, its strip level and the path annotations give its file.
struct StepPatch {
    const PatchFile* patch = nullptr;
    int strip = 1;
    std::string file;  // e.g. "patches/0006-widen-block-ids.patch"
};

// Sets patch, patch_file and patch_line of each finding whose line, or else the line of one of
// its related locations, a step added. `patch_of(step index)` gives that step's patch.
void attribute_to_patches(std::vector<Finding>& findings, const PristineSource& source,
                          const std::vector<AppliedStep>& steps,
                          const std::function<StepPatch(std::size_t)>& patch_of);

}  // namespace patchbay
