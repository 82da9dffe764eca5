#pragma once
// The three ways audit-kernels looks at code (docs/ARCHITECTURE.md §5 "New and fixed"): the
// series' result tree against the pristine upstream, a folder (with the lines a diff adds), and
// the patches changed since a base revision of the series. Each runs the series, reads the
// trees, audits them and compares; the command only picks one and renders its report.

#include <functional>
#include <string>

#include "checks/audit_report.hpp"
#include "common/result.hpp"
#include "config/config.hpp"
#include "series/series_runner.hpp"
#include "source/pristine_source.hpp"

namespace patchbay {

// How the caller wants the work done and shown: threads, and what is under way for a
// progress line (both callbacks may be empty).
struct AuditRun {
    unsigned jobs = 1;
    std::function<void(const std::string&)> status;
    Progress series_progress;
};

// A series as the command opened it.
struct AuditSeries {
    const Config& config;
    const SeriesPlan& plan;
    const PristineSource& source;
};

// The series' result tree; findings new against the pristine upstream. Only the files the
// series writes can differ, so only those are audited twice.
Result<AuditReport> audit_series_result(const AuditSeries& series, const AuditRun& run);

// The result tree of the patches changed since `base_rev` of the series repository, against
// the same series at that revision.
Result<AuditReport> audit_series_change(const AuditSeries& series, const std::string& base_rev,
                                        const AuditRun& run);

// Every included file under `tree`; with a `diff`, findings new where it adds lines.
Result<AuditReport> audit_folder(const Config& config, const std::string& tree,
                                 const std::string& diff, const AuditRun& run);

}  // namespace patchbay
