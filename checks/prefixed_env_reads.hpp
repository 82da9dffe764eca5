#pragma once
// What both env rules look at: the reads of `[audit.env] prefix` variables outside the registry
// file, less the names in `[audit.env] allow` (exact names or fnmatch patterns).

#include <string_view>
#include <vector>

#include "checks/env_reads.hpp"
#include "checks/env_registry.hpp"
#include "checks/finding.hpp"
#include "checks/rules/file_check.hpp"

namespace patchbay {

struct LocatedEnvRead {
    const SourceFile* file = nullptr;
    EnvRead read;
};

// The reads in one file of the tree. A file whose text has no `prefix` or no getenv/environ is
// not tokenized: a read by a plain literal name spells both.
std::vector<LocatedEnvRead> prefixed_env_reads(const FileCheck& file, const AuditConfig& config,
                                               const EnvRegistry& registry);

// Whether an env rule can use `file`: it is the registry, or it may read a `prefix` variable
// (its text spells the prefix and getenv or environ).
bool env_rules_may_need(const SourceFile& file, const AuditConfig& config);

// A finding at `read` with rule, severity, location, source line and the registry table as its
// related location; message and fix hint are the caller's.
Finding env_read_finding(std::string_view rule, Severity severity, const LocatedEnvRead& read,
                         const EnvRegistry& registry);

}  // namespace patchbay
