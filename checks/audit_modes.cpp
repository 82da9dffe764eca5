#include "checks/audit_modes.hpp"

#include <stdlib.h>

#include <map>
#include <set>

#include "checks/audit.hpp"
#include "checks/audit_scope.hpp"
#include "checks/line_origin.hpp"
#include "common/read_file.hpp"
#include "patches/diff_parser.hpp"
#include "series/annotation_path.hpp"
#include "series/step_changes.hpp"
#include "source/git_snapshot.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

// A scratch folder removed when the audit ends.
class ScratchDir {
  public:
    ScratchDir() {
        std::string pattern = (fs::temp_directory_path() / "patchbay-base-XXXXXX").string();
        if (mkdtemp(pattern.data())) path_ = pattern;
    }
    ~ScratchDir() {
        std::error_code ec;
        if (!path_.empty()) fs::remove_all(path_, ec);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    const fs::path& path() const { return path_; }

  private:
    fs::path path_;
};

void show(const AuditRun& run, const std::string& what) {
    if (run.status) run.status(what);
}

struct SeriesResult {
    std::vector<AppliedStep> steps;
    std::vector<std::string> notes;
};

Result<SeriesResult> apply_in_memory(const SeriesPlan& plan, const PristineSource& source,
                                     const AuditRun& run) {
    auto series = run_series(plan, source, run.series_progress);
    if (!series) return series.error();
    if (series->report.has_failed_patch())
        return make_error(plan.series.path, 0,
                          "the series has bad input; run check-series to see where");
    SeriesResult result{std::move(series->steps), {}};
    for (const auto& patch : series->report.patches)
        if (patch.status == PatchStatus::rejected)
            result.notes.push_back("patch " + patch.name +
                                   " was rejected and is not in the audited tree");
    return result;
}

// Reading and checking a large tree takes seconds: say which of the two is under way.
void show_checking(const AuditRun& run, const AuditTree& tree) {
    show(run, "checking " + std::to_string(tree.files.size()) + " of " +
                  std::to_string(tree.files.size() + tree.dropped.size()) + " files");
}

Result<AuditReport> audit_steps(const PristineSource& source, const SeriesResult& applied,
                                const AuditConfig& audit, const std::set<std::string>& scope,
                                const AuditRun& run) {
    show(run, "reading the result tree");
    auto tree = tree_from_result(source, combined_changes(applied.steps), audit);
    if (!tree) return tree.error();
    show_checking(run, *tree);
    auto report = run_audit(*tree, audit, &scope, run.jobs);
    report.notes.insert(report.notes.end(), applied.notes.begin(), applied.notes.end());
    return report;
}

// The patch of each applied step, parsed again (a few hundred small files at most), so a
// finding can name the line of the patch file that added its line.
class StepPatches {
  public:
    StepPatches(const SeriesPlan& plan, const std::vector<AppliedStep>& steps)
        : plan_(plan), steps_(steps), loaded_(load_patches(plan)) {
        for (std::size_t i = 0; i < plan.series.entries.size(); ++i)
            entry_of_.emplace(plan.series.entries[i].name, i);
    }
    StepPatch operator()(std::size_t step) const {
        const auto& name = steps_[step].name;
        StepPatch patch{nullptr, plan_.strip, annotation_path(plan_.patches_dir / name)};
        auto entry = entry_of_.find(name);
        if (entry == entry_of_.end()) return patch;
        const auto& loaded = loaded_.patches[entry->second];
        if (loaded && *loaded) patch.patch = &loaded->value();
        patch.strip = plan_.series.entries[entry->second].strip.value_or(plan_.strip);
        return patch;
    }

  private:
    const SeriesPlan& plan_;
    const std::vector<AppliedStep>& steps_;
    LoadedPatches loaded_;
    std::map<std::string, std::size_t> entry_of_;
};

void attribute(AuditReport& report, const SeriesPlan& plan, const PristineSource& source,
               const std::vector<AppliedStep>& steps) {
    StepPatches patches(plan, steps);
    std::function<StepPatch(std::size_t)> patch_of = std::cref(patches);
    attribute_to_patches(report.findings, source, steps, patch_of);
    attribute_to_patches(report.suppressed, source, steps, patch_of);
}

// New and fixed against a base audit of (part of) the same tree; findings outside `scope`
// exist in both by construction.
void compare_with_base(AuditReport& head, const AuditReport& base,
                       const std::set<std::string>& scope, AuditBaseline baseline) {
    label_new_against_base(head.findings, base.findings);
    for (auto& finding : head.findings)
        finding.is_new = finding.is_new && scope.count(finding.path) > 0;
    head.fixed = fixed_since_base(head.findings, base.findings);
    head.baseline = baseline;
}

void count_new(AuditReport& report) {
    report.summary.new_findings = 0;
    for (const auto& finding : report.findings) report.summary.new_findings += finding.is_new;
    report.summary.fixed = static_cast<int>(report.fixed.size());
}

// The report with its counts of new and fixed findings filled in.
Result<AuditReport> counted(Result<AuditReport> report) {
    if (report) count_new(*report);
    return report;
}

Result<AuditReport> result_against_upstream(const AuditSeries& series, const AuditRun& run) {
    const auto& source = series.source;
    auto applied = apply_in_memory(series.plan, source, run);
    if (!applied) return applied.error();
    const auto& audit = series.config.audit;
    show(run, "reading the result tree");
    auto tree = tree_from_result(source, combined_changes(applied->steps), audit);
    if (!tree) return tree.error();
    show_checking(run, *tree);
    auto report = run_audit(*tree, audit, nullptr, run.jobs);
    report.notes.insert(report.notes.end(), applied->notes.begin(), applied->notes.end());
    std::set<std::string> all_steps;
    for (const auto& step : applied->steps) all_steps.insert(step.name);
    auto scope = touched_paths(applied->steps, all_steps);
    auto pristine = tree_before(*tree, source, scope, audit);
    if (!pristine) return pristine.error();
    auto upstream = run_audit(*pristine, audit, &scope, run.jobs);
    compare_with_base(report, upstream, scope, AuditBaseline::upstream);
    attribute(report, series.plan, source, applied->steps);
    return report;
}

Result<AuditReport> folder_with_diff(const Config& config, const std::string& tree_dir,
                                     const std::string& diff_file, const AuditRun& run) {
    show(run, "reading " + tree_dir);
    auto tree = tree_from_directory(tree_dir, config.audit, run.jobs);
    if (!tree) return tree.error();
    show_checking(run, *tree);
    if (diff_file.empty()) return run_audit(*tree, config.audit, nullptr, run.jobs);
    auto text = read_file(diff_file);
    if (!text) return text.error();
    auto diff = parse_patch(*text, diff_file);
    if (!diff) return diff.error();
    auto added = added_lines(*diff, config.strip);
    std::set<std::string> scope;
    for (const auto& entry : added) scope.insert(entry.first);
    auto report = run_audit(*tree, config.audit, &scope, run.jobs);
    label_new_by_added_lines(report.findings, added);
    report.baseline = AuditBaseline::diff;
    return report;
}

// The entries whose patch file differs between the base folder and the one on disk.
std::set<std::string> changed_patches(const SeriesPlan& head, const fs::path& base_dir) {
    std::set<std::string> changed;
    for (const auto& entry : head.series.entries) {
        auto now = read_file(head.patches_dir / entry.name);
        auto before = read_file(base_dir / entry.name);
        if (!now || !before || *now != *before) changed.insert(entry.name);
    }
    return changed;
}

Result<SeriesPlan> base_plan(const AuditSeries& head, const std::string& rev, const fs::path& dir) {
    if (auto extracted = extract_folder_at(head.plan.patches_dir, rev, dir); !extracted)
        return extracted.error();
    Config config = head.config;
    config.series_file = (dir / fs::path(head.config.series_file).filename()).string();
    auto plan = load_plan(config);
    if (!plan) return plan.error();
    plan->patches_label = head.plan.patches_label + "@" + rev;
    plan->upto = head.plan.upto;
    plan->jobs = head.plan.jobs;
    return plan;
}

// The files the changed patches write, at head or at base: a patch that stops touching a
// kernel must still get that kernel audited.
std::set<std::string> change_scope(const SeriesResult& head, const SeriesResult& base,
                                   const std::set<std::string>& changed) {
    auto scope = touched_paths(head.steps, changed);
    scope.merge(touched_paths(base.steps, changed));
    return scope;
}

Result<AuditReport> change_against_base(const AuditSeries& head, const std::string& base_rev,
                                        const AuditRun& run) {
    ScratchDir scratch;
    auto base = base_plan(head, base_rev, scratch.path());
    if (!base) return base.error();
    auto head_run = apply_in_memory(head.plan, head.source, run);
    if (!head_run) return head_run.error();
    auto base_run = apply_in_memory(*base, head.source, run);
    if (!base_run) return base_run.error();
    auto scope = change_scope(*head_run, *base_run, changed_patches(head.plan, scratch.path()));
    const auto& audit = head.config.audit;
    auto head_report = audit_steps(head.source, *head_run, audit, scope, run);
    if (!head_report) return head_report;
    auto base_report = audit_steps(head.source, *base_run, audit, scope, run);
    if (!base_report) return base_report;
    compare_with_base(*head_report, *base_report, scope, AuditBaseline::base);
    attribute(*head_report, head.plan, head.source, head_run->steps);
    head_report->notes.push_back("audited " + std::to_string(scope.size()) +
                                 " file(s) produced by the patches changed since " + base_rev);
    return head_report;
}

}  // namespace

Result<AuditReport> audit_series_result(const AuditSeries& series, const AuditRun& run) {
    return counted(result_against_upstream(series, run));
}

Result<AuditReport> audit_series_change(const AuditSeries& series, const std::string& base_rev,
                                        const AuditRun& run) {
    return counted(change_against_base(series, base_rev, run));
}

Result<AuditReport> audit_folder(const Config& config, const std::string& tree,
                                 const std::string& diff, const AuditRun& run) {
    return counted(folder_with_diff(config, tree, diff, run));
}

}  // namespace patchbay
