#pragma once
// What `rebase --write` does with the patches already upstream (docs/ARCHITECTURE.md §6), so
// that the written series applies to the new upstream: by default their lines leave the series
// file (quilt push -a and dpkg-source then apply it too; the files stay for the maintainer to
// delete, check-series names them as unlisted), `--drop-upstreamed` also deletes the files, and
// `--keep-upstreamed` keeps them listed with a skip rule whose reason is the evidence (only
// patchbay reads skip rules).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "config/config.hpp"
#include "rebase/series_rebase.hpp"
#include "rebase/upstream_commit.hpp"

namespace patchbay {

enum class UpstreamedPolicy { unlist, drop, keep };

// How a patch already upstream in a modified form is there, " (modified: …)", or "".
std::string modified_detail(const PatchRebase& patch);

// The skip rule's reason for a patch already upstream: what shows it (the commit that brought
// it, how much of a modified form is there, the provenance evidence).
std::string upstream_reason(const PatchRebase& patch, const std::optional<UpstreamCommit>& since);

// The series file's text without its 1-based `lines`; every other byte kept.
std::string without_lines(std::string_view series, const std::vector<std::int64_t>& lines);

// patchbay.toml's text with a [[series.skip]] table appended for each rule. An Error when the
// file writes `skip` inline in [series] (a second definition would be invalid TOML).
Result<std::string> with_skip_rules(std::string_view toml, const std::vector<SkipRule>& rules);

}  // namespace patchbay
