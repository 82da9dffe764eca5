#pragma once
// The words of --format and --fail-on as kinds, parsed once (tool/cli.cpp's make_context), so
// that every command switches on a kind instead of comparing words.

#include <optional>
#include <string_view>

namespace patchbay {

// A report format; each command declares the ones it renders.
enum class ReportFormat { text, json, junit, sarif, github, markdown };

// `word` as a format; nullopt for a word that names none.
std::optional<ReportFormat> parse_report_format(std::string_view word);

// Which audit findings fail the run: the new ones only (a PR's), or all of them.
enum class AuditFailOn { new_findings, all_findings };

// --fail-on's "new" or "all"; nullopt for any other word, the empty one (not given) included.
std::optional<AuditFailOn> parse_fail_on(std::string_view word);

}  // namespace patchbay
