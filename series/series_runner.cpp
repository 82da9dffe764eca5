#include "series/series_runner.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "common/closest_name.hpp"
#include "common/elide.hpp"
#include "common/parallel_for.hpp"
#include "common/read_file.hpp"
#include "common/sha256.hpp"
#include "common/text_lines.hpp"
#include "common/tree_path.hpp"
#include "patches/diff_parser.hpp"
#include "patches/whitespace_errors.hpp"
#include "series/patch_applier.hpp"
#include "series/patch_undo.hpp"
#include "series/project_folder.hpp"
#include "series/undo_snapshot.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

// A patch that cannot be used. A missing patch file is reported where it is named: the
// series line ("patches/series:5").
PatchReport failed_report(const SeriesEntry& entry, const Error& error, ProblemKind kind,
                          const std::string& series_path) {
    PatchReport report;
    report.status = PatchStatus::failed;
    if (kind == ProblemKind::missing_patch) {
        // Quoted elided: the entry's name is whole in the report (PatchReport::name), and a
        // hostile 100 MB name copied into the message and the reason would be two copies more.
        const std::string message =
            fmt::format("'{}' is named by the series but cannot be read ({}: {})",
                        elide(entry.name), elide(error.file), error.message);
        report.problems.push_back({kind, message, series_path, entry.line});
    } else {
        report.problems.push_back({kind, error.message, error.file, error.line});
    }
    report.reason = report.problems.back().message;
    return report;
}

// What the parser read leniently, as GNU patch does: findings of the patch.
void add_parse_notes(const PatchFile& patch, const std::string& label, PatchReport& report) {
    for (const auto& note : patch.notes)
        report.problems.push_back({problem_kind_named(note.kind).value_or(ProblemKind::parse),
                                   note.message, label, note.line});
}

void add_whitespace_problems(const PatchFile& patch, const std::string& label,
                             PatchReport& report) {
    for (const auto& file : patch.files)
        for (const auto& error : whitespace_errors(file))
            report.problems.push_back(
                {ProblemKind::whitespace, error.message, label, error.patch_line});
}

std::size_t entries_to_run(const SeriesPlan& plan) {
    if (plan.upto.empty()) return plan.series.entries.size();
    const auto& entries = plan.series.entries;
    auto found = std::find_if(entries.begin(), entries.end(),
                              [&](const SeriesEntry& e) { return e.name == plan.upto; });
    return found == entries.end() ? 0 : static_cast<std::size_t>(found - entries.begin()) + 1;
}

class Runner {
  public:
    Runner(const SeriesPlan& plan, const PristineSource& source, const Progress& progress)
        : plan_(plan), state_(source), progress_(progress) {}

    SeriesRun run(std::size_t count, std::optional<LoadedPatches> preloaded);

  private:
    PatchReport run_entry(const SeriesEntry& entry, std::optional<Result<PatchFile>> loaded);
    PatchReport apply_entry(const SeriesEntry& entry, const std::string& label, PatchFile loaded);
    void check_unlisted();
    void suggest_for_missing(const std::vector<std::string>& unlisted);
    void check_disabled();
    void check_skip_rules();
    TreeChanges states_before(const TreeChanges& changes) const;
    void check_reverse();

    const SeriesPlan& plan_;
    TreeState state_;
    const Progress& progress_;
    SeriesRun run_;
    // Each applied patch with what undoing it takes (shared with its undo check).
    struct Applied {
        std::string label;
        std::shared_ptr<const PatchFile> patch;
        std::shared_ptr<const PatchUndo> undo;
    };
    std::vector<Applied> applied_;
    // Patches rejected so far, for naming the one a later rejection depends on.
    struct Rejected {
        std::string name;
        std::shared_ptr<const PatchFile> patch;
        int strip = 1;
    };
    std::vector<Rejected> rejected_;
    void explain_by_earlier_rejections(const PatchFile& patch, PatchReport& report) const;
    // Entries whose patch file could not be read, so never applied: the last, and how many.
    const SeriesEntry* last_missing_ = nullptr;
    std::size_t missing_count_ = 0;
    void explain_by_missing_patches(PatchReport& report) const;
    std::vector<int> applied_strips_;
    // A snapshot per applied patch of what undoing it needs (series/undo_snapshot.hpp), undone
    // once the series has applied, spread over the cores; the series is undone for real only
    // when one of them does not give back the state before it.
    std::vector<std::shared_ptr<const UndoSnapshot>> undo_snapshots_;
    bool every_patch_undoes() const;
};

// The patches folder, open while its patches are read: each is opened by its name relative to
// it (read_file_at), so no path is built per entry (for a hostile 100 MB name, one copy of it
// less). O_PATH: a folder that may only be searched still lets its files be read.
class PatchesFolder {
  public:
    explicit PatchesFolder(const fs::path& dir)
        : fd_(::open(dir.empty() ? "." : dir.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC)) {}
    PatchesFolder(const PatchesFolder&) = delete;
    PatchesFolder& operator=(const PatchesFolder&) = delete;
    ~PatchesFolder() {
        if (fd_ >= 0) ::close(fd_);
    }
    int fd() const { return fd_; }

  private:
    int fd_;
};

// The patch file read and parsed (and turned round for a reversed entry); an Error of kind
// "missing-patch" when it cannot be read, which takes `label` over rather than a copy of it.
Result<PatchFile> load_patch(const SeriesPlan& plan, const PatchesFolder& folder,
                             const SeriesEntry& entry, std::string label) {
    if (auto inside = readable_in_project(plan.project, folder.fd(), entry.name.c_str(), label);
        !inside) {
        Error error = std::move(inside).error();
        error.kind = "path";
        return error;
    }
    auto text = read_file_at(folder.fd(), entry.name.c_str(), {});
    if (!text) {
        Error error = std::move(text).error();
        error.file = std::move(label);
        error.kind = "missing-patch";
        return error;
    }
    auto parsed = parse_patch(*text, label);
    if (!parsed) return parsed.error();
    return entry.reverse ? reversed(*parsed) : std::move(parsed).value();
}

PatchReport Runner::apply_entry(const SeriesEntry& entry, const std::string& label,
                                PatchFile loaded) {
    auto patch = std::make_shared<const PatchFile>(std::move(loaded));
    int strip = entry.strip.value_or(plan_.strip);
    PatchOptions options{plan_.fuzz, true};
    auto applied = apply_patch(state_, *patch, strip, options, label);
    add_parse_notes(*patch, label, applied.report);
    add_whitespace_problems(*patch, label, applied.report);
    if (applied.report.status == PatchStatus::rejected) {
        explain_by_missing_patches(applied.report);
        explain_by_earlier_rejections(*patch, applied.report);
        applied.report.reason = reason_of(applied.report.problems.front());
        rejected_.push_back({entry.name, patch, strip});
    }
    if (applied.report.status == PatchStatus::applied) {
        auto before = states_before(applied.changes);
        state_.apply(applied.changes);
        auto undo = std::make_shared<const PatchUndo>(undo_of(*patch, applied.report));
        undo_snapshots_.push_back(std::make_shared<const UndoSnapshot>(
            capture_undo_snapshot(state_, patch, undo, strip, label, std::move(before))));
        run_.steps.push_back({entry.name, std::move(applied.changes)});
        applied_.push_back({label, std::move(patch), std::move(undo)});
        applied_strips_.push_back(strip);
    }
    return std::move(applied.report);
}

// The lines an earlier patch adds to `path` (where it writes that path).
std::set<std::string_view> lines_added_to(const PatchFile& patch, int strip,
                                          const std::string& path) {
    std::set<std::string_view> added;
    for (const auto& file : patch.files) {
        auto target = strip_path(file.new_name, strip);
        if (!target || canonical_tree_path(*target) != path) continue;
        for (const auto& hunk : file.hunks)
            for (const auto& line : hunk.lines)
                if (line.kind == LineKind::added) added.insert(line.text);
    }
    return added;
}

// A line of `hunk`'s old side that `added` holds: what the hunk expects from the other patch.
const HunkLine* expected_from(const Hunk& hunk, const std::set<std::string_view>& added) {
    for (const auto& line : hunk.lines)
        if (line.kind != LineKind::added && added.count(line.text)) return &line;
    return nullptr;
}

Problem* problem_at(PatchReport& report, ProblemKind kind, std::int64_t line) {
    for (auto& problem : report.problems)
        if (problem.kind == kind && problem.line == line) return &problem;
    return nullptr;
}

// A hunk (or a missing file) that fails because an earlier rejected patch, which was not
// applied, adds the lines it expects (or creates the file): name that patch.
void Runner::explain_by_earlier_rejections(const PatchFile& patch, PatchReport& report) const {
    for (std::size_t i = 0; i < patch.files.size() && i < report.files.size(); ++i) {
        const FileReport& file = report.files[i];
        for (const auto& earlier : rejected_) {
            const auto added = lines_added_to(*earlier.patch, earlier.strip, file.old_path);
            if (added.empty()) continue;
            if (Problem* missing =
                    problem_at(report, ProblemKind::missing_file, patch.files[i].header_line))
                missing->details.push_back(
                    fmt::format("'{}' (rejected above, so not applied) creates it", earlier.name));
            for (const auto& outcome : file.hunks) {
                if (outcome.status != HunkStatus::rejected) continue;
                const Hunk& hunk = patch.files[i].hunks[static_cast<std::size_t>(outcome.n - 1)];
                const HunkLine* line = expected_from(hunk, added);
                Problem* rejected = problem_at(report, ProblemKind::rejected, hunk.header_line);
                if (line && rejected)
                    rejected->details.push_back(fmt::format(
                        "'{}' (rejected above, so not applied) adds the line \"{}\" that this "
                        "hunk expects",
                        earlier.name, without_terminator(line->text)));
            }
        }
    }
}

// An earlier patch that could not be read was never applied: a later rejection may be its
// doing. What it would have added is unknown, so each rejected hunk and missing file names the
// last such patch, first: of the reasons, the one to fix first.
void Runner::explain_by_missing_patches(PatchReport& report) const {
    if (!last_missing_) return;
    const auto others =
        missing_count_ > 1 ? fmt::format(" (and {} more above)", missing_count_ - 1) : "";
    for (auto& problem : report.problems) {
        const char* what = problem.kind == ProblemKind::rejected       ? "add the lines it expects"
                           : problem.kind == ProblemKind::missing_file ? "create it"
                                                                       : nullptr;
        if (!what) continue;
        problem.details.insert(
            problem.details.begin(),
            fmt::format("'{}' (listed above but missing, so not applied) may {}{}",
                        elide(last_missing_->name), what, others));
    }
}

PatchReport Runner::run_entry(const SeriesEntry& entry, std::optional<Result<PatchFile>> loaded) {
    PatchReport report;
    if (const SkipRule* rule = skip_rule_for(plan_, entry.name)) {
        report.status = PatchStatus::skipped;
        report.reason = rule->reason;
    } else if (const auto& failed = *loaded; !failed) {
        const auto kind = problem_kind_named(failed.error().kind).value_or(ProblemKind::parse);
        if (kind == ProblemKind::missing_patch) last_missing_ = &entry, ++missing_count_;
        report = failed_report(entry, failed.error(), kind, plan_.series.path);
    } else {
        report = apply_entry(entry, patch_label(plan_, entry.name), std::move(**loaded));
    }
    loaded.reset();  // an Error holds the patch's path: gone before the name is copied
    report.name = entry.name;
    report.series_line = entry.line;
    report.strip = entry.strip.value_or(plan_.strip);
    return report;
}

LoadedPatches load_entries(const SeriesPlan& plan, std::size_t count) {
    LoadedPatches loaded;
    loaded.patches.resize(count);
    std::set<std::string> listed;
    const PatchesFolder folder(plan.patches_dir);
    for (std::size_t i = 0; i < count; ++i) {
        const auto& entry = plan.series.entries[i];
        if (skip_rule_for(plan, entry.name)) continue;
        auto& patch = loaded.patches[i];
        patch = load_patch(plan, folder, entry, patch_label(plan, entry.name));
        if (!*patch) continue;
        for (auto& path : source_paths(**patch, entry.strip.value_or(plan.strip)))
            if (listed.insert(path).second) loaded.paths.push_back(std::move(path));
    }
    return loaded;
}

// Every patch is read and parsed before the first is applied.
SeriesRun Runner::run(std::size_t count, std::optional<LoadedPatches> preloaded) {
    auto all = preloaded ? std::move(*preloaded) : load_entries(plan_, count);
    auto& loaded = all.patches;
    for (std::size_t i = 0; i < count; ++i) {
        if (progress_) progress_(i + 1, count, plan_.series.entries[i].name);
        run_.report.patches.push_back(run_entry(plan_.series.entries[i], std::move(loaded[i])));
    }
    check_disabled();
    check_unlisted();
    check_skip_rules();
    if (!every_patch_undoes()) check_reverse();
    return std::move(run_);
}

bool Runner::every_patch_undoes() const {
    std::vector<char> undone(undo_snapshots_.size(), 0);
    parallel_for(undo_snapshots_.size(), plan_.jobs,
                 [&](std::size_t i) { undone[i] = undoes_cleanly(*undo_snapshots_[i]); });
    return std::all_of(undone.begin(), undone.end(), [](char ok) { return ok != 0; });
}

bool is_patch_file(const fs::path& path) {
    auto ext = path.extension().string();
    return ext == ".patch" || ext == ".diff";
}

bool is_listed(const SeriesFile& series, const std::string& name) {
    return std::any_of(series.entries.begin(), series.entries.end(),
                       [&](const SeriesEntry& e) { return e.name == name; });
}

// A commented-out line naming a patch file that exists: the entry is switched off, which is
// how Debian and quilt users disable a patch. Reported, counted, and by default only a warning.
void Runner::check_disabled() {
    std::set<std::string> seen;
    for (const auto& commented : plan_.series.commented) {
        std::error_code ec;
        if (is_listed(plan_.series, commented.name) || !seen.insert(commented.name).second ||
            !fs::is_regular_file(plan_.patches_dir / commented.name, ec))
            continue;
        ++run_.report.disabled;
        run_.report.series_problems.push_back(
            {ProblemKind::disabled,
             fmt::format("'{}' is disabled by the series line \"{}\"", commented.name,
                         commented.text),
             plan_.series.path, commented.line});
    }
}

void Runner::check_unlisted() {
    std::error_code ec;
    std::set<std::string_view> listed;  // views: a listed name can be 100 MB
    for (const auto& entry : plan_.series.entries) listed.insert(entry.name);
    for (const auto& commented : plan_.series.commented) listed.insert(commented.name);
    std::vector<std::string> unlisted;
    for (auto it = fs::recursive_directory_iterator(plan_.patches_dir, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (!it->is_regular_file() || !is_patch_file(it->path())) continue;
        auto name = it->path().lexically_relative(plan_.patches_dir).generic_string();
        if (listed.count(name) == 0) {
            run_.report.series_problems.push_back(
                {ProblemKind::unlisted,
                 fmt::format("'{}' is in the patches folder but not in the series", name),
                 patch_label(plan_, name), 0});
            unlisted.push_back(std::move(name));
        }
    }
    suggest_for_missing(unlisted);
}

// A listed name without its file and a patch file that no line lists, a few edits apart: the
// file was renamed and the series was not, or the line has a typo. The missing entry's finding
// names the file it most likely means.
void Runner::suggest_for_missing(const std::vector<std::string>& unlisted) {
    const std::vector<std::string_view> names(unlisted.begin(), unlisted.end());
    for (auto& patch : run_.report.patches) {
        if (patch.status != PatchStatus::failed || patch.problems.empty()) continue;
        Problem& missing = patch.problems.front();
        if (missing.kind != ProblemKind::missing_patch) continue;
        if (const auto near = closest_name(patch.name, names)) {
            missing.message += fmt::format("; did you mean '{}'?", names[*near]);
            patch.reason = missing.message;
        }
    }
}

void Runner::check_skip_rules() {
    for (const auto& rule : plan_.skip) {
        bool listed = std::any_of(plan_.series.entries.begin(), plan_.series.entries.end(),
                                  [&](const SeriesEntry& e) { return e.name == rule.patch; });
        if (!listed)
            run_.report.series_problems.push_back(
                {ProblemKind::missing_patch,
                 fmt::format("skip rule for '{}' matches no series entry", rule.patch), "",
                 rule.line});
    }
}

// What the running state holds at each path `changes` is about to change.
TreeChanges Runner::states_before(const TreeChanges& changes) const {
    TreeChanges before;
    for (const auto& [path, change] : changes) {
        auto entry = state_.lookup(path);
        before.emplace(path, entry ? to_state(std::move(entry).value()) : std::nullopt);
    }
    return before;
}

// Undo every applied patch, last first, and require the pristine tree back. The last use of
// the running state, so it is taken rather than copied.
void Runner::check_reverse() {
    TreeState undo = std::move(state_);
    for (std::size_t i = applied_.size(); i-- > 0;) {
        const auto& [label, patch, patch_undo] = applied_[i];
        auto back = apply_patch(undo, patch_undo->patch, applied_strips_[i],
                                patch_undo->section_options, label);
        if (back.report.status != PatchStatus::applied) {
            run_.report.series_problems.push_back(
                {ProblemKind::reverse,
                 fmt::format("the patch does not reverse cleanly: {}", back.report.reason), label,
                 0});
            return;
        }
        undo.apply(std::move(back.changes));
        for (const auto& file : patch->files)
            if (file.op == FileOp::copy)
                if (auto target = strip_path(file.new_name, applied_strips_[i]))
                    undo.apply({{canonical_tree_path(*target), std::nullopt}});
    }
    for (const auto& [path, state] : undo.changes()) {
        auto pristine = undo.pristine(path);
        if (pristine && to_state(std::move(pristine).value()) == state) continue;
        run_.report.series_problems.push_back(
            {ProblemKind::reverse,
             fmt::format("undoing the series does not restore '{}' to its pristine state", path),
             "", 0});
    }
}

// [series] strict, warn and fail; a kind that names no finding is an error, not a no-op.
Result<FindingPolicy> policy_of(const Config& config) {
    FindingPolicy policy;
    policy.strict = config.strict;
    const std::pair<const std::vector<std::string>*, FindingSeverity> lists[] = {
        {&config.warn, FindingSeverity::warning}, {&config.fail, FindingSeverity::failure}};
    for (const auto& [kinds, severity] : lists)
        for (const auto& kind : *kinds) {
            const auto known = problem_kind_named(kind);
            if (!known)
                return make_error(config.file.string(), 0,
                                  fmt::format("[series] names an unknown finding kind '{}' "
                                              "(known: {})",
                                              kind, problem_kinds_list()));
            policy.overrides[*known] = severity;
        }
    return policy;
}

}  // namespace

std::string patch_label(const SeriesPlan& plan, const std::string& name) {
    return plan.patches_label.empty() ? name : plan.patches_label + "/" + name;
}

const SkipRule* skip_rule_for(const SeriesPlan& plan, const std::string& name) {
    auto found = std::find_if(plan.skip.begin(), plan.skip.end(),
                              [&](const SkipRule& rule) { return rule.patch == name; });
    return found == plan.skip.end() ? nullptr : &*found;
}

Result<SeriesPlan> load_plan(const Config& config) {
    SeriesPlan plan;
    fs::path series_path = config.resolve(config.series_file);
    plan.project = project_folder(config, series_path);
    if (auto inside =
            readable_in_project(plan.project, AT_FDCWD, series_path.c_str(), config.series_file);
        !inside)
        return inside.error();
    auto text = read_file(series_path);
    if (!text) return make_error(config.series_file, 0, "cannot read the series file");
    auto series = parse_series(*text, config.series_file);
    if (!series) return series.error();
    plan.series = std::move(series).value();
    plan.series_sha256 = sha256_hex(*text);
    plan.patches_dir = series_path.parent_path();
    plan.patches_label = fs::path(config.series_file).parent_path().generic_string();
    plan.skip = config.skip;
    plan.strip = config.strip;
    plan.fuzz = config.fuzz;
    auto policy = policy_of(config);
    if (!policy) return policy.error();
    plan.policy = std::move(policy).value();
    return plan;
}

LoadedPatches load_patches(const SeriesPlan& plan) {
    return load_entries(plan, entries_to_run(plan));
}

Result<SeriesRun> run_series(const SeriesPlan& plan, const PristineSource& source,
                             const Progress& progress, std::optional<LoadedPatches> loaded) {
    std::size_t count = entries_to_run(plan);
    if (!plan.upto.empty() && count == 0)
        return make_error(plan.series.path, 0,
                          fmt::format("--upto '{}' names no entry of the series{}", plan.upto,
                                      nearest_entry_hint(plan.series, plan.upto)));
    Runner runner(plan, source, progress);
    if (loaded && loaded->patches.size() != count) loaded.reset();  // made for another plan
    auto run = runner.run(count, std::move(loaded));
    run.report.series_file = plan.series.path;
    run.report.upstream = source.description();
    run.report.fuzz = plan.fuzz;
    run.report.strip = plan.strip;
    run.report.strict = plan.policy.strict;
    run.report.apply_policy(plan.policy);
    return run;
}

}  // namespace patchbay
