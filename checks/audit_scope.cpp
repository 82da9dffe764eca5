#include "checks/audit_scope.hpp"

#include <algorithm>
#include <tuple>

#include "checks/path_glob.hpp"
#include "checks/rules/rule.hpp"
#include "common/parallel_for.hpp"
#include "common/read_file.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

SourceFile make_source(std::string path, std::string text) {
    Language language = language_of(path);
    return SourceFile{std::move(path), std::move(text), language};
}

void sort_tree(AuditTree& tree) {
    std::sort(tree.files.begin(), tree.files.end(),
              [](const SourceFile& a, const SourceFile& b) { return a.path < b.path; });
}

// The included regular files under `root` (no symlinks), relative paths with "/".
Result<std::vector<std::pair<std::string, fs::path>>> included_files(const fs::path& root,
                                                                     const AuditConfig& config) {
    std::vector<std::pair<std::string, fs::path>> found;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(root, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (it->is_symlink() || !it->is_regular_file()) continue;
        auto rel = it->path().lexically_relative(root).generic_string();
        if (matches_any(config.include, rel)) found.emplace_back(std::move(rel), it->path());
    }
    if (ec) return make_error(root.string(), 0, "cannot list the folder: " + ec.message());
    return found;
}

std::set<std::string> result_paths(const PristineSource& source, const TreeChanges& changes,
                                   const std::vector<std::string>& pristine) {
    std::set<std::string> paths(pristine.begin(), pristine.end());
    for (const auto& [path, state] : changes) {
        if (state)
            paths.insert(path);
        else
            paths.erase(path);
    }
    (void)source;
    return paths;
}

Result<std::optional<std::string>> result_text(const PristineSource& source,
                                               const TreeChanges& changes,
                                               const std::string& path) {
    auto change = changes.find(path);
    if (change != changes.end()) {
        if (!change->second || change->second->symlink) return std::optional<std::string>();
        return std::optional<std::string>(change->second->content);
    }
    auto entry = source.lookup(path);
    if (!entry) return entry.error();
    if (entry->kind != TreeEntry::Kind::file) return std::optional<std::string>();
    return std::optional<std::string>(entry->content);
}

}  // namespace

Result<AuditTree> tree_from_directory(const fs::path& root, const AuditConfig& config,
                                      unsigned jobs) {
    std::error_code ec;
    if (!fs::is_directory(root, ec)) return make_error(root.string(), 0, "is not a folder");
    auto files = included_files(root, config);
    if (!files) return files.error();
    // Each file is read, and dropped at once when no rule can use it: most of a large tree,
    // whose memory the next read then reuses.
    std::vector<Result<std::string>> texts(files->size(), std::string());
    std::vector<char> needed(files->size(), 0);
    parallel_for(files->size(), jobs, [&](std::size_t i) {
        texts[i] = read_file((*files)[i].second);
        if (!texts[i]) return;
        SourceFile probe = make_source((*files)[i].first, std::move(texts[i]).value());
        needed[i] = any_rule_may_need(probe, config);
        texts[i] = needed[i] ? std::move(probe.text) : std::string();
    });
    AuditTree tree;
    for (std::size_t i = 0; i < files->size(); ++i) {
        if (!texts[i]) return texts[i].error();  // the first unreadable file in listing order
        if (!needed[i]) {
            tree.dropped.push_back(std::move((*files)[i].first));
            continue;
        }
        tree.files.push_back(
            make_source(std::move((*files)[i].first), std::move(texts[i]).value()));
    }
    sort_tree(tree);
    return tree;
}

Result<AuditTree> tree_from_result(const PristineSource& source, const TreeChanges& changes,
                                   const AuditConfig& config, const std::set<std::string>* only) {
    auto pristine = source.list_files();
    if (!pristine) return pristine.error();
    AuditTree tree;
    for (const auto& path : result_paths(source, changes, *pristine)) {
        if (only && only->count(path) == 0) continue;
        if (!matches_any(config.include, path)) continue;
        auto text = result_text(source, changes, path);
        if (!text) return text.error();
        if (*text) tree.files.push_back(make_source(path, std::move(**text)));
    }
    sort_tree(tree);
    return tree;
}

Result<AuditTree> tree_before(const AuditTree& result, const PristineSource& source,
                              const std::set<std::string>& paths, const AuditConfig& config) {
    AuditTree tree;
    for (const auto& file : result.files)
        if (paths.count(file.path) == 0) tree.files.push_back(file);
    for (const auto& path : paths) {
        if (!matches_any(config.include, path)) continue;
        auto text = result_text(source, {}, path);
        if (!text) return text.error();
        if (*text) tree.files.push_back(make_source(path, std::move(**text)));
    }
    sort_tree(tree);
    return tree;
}

TreeChanges combined_changes(const std::vector<AppliedStep>& steps) {
    TreeChanges all;
    for (const auto& step : steps)
        for (const auto& [path, state] : step.changes) all[path] = state;
    return all;
}

std::set<std::string> touched_paths(const std::vector<AppliedStep>& steps,
                                    const std::set<std::string>& step_names) {
    std::set<std::string> paths;
    for (const auto& step : steps)
        if (step_names.count(step.name))
            for (const auto& change : step.changes) paths.insert(change.first);
    return paths;
}

std::string normalised_line(std::string_view line) {
    std::string out;
    bool space = false;
    for (char c : line) {
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        space = false;
        out += c;
    }
    return out;
}

namespace {

using FindingKey = std::tuple<std::string, std::string, std::string>;

FindingKey key_of(const Finding& f) {
    return {f.rule, f.path, normalised_line(f.source_line)};
}

}  // namespace

std::vector<Finding> fixed_since_base(const std::vector<Finding>& head,
                                      const std::vector<Finding>& base) {
    std::multiset<FindingKey> still;
    for (const auto& f : head) still.insert(key_of(f));
    std::vector<Finding> fixed;
    for (const auto& f : base) {
        auto found = still.find(key_of(f));
        if (found == still.end())
            fixed.push_back(f);
        else
            still.erase(found);  // one head finding answers for one base finding
    }
    return fixed;
}

void label_new_against_base(std::vector<Finding>& head, const std::vector<Finding>& base) {
    std::multiset<FindingKey> known;
    for (const auto& f : base) known.insert(key_of(f));
    for (auto& f : head) {
        auto found = known.find(key_of(f));
        f.is_new = found == known.end();
        if (!f.is_new) known.erase(found);  // two identical lines at head need two at base
    }
}

std::map<std::string, std::set<std::int64_t>> added_lines(const PatchFile& patch, int strip) {
    std::map<std::string, std::set<std::int64_t>> added;
    for (const auto& file : patch.files) {
        auto path = strip_path(file.new_name, strip);
        if (!path || file.op == FileOp::remove) continue;
        auto& lines = added[*path];
        for (const auto& hunk : file.hunks) {
            std::int64_t line = hunk.new_count == 0 ? hunk.new_start + 1 : hunk.new_start;
            for (const auto& body : hunk.lines) {
                if (body.kind == LineKind::removed) continue;
                if (body.kind == LineKind::added) lines.insert(line);
                ++line;
            }
        }
    }
    return added;
}

void label_new_by_added_lines(std::vector<Finding>& findings,
                              const std::map<std::string, std::set<std::int64_t>>& added) {
    auto was_added = [&](const std::string& path, std::int64_t line) {
        auto file = added.find(path);
        return file != added.end() && file->second.count(line) > 0;
    };
    for (auto& f : findings) {
        f.is_new = was_added(f.path, f.line);
        for (const auto& related : f.related)
            f.is_new = f.is_new || was_added(related.path, related.line);
    }
}

}  // namespace patchbay
