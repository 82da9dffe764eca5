#include "checks/audit_scope.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <iterator>
#include <optional>
#include <set>
#include <tuple>

#include "checks/path_glob.hpp"
#include "checks/rules/rule.hpp"
#include "checks/text_contains.hpp"
#include "common/parallel_for.hpp"
#include "common/read_file.hpp"
#include "common/text_arena.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

SourceFile make_source(std::string path, SharedText text, bool declarations_only = false) {
    Language language = language_of(path);
    return SourceFile{std::move(path), std::move(text), language, declarations_only};
}

// How a file of the tree is read: audited (`[audit] include` names it), read for its
// declarations only (a C/C++ header the patterns leave out), or not at all.
enum class Reading { audited, declarations_only, none };

Reading reading_of(const AuditConfig& config, const std::string& path) {
    if (matches_any(config.include, path)) return Reading::audited;
    return is_cpp_header(path) ? Reading::declarations_only : Reading::none;
}

// A C/C++ header the patterns leave out is audited, not only read for its declarations, when
// it holds kernel code (it reads `blockIdx`) and the patterns audit CUDA sources in its place
// (its path with `.cu` for an extension): flash-attention and PyTorch keep kernels in `.h`
// files, compiled as part of the `.cu` files that include them.
bool audited_as_kernel_header(const AuditConfig& config, std::string_view path,
                              std::string_view text) {
    const auto dot = path.rfind('.');
    if (dot == std::string_view::npos || !text_contains(text, "blockIdx")) return false;
    std::string as_source(path.substr(0, dot));
    return matches_any(config.include, as_source.append(".cu"));
}

bool read_for_declarations_only(const AuditConfig& config, std::string_view path, Reading reading,
                                std::string_view text) {
    return reading == Reading::declarations_only && !audited_as_kernel_header(config, path, text);
}

void sort_tree(AuditTree& tree) {
    std::sort(tree.files.begin(), tree.files.end(),
              [](const SourceFile& a, const SourceFile& b) { return a.path < b.path; });
}

using IncludedNames = std::set<std::string, std::less<>>;

// The names a C/C++ file's `#include "…"` lines spell, the project's own headers searched from
// the including file's folder first, into `quoted`; those of its `#include <…>` lines, a
// library's or a large project's public API (`<cudf/types.hpp>`), into `angled`.
void add_included_names(std::string_view text, IncludedNames& quoted, IncludedNames& angled) {
    for (auto at = text.find("#include"); at != std::string_view::npos;
         at = text.find("#include", at + 8)) {
        auto open = text.find_first_of("\"<\n", at + 8);
        if (open == std::string_view::npos || text[open] == '\n') continue;
        const char closing = text[open] == '"' ? '"' : '>';
        auto close = text.find_first_of(closing == '"' ? "\"\n" : ">\n", open + 1);
        if (close == std::string_view::npos || text[close] == '\n') continue;
        (closing == '"' ? quoted : angled).emplace(text.substr(open + 1, close - open - 1));
    }
}

// Whether an #include spelling names `path`: the whole path, or its end after a '/'.
bool is_included(std::string_view path, const IncludedNames& names) {
    for (std::size_t from = 0;; ++from) {
        if (names.count(path.substr(from))) return true;
        from = path.find('/', from);
        if (from == std::string_view::npos) return false;
    }
}

// What the headers the audited files include name in turn, to any depth, into `angled`: a
// public API's index type is often two includes away (cuDF's kernels include
// `<cudf/column/column_device_view.cuh>`, which includes `<cudf/types.hpp>`, its `size_type`).
// Read for their type aliases alone, as headers named with `<…>` are. Only headers read at all
// are followed: one that declares no alias and no struct was dropped when the tree was read.
void add_headers_included_in_turn(const AuditTree& tree, const IncludedNames& quoted,
                                  IncludedNames& angled) {
    std::vector<bool> read(tree.files.size(), false);
    for (bool grew = true; grew;) {
        grew = false;
        for (std::size_t i = 0; i < tree.files.size(); ++i) {
            const auto& file = tree.files[i];
            if (read[i] || !file.declarations_only) continue;
            if (!is_included(file.path, quoted) && !is_included(file.path, angled)) continue;
            read[i] = true;
            const std::size_t before = angled.size();
            add_included_names(file.text, angled, angled);
            grew = grew || angled.size() != before;
        }
    }
}

// The headers read for their declarations only are those an audited file includes by name
// (`#include "…"`), as the file's compiler reads them, and no further: every header of a large tree
// (or everything a header includes in turn) would put the structs of unrelated code (a Vulkan
// tensor's `sizes`) beside a kernel's own, and a member name declared two ways has no width at all.
// A kernel's params struct is in a header it includes itself, or, for a kernel header, in a
// header of its own folder (flash-attention's `flash.h`, which its kernel headers never include:
// the launch template does). A kernel header audited for its kernels counts as included, not as
// including: PyTorch's KernelUtils.h would bring in structs whose `sizes` is a pointer. A header
// of the tree named only by `#include <…>` gives its type aliases alone (cuDF's `size_type`,
// `thread_index_type` in `<cudf/types.hpp>`), never its structs: a public API's structs are
// many and unrelated, its index types are what the kernels are written in.
void keep_included_headers(AuditTree& tree, const AuditConfig& config) {
    IncludedNames names;
    IncludedNames angled;
    std::set<std::string_view, std::less<>> kernel_folders;
    for (auto& file : tree.files) {
        if (file.declarations_only || file.language != Language::cuda) continue;
        file.declarations_private =
            is_cpp_header(file.path) && !matches_any(config.include, file.path);
        if (file.declarations_private)
            kernel_folders.insert(folder_of(file.path));
        else
            add_included_names(file.text, names, angled);
    }
    add_headers_included_in_turn(tree, names, angled);
    std::vector<bool> kept(tree.files.size(), false);
    for (std::size_t i = 0; i < tree.files.size(); ++i) {
        auto& file = tree.files[i];
        const bool included = is_included(file.path, names);
        const bool beside_kernel_header = kernel_folders.count(folder_of(file.path)) > 0;
        file.aliases_only = file.declarations_only && !included && !beside_kernel_header &&
                            is_included(file.path, angled);
        kept[i] = !file.declarations_only || included || beside_kernel_header || file.aliases_only;
        if (file.declarations_only)
            file.declarations_private =
                !included && !file.aliases_only;  // read for a kernel header's types alone
        else
            file.declarations_private = file.declarations_private && !included;
    }
    std::vector<SourceFile> files;
    files.reserve(tree.files.size());
    for (std::size_t i = 0; i < tree.files.size(); ++i)
        if (kept[i]) files.push_back(std::move(tree.files[i]));
    tree.files = std::move(files);
}

// The regular files under `root` that are read (no symlinks), folder by folder: a folder's
// files are files[folder_begin[f], folder_begin[f + 1]), their paths relative, with "/".
struct TreeListing {
    std::vector<std::string> folders;  // relative, "" for the root, else ending in "/"
    std::vector<std::size_t> folder_begin;
    std::vector<std::string> files;
    std::vector<Reading> readings;  // of each file
};

// d_type, or the entry's own type (lstat) where the file system does not fill it in.
unsigned char entry_type(DIR* folder, const dirent& entry) {
    if (entry.d_type != DT_UNKNOWN) return entry.d_type;
    struct stat info {};
    if (::fstatat(dirfd(folder), entry.d_name, &info, AT_SYMLINK_NOFOLLOW) != 0) return DT_UNKNOWN;
    return S_ISDIR(info.st_mode) ? DT_DIR : S_ISREG(info.st_mode) ? DT_REG : DT_UNKNOWN;
}

// Lists folder `f` of `out`, then its subfolders; errno is set when a folder cannot be read.
bool list_folder(const fs::path& root, std::size_t f, const AuditConfig& config, TreeListing& out) {
    DIR* folder = ::opendir((root / out.folders[f]).c_str());
    if (!folder) return false;
    out.folder_begin[f] = out.files.size();
    std::vector<std::string> subfolders;
    errno = 0;
    while (const dirent* entry = ::readdir(folder)) {
        std::string_view name = entry->d_name;
        if (name == "." || name == "..") continue;
        std::string rel = out.folders[f] + entry->d_name;
        auto type = entry_type(folder, *entry);
        if (type == DT_DIR) subfolders.push_back(std::move(rel) + "/");
        if (type != DT_REG) continue;
        const Reading reading = reading_of(config, rel);
        if (reading == Reading::none) continue;
        out.files.push_back(std::move(rel));
        out.readings.push_back(reading);
    }
    const int reason = errno;
    ::closedir(folder);
    errno = reason;
    if (reason != 0) return false;
    for (auto& sub : subfolders) {
        out.folders.push_back(std::move(sub));
        out.folder_begin.push_back(0);
        if (!list_folder(root, out.folders.size() - 1, config, out)) return false;
    }
    return true;
}

Result<TreeListing> list_tree(const fs::path& root, const AuditConfig& config) {
    TreeListing listing{{""}, {0}, {}, {}};
    if (!list_folder(root, 0, config, listing))
        return make_error(root.string(), 0,
                          std::string("cannot list the folder: ") + std::strerror(errno));
    listing.folder_begin.push_back(listing.files.size());
    return listing;
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

Result<std::optional<SharedText>> result_text(const PristineSource& source,
                                              const TreeChanges& changes, const std::string& path) {
    auto change = changes.find(path);
    if (change != changes.end()) {
        if (!change->second || change->second->symlink) return std::optional<SharedText>();
        return std::optional<SharedText>(change->second->content);
    }
    auto entry = source.lookup(path);
    if (!entry) return entry.error();
    if (entry->kind != TreeEntry::Kind::file) return std::optional<SharedText>();
    return std::optional<SharedText>(entry->content);
}

// What reading one folder gave: the files a rule may need, in listing order, with their texts;
// the others' paths; and the first file that could not be read, if any (reading stops there).
struct FolderRead {
    std::vector<SourceFile> kept;
    std::vector<std::string> dropped;
    std::optional<Error> error;
};

// Reads and filters the files of folder `f`, opened once: each file is opened relative to it.
// `prefix` is the root with a final "/". Every file is read into one buffer and looked at
// there; only those a rule may need are copied out, into `arena`.
FolderRead read_folder(const std::string& prefix, const TreeListing& listing, std::size_t f,
                       const AuditConfig& config, TextArena& arena) {
    const int folder =
        ::open((prefix + listing.folders[f]).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    FolderRead read;
    std::string full;  // what an error names; one buffer for the folder, not one per file
    std::string buffer;
    for (std::size_t i = listing.folder_begin[f]; i < listing.folder_begin[f + 1]; ++i) {
        const auto& rel = listing.files[i];
        full.assign(prefix).append(rel);
        // Relative to the open folder, or by the whole path where it could not be opened.
        const char* name = folder >= 0 ? rel.c_str() + listing.folders[f].size() : full.c_str();
        auto text = read_file_at(folder >= 0 ? folder : AT_FDCWD, name, full, buffer);
        if (!text) {
            read.error = text.error();
            break;
        }
        const bool declarations_only =
            read_for_declarations_only(config, rel, listing.readings[i], *text);
        SourceFile probe = make_source(rel, SharedText(nullptr, *text), declarations_only);
        if (!any_rule_may_need(probe, config)) {
            if (!declarations_only) read.dropped.push_back(rel);  // counted as audited
            continue;
        }
        probe.text = arena.keep(*text);
        read.kept.push_back(std::move(probe));
    }
    if (folder >= 0) ::close(folder);
    return read;
}

}  // namespace

Result<AuditTree> tree_from_directory(const fs::path& root, const AuditConfig& config,
                                      unsigned jobs) {
    std::error_code ec;
    if (!fs::is_directory(root, ec)) return make_error(root.string(), 0, "is not a folder");
    auto listing = list_tree(root, config);
    if (!listing) return listing.error();
    // Each file is read, and dropped at once when no rule can use it: most of a large tree.
    std::vector<FolderRead> folders(listing->folders.size());
    TextArena arena;
    const std::string prefix = (root / "").native();
    parallel_for(folders.size(), jobs, [&](std::size_t f) {
        folders[f] = read_folder(prefix, *listing, f, config, arena);
    });
    AuditTree tree;
    std::size_t kept = 0, dropped = 0;
    for (const auto& folder : folders) kept += folder.kept.size(), dropped += folder.dropped.size();
    tree.files.reserve(kept);
    tree.dropped.reserve(dropped);
    for (auto& folder : folders) {
        if (folder.error) return *folder.error;  // the first unreadable file in listing order
        std::move(folder.kept.begin(), folder.kept.end(), std::back_inserter(tree.files));
        std::move(folder.dropped.begin(), folder.dropped.end(), std::back_inserter(tree.dropped));
    }
    keep_included_headers(tree, config);
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
        const Reading reading = reading_of(config, path);
        if (reading == Reading::none) continue;
        auto text = result_text(source, changes, path);
        if (!text) return text.error();
        if (*text) {
            const bool declarations_only =
                read_for_declarations_only(config, path, reading, (**text).view());
            tree.files.push_back(make_source(path, std::move(**text), declarations_only));
        }
    }
    keep_included_headers(tree, config);
    sort_tree(tree);
    return tree;
}

Result<AuditTree> tree_before(const AuditTree& result, const PristineSource& source,
                              const std::set<std::string>& paths, const AuditConfig& config) {
    AuditTree tree;
    for (const auto& file : result.files)
        if (paths.count(file.path) == 0) tree.files.push_back(file);
    for (const auto& path : paths) {
        const Reading reading = reading_of(config, path);
        if (reading == Reading::none) continue;
        auto text = result_text(source, {}, path);
        if (!text) return text.error();
        if (*text) {
            const bool declarations_only =
                read_for_declarations_only(config, path, reading, (**text).view());
            tree.files.push_back(make_source(path, std::move(**text), declarations_only));
        }
    }
    keep_included_headers(tree, config);
    sort_tree(tree);
    return tree;
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
