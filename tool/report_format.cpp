#include "tool/report_format.hpp"

#include <array>
#include <utility>

namespace patchbay {

std::optional<ReportFormat> parse_report_format(std::string_view word) {
    static constexpr std::array<std::pair<std::string_view, ReportFormat>, 6> kWords{{
        {"text", ReportFormat::text},
        {"json", ReportFormat::json},
        {"junit", ReportFormat::junit},
        {"sarif", ReportFormat::sarif},
        {"github", ReportFormat::github},
        {"markdown", ReportFormat::markdown},
    }};
    for (const auto& [name, format] : kWords)
        if (name == word) return format;
    return std::nullopt;
}

std::optional<AuditFailOn> parse_fail_on(std::string_view word) {
    if (word == "new") return AuditFailOn::new_findings;
    if (word == "all") return AuditFailOn::all_findings;
    return std::nullopt;
}

}  // namespace patchbay
