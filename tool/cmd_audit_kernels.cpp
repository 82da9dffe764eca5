#include <fmt/format.h>

#include "checks/audit.hpp"
#include "checks/audit_scope.hpp"
#include "checks/line_origin.hpp"
#include "common/read_file.hpp"
#include "patches/diff_parser.hpp"
#include "source/git_snapshot.hpp"
#include "tool/annotation_path.hpp"
#include "tool/audit_report_format.hpp"
#include "tool/commands.hpp"
#include "tool/exit_status.hpp"
#include "tool/jobs.hpp"
#include "tool/workspace.hpp"

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

struct SeriesResult {
    std::vector<AppliedStep> steps;
    std::vector<std::string> notes;
};

Result<SeriesResult> apply_in_memory(const SeriesPlan& plan, const PristineSource& source,
                                     ProgressLine& line) {
    auto run = run_series(plan, source, series_progress(line));
    if (!run) return run.error();
    if (run->report.has_failed_patch())
        return make_error(plan.series.path, 0,
                          "the series has bad input; run check-series to see where");
    SeriesResult result{std::move(run->steps), {}};
    for (const auto& patch : run->report.patches)
        if (patch.status == PatchStatus::rejected)
            result.notes.push_back("patch " + patch.name +
                                   " was rejected and is not in the audited tree");
    return result;
}

// Reading and checking a large tree takes seconds: say which of the two is under way.
void show_checking(ProgressLine& line, const AuditTree& tree) {
    line.show(fmt::format("checking {} of {} files", tree.files.size(),
                          tree.files.size() + tree.dropped.size()));
}

Result<AuditReport> audit_steps(const PristineSource& source, const SeriesResult& applied,
                                const AuditConfig& audit, const std::set<std::string>& scope,
                                unsigned jobs, ProgressLine& line) {
    line.show("reading the result tree");
    auto tree = tree_from_result(source, combined_changes(applied.steps), audit);
    if (!tree) return tree.error();
    show_checking(line, *tree);
    auto report = run_audit(*tree, audit, &scope, jobs);
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

// The series' result tree against the pristine upstream: only the files the series writes can
// differ, so only those are audited twice.
Result<AuditReport> audit_result_tree(const CliOptions& options, ProgressLine& line) {
    auto workspace = open_workspace(options);
    if (!workspace) return workspace.error();
    const auto& source = *workspace->source;
    auto applied = apply_in_memory(workspace->plan, source, line);
    if (!applied) return applied.error();
    const auto& audit = workspace->config.audit;
    unsigned jobs = resolve_jobs(options.jobs);
    line.show("reading the result tree");
    auto tree = tree_from_result(source, combined_changes(applied->steps), audit);
    if (!tree) return tree.error();
    show_checking(line, *tree);
    auto report = run_audit(*tree, audit, nullptr, jobs);
    report.notes.insert(report.notes.end(), applied->notes.begin(), applied->notes.end());
    std::set<std::string> all_steps;
    for (const auto& step : applied->steps) all_steps.insert(step.name);
    auto scope = touched_paths(applied->steps, all_steps);
    auto pristine = tree_before(*tree, source, scope, audit);
    if (!pristine) return pristine.error();
    auto upstream = run_audit(*pristine, audit, &scope, jobs);
    compare_with_base(report, upstream, scope, AuditBaseline::upstream);
    attribute(report, workspace->plan, source, applied->steps);
    return report;
}

Result<AuditReport> audit_directory(const CliOptions& options, ProgressLine& line) {
    auto config = resolve_config(options);
    if (!config) return config.error();
    unsigned jobs = resolve_jobs(options.jobs);
    line.show("reading " + options.tree);
    auto tree = tree_from_directory(options.tree, config->audit, jobs);
    if (!tree) return tree.error();
    show_checking(line, *tree);
    if (options.diff.empty()) return run_audit(*tree, config->audit, nullptr, jobs);
    auto text = read_file(options.diff);
    if (!text) return text.error();
    auto diff = parse_patch(*text, options.diff);
    if (!diff) return diff.error();
    auto added = added_lines(*diff, config->strip);
    std::set<std::string> scope;
    for (const auto& entry : added) scope.insert(entry.first);
    auto report = run_audit(*tree, config->audit, &scope, jobs);
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

Result<SeriesPlan> base_plan(const Workspace& head, const std::string& rev, const fs::path& dir) {
    if (auto extracted = extract_folder_at(head.plan.patches_dir, rev, dir); !extracted)
        return extracted.error();
    Config config = head.config;
    config.series_file = (dir / fs::path(head.config.series_file).filename()).string();
    auto plan = load_plan(config);
    if (!plan) return plan.error();
    plan->patches_label = head.plan.patches_label + "@" + rev;
    plan->upto = head.plan.upto;
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

Result<AuditReport> audit_change(const CliOptions& options, ProgressLine& line) {
    auto head = open_workspace(options);
    if (!head) return head.error();
    ScratchDir scratch;
    auto base = base_plan(*head, options.base, scratch.path());
    if (!base) return base.error();
    auto head_run = apply_in_memory(head->plan, *head->source, line);
    if (!head_run) return head_run.error();
    auto base_run = apply_in_memory(*base, *head->source, line);
    if (!base_run) return base_run.error();
    auto scope = change_scope(*head_run, *base_run, changed_patches(head->plan, scratch.path()));
    const auto& audit = head->config.audit;
    unsigned jobs = resolve_jobs(options.jobs);
    auto head_report = audit_steps(*head->source, *head_run, audit, scope, jobs, line);
    if (!head_report) return head_report;
    auto base_report = audit_steps(*head->source, *base_run, audit, scope, jobs, line);
    if (!base_report) return base_report;
    compare_with_base(*head_report, *base_report, scope, AuditBaseline::base);
    attribute(*head_report, head->plan, *head->source, head_run->steps);
    head_report->notes.push_back(fmt::format(
        "audited {} file(s) produced by the patches changed since {}", scope.size(), options.base));
    return head_report;
}

void count_new(AuditReport& report) {
    report.summary.new_findings = 0;
    for (const auto& finding : report.findings) report.summary.new_findings += finding.is_new;
    report.summary.fixed = static_cast<int>(report.fixed.size());
}

std::string render(const AuditReport& report, const CommandContext& context) {
    const auto& format = context.options.format;
    if (format == "json") return render_audit_json(report);
    if (format == "sarif") return render_audit_sarif(report, audit_rule_descriptors());
    if (format == "github") return render_audit_github(report, context.options.hide_existing);
    if (format == "markdown") return render_audit_markdown(report);
    return render_audit_text(report, context.palette);
}

Result<AuditReport> audit_in_scope(const CliOptions& options, ProgressLine& line) {
    if (!options.diff.empty() && options.tree.empty())
        return make_error("--diff needs --tree DIR: the tree the diff applies to");
    if (!options.tree.empty() && !options.base.empty())
        return make_error("--tree and --base cannot be combined");
    if (!options.tree.empty()) return audit_directory(options, line);
    if (!options.base.empty()) return audit_change(options, line);
    return audit_result_tree(options, line);
}

}  // namespace

void add_audit_kernels_options(FlagSet& flags, CliOptions& options) {
    add_source_options(flags, options);
    add_report_options(flags, options, {"text", "json", "sarif", "github", "markdown"});
    add_summary_option(flags, options);
    flags.option("--upto", &options.upto, "NAME", "audit the result tree up to this patch");
    flags.option("--tree", &options.tree, "DIR", "audit this folder instead of the series result");
    flags.option("--base", &options.base, "REV",
                 "audit what the patches changed since this revision of the series repository");
    flags.option("--diff", &options.diff, "FILE", "with --tree: audit the files this diff touches");
    flags
        .option("--fail-on", &options.fail_on, "WHICH",
                "which findings fail the run: new (default, but for --tree without --diff) or all")
        .one_of({"new", "all"});
    flags.toggle("--hide-existing", options.hide_existing,
                 "github format: no annotation for findings that are not new");
    flags
        .option("--jobs", &options.jobs, "N",
                "threads to check files on (default: PATCHBAY_JOBS, else one per core)")
        .at_least(1);
}

Result<CommandOutput> run_audit_kernels(const CommandContext& context) {
    const auto& options = context.options;
    auto report = [&] {
        ProgressLine line(context.progress, std::chrono::milliseconds(300));
        return audit_in_scope(options, line);
    }();  // the line is cleared before anything is printed
    if (!report) return report.error();
    count_new(*report);
    // Upstream's own findings and the ones a base already had fail only with --fail-on all.
    bool only_new = options.fail_on.empty() ? report->scoped() : options.fail_on == "new";
    auto fail_on = only_new ? AuditFailOn::new_findings : AuditFailOn::all_findings;
    auto summary = options.summary.empty() ? std::string() : render_audit_markdown(*report);
    return CommandOutput{
        render(*report, context), exit_status_of(*report, fail_on), {}, std::move(summary)};
}

}  // namespace patchbay
