#include "series/patch_applier.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <set>

#include "common/dot_git_name.hpp"
#include "common/text_lines.hpp"
#include "common/tree_path.hpp"
#include "patches/git_binary.hpp"
#include "patches/hunk_matcher.hpp"
#include "patches/near_miss.hpp"

namespace patchbay {

namespace {

constexpr std::uint32_t kSymlinkMode = 0120000;

// GNU patch's default fuzz: the most a rejected hunk is tried with to say what it needs (more
// ignores all of a 3-line context, and a match then means little).
constexpr std::int64_t kMostFuzz = 2;

// The fuzz a hunk rejected under `allowed` would have applied with anywhere in `lines`; 0 when
// none would do: "fuzz over the policy" is then told apart from a hunk that does not fit.
std::int64_t fuzz_needed(const std::vector<std::string_view>& lines, const Hunk& hunk,
                         std::int64_t allowed) {
    auto pattern = pattern_of(hunk);
    for (std::int64_t fuzz = allowed + 1; fuzz <= useful_fuzz(pattern, kMostFuzz); ++fuzz) {
        MatchState anywhere;
        if (locate_hunk(lines, pattern, fuzz, anywhere) > 0) return fuzz;
    }
    return 0;
}

// The state of one patch application: the tree before it, plus the sections applied so far
// (a patch may touch the same file in two sections).
class PatchRun {
  public:
    PatchRun(const TreeState& state, int strip, std::string label, const TreeChanges* expected)
        : state_(state), strip_(strip), label_(std::move(label)), expected_(expected) {}

    void apply_section(const FileDiff& file, const PatchOptions& options);
    void apply_binary_section(const FileDiff& file, FileReport report);
    AppliedPatch finish(const PatchFile& patch);

  private:
    struct Paths {
        std::string source;  // read from (empty for a created file)
        std::string target;  // written to (empty for a deleted file)
    };

    std::optional<Paths> resolve_paths(const FileDiff& file);
    void prefer_existing_old_name(const FileDiff& file, Paths& paths) const;
    std::optional<std::string> stripped(const std::string& name, const FileDiff& file);
    bool usable(const std::string& path, const FileDiff& file);
    bool under_pending_symlink(const std::string& path) const;
    bool usable_as_symlink(const std::string& path, const FileDiff& file);
    Result<TreeEntry> lookup(const std::string& path) const;
    std::optional<FileState> read_source(const FileDiff& file, const Paths& paths);
    bool parent_is_not_a_folder(const FileDiff& file, const std::string& path);
    bool target_is_free(const FileDiff& file, const Paths& paths);
    void record_hunks(const FileDiff& file, const std::vector<HunkOutcome>& outcomes,
                      const SharedText& text);
    std::vector<std::string> other_strip_levels(const std::string& name) const;
    std::optional<std::string> upstream_move(const std::string& path) const;
    bool check_deletion(const FileDiff& file, const Paths& paths, const SharedText& text);
    const SharedText* expected_text(const std::string& path) const;
    void store_result(const FileDiff& file, const Paths& paths, const FileState& before,
                      SharedText text);
    void problem(ProblemKind kind, std::int64_t line, std::string message);
    bool is_vacuous() const;

    const TreeState& state_;
    int strip_;
    PatchOptions options_;  // the current section's
    std::string label_;
    const TreeChanges* expected_;  // may be null
    AppliedPatch result_;
    SymlinkPaths pending_symlinks_;  // those of result_.changes
};

void PatchRun::problem(ProblemKind kind, std::int64_t line, std::string message) {
    result_.report.problems.push_back({kind, std::move(message), label_, line});
}

std::optional<std::string> PatchRun::stripped(const std::string& name, const FileDiff& file) {
    auto path = strip_path(name, strip_);
    if (!path)
        problem(ProblemKind::path, file.header_line,
                fmt::format("cannot strip {} leading component(s) from '{}'", strip_, name));
    return path;
}

bool PatchRun::usable(const std::string& path, const FileDiff& file) {
    auto reason = unsafe_path_reason(path);
    if (reason) problem(ProblemKind::path, file.header_line, fmt::format("refusing {}", *reason));
    return !reason;
}

// git refuses a .gitmodules that is a symlink (its verify_path): a checkout would read the
// submodules' configuration from wherever the link leads.
bool PatchRun::usable_as_symlink(const std::string& path, const FileDiff& file) {
    if (!file.new_mode || (*file.new_mode & 0170000) != kSymlinkMode) return true;
    const auto slash = path.rfind('/');
    if (!is_dot_gitmodules_spelling(slash == std::string::npos ? path : path.substr(slash + 1)))
        return true;
    problem(
        ProblemKind::path, file.header_line,
        fmt::format("refusing symlink '{}': git refuses a .gitmodules that is a symlink", path));
    return false;
}

// A symlink created by an earlier section of this same patch above `path`: the tree state
// only knows the symlinks of earlier patches.
bool PatchRun::under_pending_symlink(const std::string& path) const {
    return pending_symlinks_.above(path);
}

Result<TreeEntry> PatchRun::lookup(const std::string& path) const {
    if (under_pending_symlink(path)) return TreeEntry{TreeEntry::Kind::under_symlink, "", false};
    auto pending = result_.changes.find(path);
    if (pending != result_.changes.end()) return to_entry(pending->second);
    return state_.lookup(path);
}

// The name a section reads its file from: a modification names it twice, GNU patch takes
// the new name (unless that is /dev/null).
const std::string& source_name(const FileDiff& file) {
    return file.op == FileOp::modify && file.new_name != "/dev/null" ? file.new_name
                                                                     : file.old_name;
}

std::optional<PatchRun::Paths> PatchRun::resolve_paths(const FileDiff& file) {
    Paths paths;
    if (file.op != FileOp::create) {
        auto source = stripped(source_name(file), file);
        if (!source || !usable(*source, file)) return std::nullopt;
        paths.source = canonical_tree_path(*source);
    }
    if (file.op != FileOp::remove) {
        auto target = stripped(file.new_name, file);
        if (!target || !usable(*target, file)) return std::nullopt;
        paths.target = canonical_tree_path(*target);
        if (!usable_as_symlink(paths.target, file)) return std::nullopt;
    }
    prefer_existing_old_name(file, paths);
    return paths;
}

// GNU patch reads a modified file from one of its names that exists, and writes it back in
// place: a section whose new name is not in the tree and whose old name is a file there
// patches the old one. "--- a/Makefile.orig" "+++ b/Makefile" undone (zlib 1:1.2.13.dfsg-1's
// use-dso-really, reversed) patches Makefile, as `patch -R` does.
void PatchRun::prefer_existing_old_name(const FileDiff& file, Paths& paths) const {
    if (file.op != FileOp::modify || file.old_name == "/dev/null") return;
    auto old_path = strip_path(file.old_name, strip_);
    if (!old_path || unsafe_path_reason(*old_path)) return;
    const std::string old_name = canonical_tree_path(*old_path);
    if (old_name == paths.source) return;
    auto current = lookup(paths.source);
    auto old = lookup(old_name);
    if (current && current->kind == TreeEntry::Kind::absent && old &&
        old->kind == TreeEntry::Kind::file)
        paths.source = paths.target = old_name;
}

std::optional<FileState> PatchRun::read_source(const FileDiff& file, const Paths& paths) {
    if (file.op == FileOp::create) return FileState{};
    auto entry = lookup(paths.source);
    if (!entry) {
        problem(ProblemKind::path, file.header_line, entry.error().message);
        return std::nullopt;
    }
    using Kind = TreeEntry::Kind;
    if (entry->kind == Kind::file) return to_state(std::move(entry).value());
    // A git section that says its source is a symlink (mode 120000) patches or deletes the
    // link itself, never what it points to: undoing a patch that created one does this.
    if (entry->kind == Kind::symlink && file.old_mode && (*file.old_mode & 0170000) == kSymlinkMode)
        return to_state(std::move(entry).value());
    if (entry->kind == Kind::absent) {
        problem(ProblemKind::missing_file, file.header_line,
                fmt::format("'{}' does not exist in the tree", paths.source));
        auto& details = result_.report.problems.back().details;
        details = other_strip_levels(source_name(file));
        if (auto moved = upstream_move(paths.source)) details.push_back(*moved);
    } else {
        const char* what =
            entry->kind == Kind::directory ? "a directory" : "reached through a symlink";
        problem(ProblemKind::path, file.header_line,
                fmt::format("refusing '{}': it is {}", paths.source, what));
    }
    return std::nullopt;
}

// GNU patch's "Perhaps you used the wrong -p or --strip option?", made precise: the strip
// levels under which `name` names a file that exists.
std::vector<std::string> PatchRun::other_strip_levels(const std::string& name) const {
    std::vector<std::string> found;
    for (int level = 0; level <= 6; ++level) {
        if (level == strip_) continue;
        auto path = strip_path(name, level);
        if (!path || unsafe_path_reason(*path)) continue;
        auto entry = lookup(canonical_tree_path(*path));
        if (entry && entry->kind == TreeEntry::Kind::file)
            found.push_back(
                fmt::format("with -p{} the path is '{}', which exists: is the strip "
                            "level wrong?",
                            level, canonical_tree_path(*path)));
    }
    return found;
}

std::string describe_move(const PathMove& move) {
    std::string said = "upstream";
    for (std::size_t i = 0; i < move.steps.size(); ++i) {
        const auto& step = move.steps[i];
        const auto what = step.new_path.empty() ? std::string("deleted it")
                                                : fmt::format("moved it to '{}'", step.new_path);
        said += fmt::format("{} {} in {} ({})", i == 0 ? "" : ", then", what,
                            step.commit.substr(0, 12), step.subject);
    }
    return said;
}

// Where upstream's history says a file the pristine tree lacks went (git rename detection,
// when the upstream is a repository).
std::optional<std::string> PatchRun::upstream_move(const std::string& path) const {
    auto pristine = state_.pristine(path);
    if (!pristine || pristine->kind != TreeEntry::Kind::absent) return std::nullopt;
    auto move = state_.pristine_move(path);
    if (!move) return std::nullopt;
    return describe_move(*move);
}

// A file (or symlink) where the new path needs a folder: "f.txt/x" with f.txt a file.
bool PatchRun::parent_is_not_a_folder(const FileDiff& file, const std::string& path) {
    for (auto slash = path.find('/'); slash != std::string::npos;
         slash = path.find('/', slash + 1)) {
        auto parent = lookup(path.substr(0, slash));
        if (!parent || parent->kind == TreeEntry::Kind::absent ||
            parent->kind == TreeEntry::Kind::directory)
            continue;
        bool link = parent->kind == TreeEntry::Kind::symlink ||
                    parent->kind == TreeEntry::Kind::under_symlink;
        problem(
            ProblemKind::path, file.header_line,
            link ? fmt::format("refusing '{}': it is reached through a symlink", path)
                 : fmt::format("refusing '{}': '{}' is not a folder", path, path.substr(0, slash)));
        return true;
    }
    return false;
}

// A created, renamed or copied file must not land on something that is already there.
bool PatchRun::target_is_free(const FileDiff& file, const Paths& paths) {
    if (file.op == FileOp::modify || file.op == FileOp::remove) return true;
    if (parent_is_not_a_folder(file, paths.target)) return false;
    auto entry = lookup(paths.target);
    if (!entry) {
        problem(ProblemKind::path, file.header_line, entry.error().message);
        return false;
    }
    using Kind = TreeEntry::Kind;
    if (entry->kind == Kind::absent) return true;
    if (entry->kind == Kind::file && entry->content.empty() && file.op == FileOp::create)
        return true;
    if (entry->kind == Kind::file && file.op == FileOp::create) {
        auto created = apply_hunks("", file.hunks, options_).text;
        bool same = created == entry->content;
        problem(same ? ProblemKind::already_applied : ProblemKind::exists, file.header_line,
                same ? fmt::format("'{}' already exists with the content this patch creates",
                                   paths.target)
                     : fmt::format("'{}' already exists; the patch would create it", paths.target));
        return false;
    }
    if (entry->kind == Kind::under_symlink) {
        problem(ProblemKind::path, file.header_line,
                fmt::format("refusing '{}': it is reached through a symlink", paths.target));
        return false;
    }
    problem(entry->kind == Kind::file ? ProblemKind::exists : ProblemKind::path, file.header_line,
            fmt::format("'{}' already exists; the patch would {} onto it", paths.target,
                        to_string(file.op)));
    return false;
}

void PatchRun::record_hunks(const FileDiff& file, const std::vector<HunkOutcome>& outcomes,
                            const SharedText& text) {
    std::vector<std::string_view> lines;  // split once, for the first rejected hunk
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
        const auto& outcome = outcomes[i];
        auto line = file.hunks[i].header_line;
        if (outcome.status == HunkStatus::rejected) {
            problem(ProblemKind::rejected, line,
                    fmt::format("hunk #{} FAILED at {}", outcome.n, outcome.line));
            if (lines.empty()) lines = split_lines(text.view());
            auto& details = result_.report.problems.back().details;
            auto allowed = options_.fuzz_for(i);
            if (auto fuzz = fuzz_needed(lines, file.hunks[i], allowed))
                details.push_back(
                    fmt::format("it applies with fuzz {}, over the policy's {}", fuzz, allowed));
            if (auto miss = near_miss(lines, file.hunks[i])) details.push_back(describe(*miss));
        }
        if (outcome.status == HunkStatus::already_applied)
            problem(ProblemKind::already_applied, line,
                    fmt::format("hunk #{} is already applied (found reversed at {})", outcome.n,
                                outcome.line));
    }
}

bool PatchRun::check_deletion(const FileDiff& file, const Paths& paths, const SharedText& text) {
    if (file.op != FileOp::remove || text.empty()) return true;
    problem(ProblemKind::not_empty, file.header_line,
            fmt::format("not deleting '{}': its content differs from the patch", paths.source));
    return false;
}

// The text the caller expects at `path` after the patch, if it said.
const SharedText* PatchRun::expected_text(const std::string& path) const {
    if (!expected_ || path.empty()) return nullptr;
    auto found = expected_->find(path);
    if (found == expected_->end() || !found->second) return nullptr;
    return &found->second->content;
}

void PatchRun::store_result(const FileDiff& file, const Paths& paths, const FileState& before,
                            SharedText text) {
    if (file.op == FileOp::remove || file.op == FileOp::rename) {
        result_.changes[paths.source] = std::nullopt;
        pending_symlinks_.record(paths.source, false);
    }
    if (file.op == FileOp::remove) return;
    FileState after{std::move(text), before.executable, before.symlink};
    // As GNU patch: the mode changes only when the new one differs from the old one; an
    // "index … 100644" line names both and keeps the file's own (gdb's series patches an
    // executable .c file that way).
    if (file.new_mode && file.new_mode != file.old_mode) {
        after.symlink = (*file.new_mode & 0170000) == kSymlinkMode;
        after.executable = (*file.new_mode & 0111) != 0;
    }
    pending_symlinks_.record(paths.target, after.symlink);
    result_.changes[paths.target] = std::move(after);
}

void PatchRun::apply_section(const FileDiff& file, const PatchOptions& options) {
    options_ = options;
    FileReport report;
    report.op = file.op;
    if (file.binary && file.git_binary) return apply_binary_section(file, std::move(report));
    if (file.binary) {
        // The stanza carries no data ("Binary files a and b differ"): the file cannot be made,
        // and is never made empty (GNU patch creates an empty file for a new one). The rest of
        // the patch still applies.
        auto name = file.new_name != "/dev/null" ? file.new_name : file.old_name;
        report.path = strip_path(name, strip_).value_or(name);
        problem(ProblemKind::binary, file.header_line,
                fmt::format("'{}': the binary change carries no data (\"Binary files … differ\"); "
                            "the file is left as it was",
                            report.path));
        result_.report.files.push_back(report);
        return;
    }
    auto paths = resolve_paths(file);
    if (paths) {
        report.path = paths->target.empty() ? paths->source : paths->target;
        report.old_path = paths->source;
    }
    auto before = paths ? read_source(file, *paths) : std::nullopt;
    if (before && target_is_free(file, *paths)) {
        const SharedText* expected = expected_text(paths->target);
        auto patched = apply_hunks(before->content, file.hunks, options_, expected);
        report.hunks = patched.hunks;
        record_hunks(file, patched.hunks, before->content);
        SharedText text = patched.is_expected ? *expected : std::move(patched.text);
        if (check_deletion(file, *paths, text)) {
            store_result(file, *paths, *before, text);
            report.stored = true;
        }
    }
    result_.report.files.push_back(std::move(report));
}

// "GIT binary patch": the data applied with libgit2 and checked against the index line.
void PatchRun::apply_binary_section(const FileDiff& file, FileReport report) {
    auto paths = resolve_paths(file);
    if (paths) {
        report.path = paths->target.empty() ? paths->source : paths->target;
        report.old_path = paths->source;
    }
    auto before = paths ? read_source(file, *paths) : std::nullopt;
    if (before && target_is_free(file, *paths)) {
        auto bytes = apply_git_binary(before->content.view(), file);
        if (!bytes) {
            problem(ProblemKind::rejected, file.header_line,
                    fmt::format("binary '{}': {}", report.path, bytes.error().message));
        } else {
            store_result(file, *paths, *before, SharedText(std::move(bytes).value()));
            report.stored = true;
        }
    }
    result_.report.files.push_back(std::move(report));
}

bool is_failure_kind(const Problem& p) {
    return p.kind == ProblemKind::path || p.kind == ProblemKind::parse ||
           p.kind == ProblemKind::header_counts;
}

bool is_rejection_kind(const Problem& p) {
    return p.kind == ProblemKind::rejected || p.kind == ProblemKind::missing_file ||
           p.kind == ProblemKind::exists || p.kind == ProblemKind::not_empty ||
           p.kind == ProblemKind::already_applied;
}

bool PatchRun::is_vacuous() const {
    return std::all_of(result_.changes.begin(), result_.changes.end(), [&](const auto& change) {
        return state_.holds(change.first, change.second);
    });
}

AppliedPatch PatchRun::finish(const PatchFile& patch) {
    auto& problems = result_.report.problems;
    auto& status = result_.report.status;
    if (std::any_of(problems.begin(), problems.end(), is_failure_kind)) {
        status = PatchStatus::failed;
    } else if (std::any_of(problems.begin(), problems.end(), is_rejection_kind)) {
        bool only_already = std::all_of(problems.begin(), problems.end(), [](const Problem& p) {
            return !is_rejection_kind(p) || p.kind == ProblemKind::already_applied;
        });
        status = only_already ? PatchStatus::applied : PatchStatus::rejected;
    }
    if (status != PatchStatus::applied) {
        result_.changes.clear();
        pending_symlinks_.clear();
    }
    if (status == PatchStatus::applied && is_vacuous())
        problem(ProblemKind::vacuous, patch.files.empty() ? 1 : patch.files.front().header_line,
                patch.files.empty() ? "the patch has no file sections: it changes nothing"
                                    : "the patch changes nothing in the tree");
    if (!result_.report.problems.empty() && result_.report.reason.empty())
        result_.report.reason = reason_of(result_.report.problems.front());
    return std::move(result_);
}

FileOp reversed_op(FileOp op) {
    if (op == FileOp::create) return FileOp::remove;
    if (op == FileOp::remove) return FileOp::create;
    return op;
}

}  // namespace

FileDiff reversed_section(const FileDiff& file) {
    FileDiff back = file;
    std::swap(back.old_name, back.new_name);
    std::swap(back.old_mode, back.new_mode);
    back.op = reversed_op(file.op);
    std::swap(back.old_index, back.new_index);
    if (back.git_binary) std::swap(back.git_binary->forward, back.git_binary->reverse);
    for (auto& hunk : back.hunks) hunk = reversed(hunk);
    return back;
}

AppliedPatch apply_patch(const TreeState& state, const PatchFile& patch, int strip,
                         const PatchOptions& options, const std::string& label,
                         const TreeChanges* expected) {
    PatchRun run(state, strip, label, expected);
    for (const auto& file : patch.files) run.apply_section(file, options);
    return run.finish(patch);
}

AppliedPatch apply_patch(const TreeState& state, const PatchFile& patch, int strip,
                         const std::vector<PatchOptions>& section_options, const std::string& label,
                         const TreeChanges* expected) {
    PatchRun run(state, strip, label, expected);
    for (std::size_t i = 0; i < patch.files.size(); ++i)
        run.apply_section(patch.files[i],
                          i < section_options.size() ? section_options[i] : PatchOptions{});
    return run.finish(patch);
}

std::vector<std::string> source_paths(const PatchFile& patch, int strip) {
    std::vector<std::string> paths;
    for (const auto& file : patch.files) {
        if (file.op == FileOp::create || (file.binary && !file.git_binary)) continue;
        auto path = strip_path(source_name(file), strip);
        if (path && !unsafe_path_reason(*path)) paths.push_back(canonical_tree_path(*path));
    }
    return paths;
}

std::vector<std::string> lookup_paths(const PatchFile& patch, int strip) {
    std::set<std::string> paths;
    for (const auto& file : patch.files)
        for (const auto* name : {&file.old_name, &file.new_name}) {
            auto path = *name == "/dev/null" ? std::nullopt : strip_path(*name, strip);
            if (!path || unsafe_path_reason(*path)) continue;
            paths.insert(canonical_tree_path(*path));
        }
    return {paths.begin(), paths.end()};
}

PatchFile reversed(const PatchFile& patch) {
    PatchFile back;
    back.path = patch.path;
    for (auto it = patch.files.rbegin(); it != patch.files.rend(); ++it)
        if (it->op != FileOp::copy) back.files.push_back(reversed_section(*it));
    return back;
}

}  // namespace patchbay
