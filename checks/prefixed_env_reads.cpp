#include "checks/prefixed_env_reads.hpp"

#include <fnmatch.h>

#include <string>

#include "checks/text_contains.hpp"

namespace patchbay {

namespace {

bool allowed(const std::string& name, const AuditConfig& config) {
    for (const auto& pattern : config.env_allow)
        if (pattern == name || fnmatch(pattern.c_str(), name.c_str(), 0) == 0) return true;
    return false;
}

// A read by a plain literal name spells the prefix (no escapes) and getenv or environ (an
// import or the call itself).
bool may_read_prefixed(const SourceFile& file, const std::string& prefix) {
    std::string_view text = file.text;
    if (!text_contains(text, prefix)) return false;
    return text_contains(text, "getenv") || text_contains(text, "environ");
}

}  // namespace

bool env_rules_may_need(const SourceFile& file, const AuditConfig& config) {
    if (config.env_prefix.empty() || file.declarations_only) return false;
    return file.path == config.env_registry || may_read_prefixed(file, config.env_prefix);
}

std::vector<LocatedEnvRead> prefixed_env_reads(const FileCheck& check, const AuditConfig& config,
                                               const EnvRegistry& registry) {
    std::vector<LocatedEnvRead> found;
    const SourceFile& file = check.file();
    if (file.path == registry.path || !may_read_prefixed(file, config.env_prefix)) return found;
    for (const auto& read : check.env_reads())
        if (read.name.starts_with(config.env_prefix) && !allowed(read.name, config))
            found.push_back({&file, read});
    return found;
}

Finding env_read_finding(std::string_view rule, Severity severity, const LocatedEnvRead& read,
                         const EnvRegistry& registry) {
    Finding finding;
    finding.rule = std::string(rule);
    finding.severity = severity;
    finding.path = read.file->path;
    finding.line = read.read.line;
    finding.column = read.read.column;
    finding.source_line = std::string(read.file->line_text(read.read.line));
    bool has_table = registry.table_line > 0;
    finding.related.push_back(
        {registry.path, has_table ? registry.table_line : 1, 1,
         has_table ? "registry table here"
                   : "registry file here (no top-level '" + registry.table + "' dict found)"});
    return finding;
}

}  // namespace patchbay
