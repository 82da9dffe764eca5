#include "regenerate/patch_rebuild.hpp"

#include <algorithm>
#include <map>

#include "common/text_lines.hpp"
#include "patches/file_patcher.hpp"
#include "regenerate/buffer_diff.hpp"
#include "regenerate/kept_hunks.hpp"
#include "regenerate/similarity.hpp"

namespace patchbay {

namespace {

constexpr int kContextLines = 3;  // diff -u's and git's, for a patch that shows none

// The first `strip` components of `name`, with their slash ("a/" for "a/x/y.py" at -p1).
std::optional<std::string> prefix_of(const std::string& name, int strip) {
    if (name == "/dev/null") return std::nullopt;
    std::size_t end = 0;
    for (int i = 0; i < strip; ++i) {
        auto slash = name.find('/', end);
        if (slash == std::string::npos) return std::nullopt;
        end = slash + 1;
    }
    return name.substr(0, end);
}

std::string mirror_prefix(const std::string& prefix, const char* from, const char* to) {
    return prefix == from ? to : prefix;
}

void read_prefixes(const PatchFile& patch, int strip, PatchStyle& style) {
    std::optional<std::string> old_prefix, new_prefix;
    for (const auto& file : patch.files) {
        if (!old_prefix) old_prefix = prefix_of(file.old_name, strip);
        if (!new_prefix) new_prefix = prefix_of(file.new_name, strip);
    }
    if (!old_prefix && new_prefix) old_prefix = mirror_prefix(*new_prefix, "b/", "a/");
    if (!new_prefix && old_prefix) new_prefix = mirror_prefix(*old_prefix, "a/", "b/");
    if (old_prefix) style.old_prefix = *old_prefix;
    if (new_prefix) style.new_prefix = *new_prefix;
}

bool has_function_context(const PatchFile& patch) {
    for (const auto& file : patch.files)
        for (const auto& hunk : file.hunks)
            if (!hunk.function_context.empty()) return true;
    return false;
}

std::uint32_t mode_of(const FileState& state) {
    if (state.symlink) return 0120000;
    return state.executable ? 0100755 : 0100644;
}

// The -U the patch was made with: the most context any hunk of a changed file has on one side
// (a hunk near a file's start or end has less; inner context between two changes is not
// counted).
int context_lines_of(const PatchFile& patch) {
    std::int64_t most = -1;
    for (const auto& file : patch.files)
        for (const auto& hunk : file.hunks)
            if (hunk.old_count > 0 && hunk.new_count > 0)
                most = std::max({most, hunk.prefix_context(), hunk.suffix_context()});
    return most < 0 ? kContextLines : static_cast<int>(most);
}

// The function line as the patch's tool writes it: cut at `width` bytes, then trailing blanks
// trimmed.
std::string cut_function_context(std::string text, std::size_t width) {
    if (text.size() <= width) return text;
    text.resize(width);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.pop_back();
    return text;
}

bool same_mode(const std::optional<std::uint32_t>& written, const std::optional<FileState>& state) {
    return !written || !state || *written == mode_of(*state);
}

bool same_index(const std::string& written, const std::optional<FileState>& state) {
    if (written.empty() || !state) return true;
    return blob_id(state->content, written.size()) == written;
}

// Whether `file`, a section of the old patch, still turns `change.before` into `change.after`:
// its hunks land (KeepRule says where) and give the new text, its modes are those of the two
// sides (and, for KeepRule::exact, its index ids). Renames, copies, binary and symlink sections
// are always rewritten.
bool still_does(const FileDiff& file, const PathChange& change, KeepRule rule) {
    const bool exact = rule == KeepRule::exact;
    const auto& before = change.before;
    const auto& after = change.after;
    if (file.binary || file.op == FileOp::rename || file.op == FileOp::copy) return false;
    if ((file.op == FileOp::create) != !before || (file.op == FileOp::remove) != !after)
        return false;
    if ((before && before->symlink) || (after && after->symlink)) return false;
    if (before && after && before->executable != after->executable && !file.changes_mode())
        return false;
    if (!same_mode(file.old_mode, before) || !same_mode(file.new_mode, after)) return false;
    if (exact && (!same_index(file.old_index, before) || !same_index(file.new_index, after)))
        return false;
    const SharedText original = before ? before->content : SharedText();
    const SharedText expected = after ? after->content : SharedText();
    const auto applied = apply_hunks(original, file.hunks, PatchOptions(0, false), &expected);
    for (const auto& hunk : applied.hunks)
        if (hunk.status != HunkStatus::exact && !(!exact && hunk.status == HunkStatus::offset))
            return false;
    return applied.is_expected || applied.text == expected;
}

// A header the rewritten section can keep: a unified one ("---"/"+++" last) of a section that
// is not git's (whose index line names the blobs) and whose lines end in "\n" alone.
bool reusable_header(const FileDiff& file, std::string_view header) {
    if (file.git || file.op != FileOp::modify || header.find('\r') != std::string_view::npos)
        return false;
    const auto lines = split_lines(header);
    const auto count = lines.size();
    return count >= 2 && header.ends_with('\n') && lines[count - 2].starts_with("--- ") &&
           lines[count - 1].starts_with("+++ ");
}

// Hunks a rewritten section can keep: regenerate's (rebase writes the new numbers), of a text
// section that modifies its file, written without "\r" (the model drops some of those).
bool hunks_reusable(const FileDiff& file, const OldPatchText* text, std::size_t index) {
    return text && text->keep == KeepRule::same_effect && index < text->sections.size() &&
           file.op == FileOp::modify && !file.binary && !file.hunks.empty() &&
           text->sections[index].whole.find('\r') == std::string::npos;
}

// quilt writes "Index: NAME" and a rule of 67 '=' above each section.
constexpr std::size_t kQuiltRuleWidth = 67;

bool has_quilt_index_lines(const OldPatchText* text) {
    return text && std::any_of(text->sections.begin(), text->sections.end(),
                               [](const SectionText& section) {
                                   return section.header.starts_with("Index: ");
                               });
}

// The conventions of the old patch, or of the dialect asked for.
PatchConventions conventions_for(const PatchFile& old, int strip, const OldPatchText* text) {
    PatchConventions conventions = conventions_of(old, strip);
    if (!conventions.git && has_quilt_index_lines(text)) conventions.dialect = PatchDialect::quilt;
    if (!text || !text->dialect || *text->dialect == conventions.dialect) return conventions;
    conventions.dialect = *text->dialect;
    const bool git = conventions.dialect == PatchDialect::git;
    conventions.git = git;
    conventions.index_lines = git;
    conventions.function_context = git || conventions.function_context;
    conventions.function_context_width = git ? 80 : 40;
    conventions.layout.indent_heuristic = git;
    return conventions;
}

// The header quilt writes above a section it makes.
std::string quilt_header(const FileDiff& file) {
    const auto& index_name = file.new_name == "/dev/null" ? file.old_name : file.new_name;
    return "Index: " + index_name + "\n" + std::string(kQuiltRuleWidth, '=') + "\n--- " +
           file.old_name + "\n+++ " + file.new_name + "\n";
}

class Rebuilder {
  public:
    Rebuilder(const PatchFile& old, int strip, const std::vector<PathChange>& changes,
              const OldPatchText* text)
        : old_(old),
          strip_(strip),
          conventions_(conventions_for(old, strip, text)),
          text_(text && !text->dialect ? text : nullptr) {
        for (const auto& change : changes) changes_[change.path] = change;
    }
    Result<PatchFile> build();

  private:
    Status emit_old_section(const FileDiff& file, std::size_t index);
    bool keep_old_section(const FileDiff& file, std::size_t index);
    Status emit(const std::string& path);
    Status emit_section(const std::string& path, const std::optional<FileState>& before,
                        const std::optional<FileState>& after);
    Status emit_rename(const std::string& from, const std::string& to);
    Status add_hunks(FileDiff& file, const std::optional<FileState>& before,
                     const std::optional<FileState>& after, const std::string& path);
    Result<bool> add_kept_hunks(FileDiff& file, const std::optional<FileState>& before,
                                const std::optional<FileState>& after, const std::string& path);
    void add_index(FileDiff& file, const std::optional<FileState>& before,
                   const std::optional<FileState>& after) const;
    Status push(FileDiff file, const std::optional<FileState>& before,
                const std::optional<FileState>& after, const std::string& path);

    const PatchFile& old_;
    int strip_;
    PatchConventions conventions_;
    const OldPatchText* text_;                        // may be null
    std::map<std::string, PathChange> changes_;       // not yet written
    std::map<std::string, std::string> old_headers_;  // path -> the header a rewrite keeps
    std::map<std::string, std::size_t> old_hunks_;    // path -> the old section whose hunks
                                                      // a rewrite may keep
    PatchFile result_;
};

std::string zeros(std::size_t length) {
    return std::string(length, '0');
}

void Rebuilder::add_index(FileDiff& file, const std::optional<FileState>& before,
                          const std::optional<FileState>& after) const {
    if (!file.git || !conventions_.index_lines) return;
    auto length = conventions_.index_length;
    file.old_index = before ? blob_id(before->content, length) : zeros(length);
    file.new_index = after ? blob_id(after->content, length) : zeros(length);
    // The pre-image id regenerate keeps as written, even one that names another revision's
    // blob (a backport's): the edit did not change the file before the patch.
    if (auto old = old_hunks_.find(strip_path(file.new_name, strip_).value_or(""));
        old != old_hunks_.end() && file.op == FileOp::modify &&
        old_.files[old->second].old_index.size() == length)
        file.old_index = old_.files[old->second].old_index;
    if (file.old_index == file.new_index) file.old_index.clear(), file.new_index.clear();
}

// The old section's hunks that the edit left alone, kept as written (regenerate/kept_hunks.hpp);
// false when there are none to keep.
Result<bool> Rebuilder::add_kept_hunks(FileDiff& file, const std::optional<FileState>& before,
                                       const std::optional<FileState>& after,
                                       const std::string& path) {
    auto old = old_hunks_.find(path);
    if (old == old_hunks_.end() || !before || !after || file.op != FileOp::modify) return false;
    const auto& section = old_.files[old->second];
    auto kept = keep_untouched_hunks(before->content, after->content,
                                     {section.hunks, text_->sections[old->second].hunks},
                                     conventions_.layout);
    if (!kept) return kept.error();
    if (!*kept) return false;
    file.hunks = std::move(**kept);
    return true;
}

Status Rebuilder::add_hunks(FileDiff& file, const std::optional<FileState>& before,
                            const std::optional<FileState>& after, const std::string& path) {
    auto kept = add_kept_hunks(file, before, after, path);
    if (!kept) return kept.error();
    if (!*kept) {
        auto diff = diff_buffers(before ? before->content.view() : "",
                                 after ? after->content.view() : "", conventions_.layout);
        if (!diff) return diff.error();
        if (diff->binary)
            return make_error(path, 0, "is a binary file; patchbay does not write binary patches");
        file.hunks = std::move(diff->hunks);
    }
    for (auto& hunk : file.hunks)
        hunk.function_context = conventions_.function_context
                                    ? cut_function_context(std::move(hunk.function_context),
                                                           conventions_.function_context_width)
                                    : std::string();
    return Ok{};
}

Status Rebuilder::push(FileDiff file, const std::optional<FileState>& before,
                       const std::optional<FileState>& after, const std::string& path) {
    file.git = conventions_.git;
    // Without a mode the link's target would read as the file's text (issue #27 item 8).
    if (!file.git && ((before && before->symlink) || (after && after->symlink)))
        return make_error(path, 0,
                          "is a symlink (before or after the edit): only a git-style patch "
                          "records one (mode 120000), and this patch is not one");
    if (file.git) {
        if (before) file.old_mode = mode_of(*before);
        if (after) file.new_mode = mode_of(*after);
    }
    add_index(file, before, after);
    auto status = add_hunks(file, before, after, path);
    if (!status) return status;
    if (conventions_.dialect == PatchDialect::quilt && file.verbatim_header.empty())
        file.verbatim_header = quilt_header(file);
    if (!file.git && file.hunks.empty())
        return make_error(path, 0,
                          "this change (an empty file or a mode change) needs a git-style patch");
    result_.files.push_back(std::move(file));
    return Ok{};
}

Status Rebuilder::emit(const std::string& path) {
    auto found = changes_.find(path);
    if (found == changes_.end()) return Ok{};
    PathChange change = std::move(found->second);
    changes_.erase(found);
    if (change.before == change.after) return Ok{};
    // git writes a file that became a symlink (or the reverse) as a deletion and a creation: a
    // mode change from 100644 to 120000 is one that git apply refuses.
    if (change.before && change.after && change.before->symlink != change.after->symlink) {
        if (auto removed = emit_section(path, change.before, std::nullopt); !removed)
            return removed;
        return emit_section(path, std::nullopt, change.after);
    }
    return emit_section(path, change.before, change.after);
}

Status Rebuilder::emit_section(const std::string& path, const std::optional<FileState>& before,
                               const std::optional<FileState>& after) {
    const auto& style = conventions_.style;
    FileDiff file;
    file.old_name = before ? style.old_prefix + path : "/dev/null";
    file.new_name = after ? style.new_prefix + path : "/dev/null";
    file.op = !before ? FileOp::create : !after ? FileOp::remove : FileOp::modify;
    if (auto header = old_headers_.find(path);
        header != old_headers_.end() && !file.git && file.op == FileOp::modify)
        file.verbatim_header = header->second;
    return push(std::move(file), before, after, path);
}

// A rename the old patch made is kept as one while the old path is gone and the new one new.
Status Rebuilder::emit_rename(const std::string& from, const std::string& to) {
    auto source = changes_.find(from), target = changes_.find(to);
    bool still_renamed = source != changes_.end() && target != changes_.end() &&
                         source->second.before && !source->second.after && !target->second.before &&
                         target->second.after;
    if (!still_renamed) return Ok{};
    FileState before = *source->second.before, after = *target->second.after;
    changes_.erase(source), changes_.erase(target);
    FileDiff file;
    file.old_name = conventions_.style.old_prefix + from;
    file.new_name = conventions_.style.new_prefix + to;
    file.op = FileOp::rename;
    file.similarity = similarity(before.content, after.content);
    return push(std::move(file), before, after, to);
}

// Kept byte for byte when it still does what it did to the one path it names (and no other
// section of the patch names that path).
bool Rebuilder::keep_old_section(const FileDiff& file, std::size_t index) {
    if (!text_ || index >= text_->sections.size()) return false;
    const auto& name = file.op == FileOp::create ? file.new_name : file.old_name;
    auto path = strip_path(name, strip_);
    if (!path) return false;
    const auto named = std::count_if(old_.files.begin(), old_.files.end(), [&](const FileDiff& f) {
        return strip_path(f.old_name, strip_) == path || strip_path(f.new_name, strip_) == path;
    });
    auto change = changes_.find(*path);
    if (named != 1 || change == changes_.end()) return false;
    if (!still_does(file, change->second, text_->keep)) return false;
    FileDiff kept = file;
    kept.verbatim = text_->sections[index].whole;
    result_.files.push_back(std::move(kept));
    changes_.erase(change);
    return true;
}

Status Rebuilder::emit_old_section(const FileDiff& file, std::size_t index) {
    if (keep_old_section(file, index)) return Ok{};
    auto from = strip_path(file.old_name, strip_);
    auto to = strip_path(file.new_name, strip_);
    if (text_ && index < text_->sections.size() && to &&
        reusable_header(file, text_->sections[index].header))
        old_headers_[*to] = text_->sections[index].header;
    if (to && hunks_reusable(file, text_, index)) old_hunks_[*to] = index;
    if (file.op == FileOp::rename && from && to)
        if (auto renamed = emit_rename(*from, *to); !renamed) return renamed;
    if (file.op == FileOp::remove) return from ? emit(*from) : Status(Ok{});
    if (to)
        if (auto emitted = emit(*to); !emitted) return emitted;
    return from ? emit(*from) : Status(Ok{});
}

Result<PatchFile> Rebuilder::build() {
    result_.path = old_.path;
    result_.preamble = old_.preamble;
    for (std::size_t i = 0; i < old_.files.size(); ++i)
        if (auto emitted = emit_old_section(old_.files[i], i); !emitted) return emitted.error();
    std::vector<std::string> rest;
    for (const auto& [path, change] : changes_) rest.push_back(path);  // sorted: a std::map
    for (const auto& path : rest)
        if (auto emitted = emit(path); !emitted) return emitted.error();
    return std::move(result_);
}

}  // namespace

const char* to_string(PatchDialect dialect) {
    switch (dialect) {
        case PatchDialect::git:
            return "git";
        case PatchDialect::quilt:
            return "quilt";
        case PatchDialect::plain:
            return "plain";
    }
    return "plain";
}

std::optional<PatchDialect> dialect_named(std::string_view name) {
    for (auto dialect : {PatchDialect::git, PatchDialect::quilt, PatchDialect::plain})
        if (name == to_string(dialect)) return dialect;
    return std::nullopt;
}

PatchConventions conventions_of(const PatchFile& patch, int strip) {
    PatchConventions conventions;
    read_prefixes(patch, strip, conventions.style);
    if (patch.files.empty()) return conventions;
    conventions.git = std::any_of(patch.files.begin(), patch.files.end(),
                                  [](const FileDiff& file) { return file.git; });
    conventions.dialect = conventions.git ? PatchDialect::git : PatchDialect::plain;
    conventions.index_lines = false;
    for (const auto& file : patch.files)
        if (file.git && !file.new_index.empty()) {
            conventions.index_lines = true;
            conventions.index_length = file.new_index.size();
            break;
        }
    // git writes function context wherever its default rule finds a line: a patch git wrote
    // (index lines) gets it for new hunks too, even if its old hunks found none.
    conventions.function_context =
        has_function_context(patch) || (conventions.git && conventions.index_lines);
    conventions.function_context_width = conventions.git ? 80 : 40;
    conventions.layout.context_lines = context_lines_of(patch);
    conventions.layout.indent_heuristic = conventions.git && conventions.index_lines;
    return conventions;
}

std::set<std::string> owned_paths(const PatchFile& patch, int strip) {
    std::set<std::string> paths;
    for (const auto& file : patch.files)
        for (const auto* name : {&file.old_name, &file.new_name})
            if (auto path = strip_path(*name, strip)) paths.insert(*path);
    return paths;
}

Result<PatchFile> rebuild_patch(const PatchFile& old, int strip,
                                const std::vector<PathChange>& changes, const OldPatchText* text) {
    return Rebuilder(old, strip, changes, text).build();
}

}  // namespace patchbay
