#pragma once
// One audit run over one tree: every registered rule, then the inline suppressions, then the
// findings in print order (docs/ARCHITECTURE.md §5).

#include <set>
#include <string>

#include "checks/audit_report.hpp"
#include "checks/source_file.hpp"
#include "config/config.hpp"

namespace patchbay {

// With `scope`, only findings in those paths are reported (and counted as the files audited):
// the rules still see the whole tree, because a finding may need another file (a header's
// typedef, the env registry). The files are checked on up to `jobs` threads; the report is the
// same for any number.
AuditReport run_audit(const AuditTree& tree, const AuditConfig& config,
                      const std::set<std::string>* scope = nullptr, unsigned jobs = 1);

}  // namespace patchbay
