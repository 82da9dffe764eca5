#include "source/git_tree_reader.hpp"

#include <algorithm>

#include "common/git_blob_id.hpp"
#include "common/read_file.hpp"
#include "common/tree_path.hpp"

namespace patchbay {

GitTreeReader::GitTreeReader(RepositoryPtr repo, TreePtr tree, Components prefix)
    : repo_(std::move(repo)), tree_(std::move(tree)), prefix_(std::move(prefix)) {}

void GitTreeReader::prefer_checkout_files() {
    const char* workdir = git_repository_workdir(repo_.get());
    if (workdir != nullptr) checkout_ = workdir;
}

TreeRead GitTreeReader::read(const std::string& path) const {
    auto components = tree_path_components(path);
    if (!components) return {components.error()};
    Components full = prefix_;
    full.insert(full.end(), components->begin(), components->end());
    return read_full(full);
}

Result<TreeEntry> GitTreeReader::read_components(const Components& full) const {
    return read_full(full).entry;
}

TreeRead GitTreeReader::read_full(const Components& full) const {
    const std::string path = join_components(full, full.size());
    auto entry = entry_at(path);
    if (!entry) return {entry.error()};
    if (entry.value()) return describe(*entry.value(), path);
    return {classify_missing(full)};
}

Result<TreePtr> GitTreeReader::prefix_tree() const {
    git_tree* raw = nullptr;
    if (prefix_.empty()) {
        if (git_tree_dup(&raw, tree_.get()) != 0) return make_error(last_git_error("tree"));
        return TreePtr(raw);
    }
    auto entry = entry_at(join_components(prefix_, prefix_.size()));
    if (!entry) return entry.error();
    if (!entry.value() || git_tree_lookup(&raw, repo_.get(), git_tree_entry_id(entry->get())) != 0)
        return make_error(last_git_error("cannot read the upstream directory's tree"));
    return TreePtr(raw);
}

// nullptr when nothing is at `path`.
Result<TreeEntryPtr> GitTreeReader::entry_at(const std::string& path) const {
    git_tree_entry* raw = nullptr;
    const int code = git_tree_entry_bypath(&raw, tree_.get(), path.c_str());
    if (code == GIT_ENOTFOUND) return TreeEntryPtr();
    if (code != 0) return make_error(last_git_error("cannot read tree entry '" + path + "'"));
    return TreeEntryPtr(raw);
}

TreeRead GitTreeReader::describe(const git_tree_entry& entry, const std::string& path) const {
    switch (git_tree_entry_filemode(&entry)) {
        case GIT_FILEMODE_TREE:
        case GIT_FILEMODE_COMMIT:
            return {TreeEntry{TreeEntry::Kind::directory, "", false}, *git_tree_entry_id(&entry)};
        case GIT_FILEMODE_LINK:
            return file_entry(entry, TreeEntry::Kind::symlink, false, path);
        case GIT_FILEMODE_BLOB_EXECUTABLE:
            return file_entry(entry, TreeEntry::Kind::file, true, path);
        default:
            return file_entry(entry, TreeEntry::Kind::file, false, path);
    }
}

TreeRead GitTreeReader::file_entry(const git_tree_entry& entry, TreeEntry::Kind kind,
                                   bool executable, const std::string& path) const {
    const git_oid& id = *git_tree_entry_id(&entry);
    if (kind == TreeEntry::Kind::file) {
        if (auto bytes = checkout_copy(path, id))
            return {TreeEntry{kind, std::move(*bytes), executable}, id, true};
    }
    git_blob* raw = nullptr;
    if (git_blob_lookup(&raw, repo_.get(), &id) != 0)
        return {make_error(last_git_error("cannot read blob of '" + path + "'")), id};
    BlobPtr blob(raw);
    const char* bytes = static_cast<const char*>(git_blob_rawcontent(blob.get()));
    const auto size = static_cast<std::size_t>(git_blob_rawsize(blob.get()));
    return {TreeEntry{kind, std::string(bytes, size), executable}, id};
}

// The checkout's file at `path` when it holds exactly blob `id`: hashing it costs a fraction of
// inflating the blob (binutils' 38 touched files: 5 MB).
std::optional<std::string> GitTreeReader::checkout_copy(const std::string& path,
                                                        const git_oid& id) const {
    if (checkout_.empty()) return std::nullopt;
    const auto file = checkout_ / path;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(std::filesystem::symlink_status(file, ec)))
        return std::nullopt;
    auto bytes = read_file(file);
    if (!bytes) return std::nullopt;
    const GitBlobId hashed = git_blob_id(*bytes);
    if (!std::equal(hashed.begin(), hashed.end(), id.id)) return std::nullopt;
    return std::move(bytes).value();
}

// Nothing at the full path: a symlink or a submodule among its parents says why.
Result<TreeEntry> GitTreeReader::classify_missing(const Components& full) const {
    for (std::size_t count = 1; count < full.size(); ++count) {
        const std::string parent = join_components(full, count);
        auto entry = entry_at(parent);
        if (!entry) return entry.error();
        if (!entry.value()) return TreeEntry{};
        const git_filemode_t mode = git_tree_entry_filemode(entry->get());
        if (mode == GIT_FILEMODE_LINK) return TreeEntry{TreeEntry::Kind::under_symlink, "", false};
        if (mode == GIT_FILEMODE_COMMIT) {
            return make_error("path '" + join_components(full, full.size()) +
                              "' is inside submodule '" + parent + "', which is not read");
        }
        if (mode != GIT_FILEMODE_TREE) return TreeEntry{};
    }
    return TreeEntry{};
}

}  // namespace patchbay
