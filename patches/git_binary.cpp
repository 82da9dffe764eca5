#include "patches/git_binary.hpp"

#include <git2/sys/mempack.h>
#include <git2/sys/repository.h>

#include "common/git_blob_id.hpp"
#include "common/git_handles.hpp"

namespace patchbay {

namespace {

constexpr const char* kPath = "f";

bool is_null_id(const std::string& id) {
    return id.find_first_not_of('0') == std::string::npos;
}

// A repository that lives in memory only: the preimage goes in, the result comes out.
Result<RepositoryPtr> memory_repository() {
    ensure_libgit2();
    git_repository* raw_repo = nullptr;
    git_odb* raw_odb = nullptr;
    git_odb_backend* mempack = nullptr;
    if (git_repository_new(&raw_repo) < 0) return libgit2_error("libgit2");
    RepositoryPtr repo(raw_repo);
    if (git_odb_new(&raw_odb) < 0) return libgit2_error("libgit2");
    OdbPtr odb(raw_odb);
    if (git_mempack_new(&mempack) < 0 || git_odb_add_backend(odb.get(), mempack, 1) < 0)
        return libgit2_error("libgit2");
    if (git_repository_set_odb(repo.get(), odb.get()) < 0) return libgit2_error("libgit2");
    return repo;
}

// A tree holding the preimage at kPath, or nothing for a file being created.
Result<TreePtr> preimage_tree(git_repository* repo, std::string_view preimage, bool exists) {
    git_treebuilder* raw_builder = nullptr;
    if (git_treebuilder_new(&raw_builder, repo, nullptr) < 0) return libgit2_error("libgit2");
    TreeBuilderPtr builder(raw_builder);
    git_oid blob, tree_id;
    if (exists &&
        (git_blob_create_from_buffer(&blob, repo, preimage.data(), preimage.size()) < 0 ||
         git_treebuilder_insert(nullptr, builder.get(), kPath, &blob, GIT_FILEMODE_BLOB) < 0))
        return libgit2_error("libgit2");
    git_tree* raw_tree = nullptr;
    if (git_treebuilder_write(&tree_id, builder.get()) < 0 ||
        git_tree_lookup(&raw_tree, repo, &tree_id) < 0)
        return libgit2_error("libgit2");
    return TreePtr(raw_tree);
}

// The stanza as git writes it, about kPath, for libgit2's parser.
std::string stanza(const FileDiff& file) {
    std::string text = std::string("diff --git a/") + kPath + " b/" + kPath + "\n";
    if (file.op == FileOp::create) text += "new file mode 100644\n";
    if (file.op == FileOp::remove) text += "deleted file mode 100644\n";
    const std::string old_id = file.old_index.empty() ? "0000000" : file.old_index;
    const std::string new_id = file.new_index.empty() ? "0000000" : file.new_index;
    text += "index " + old_id + ".." + new_id + "\nGIT binary patch\n";
    text += file.git_binary->forward + "\n" + file.git_binary->reverse + "\n";
    return text;
}

Result<std::string> result_bytes(git_repository* repo, git_index* index, bool removed) {
    const git_index_entry* entry = git_index_get_bypath(index, kPath, 0);
    if (removed) {
        if (entry) return make_error("the binary patch deletes the file but left it");
        return std::string();
    }
    git_blob* raw_blob = nullptr;
    if (!entry || git_blob_lookup(&raw_blob, repo, &entry->id) < 0)
        return libgit2_error("the binary patch gave no file");
    BlobPtr blob(raw_blob);
    const auto* data = static_cast<const char*>(git_blob_rawcontent(blob.get()));
    return std::string(data, static_cast<std::size_t>(git_blob_rawsize(blob.get())));
}

Result<std::string> apply_with_libgit2(std::string_view preimage, const FileDiff& file) {
    auto repo = memory_repository();
    if (!repo) return repo.error();
    auto tree = preimage_tree(repo->get(), preimage, file.op != FileOp::create);
    if (!tree) return tree.error();
    const std::string text = stanza(file);
    git_diff* raw_diff = nullptr;
    if (git_diff_from_buffer(&raw_diff, text.data(), text.size()) < 0)
        return libgit2_error("the binary patch cannot be read");
    DiffPtr diff(raw_diff);
    git_index* raw_index = nullptr;
    if (git_apply_to_tree(&raw_index, repo->get(), tree->get(), diff.get(), nullptr) < 0)
        return libgit2_error("the binary patch does not apply");
    IndexPtr index(raw_index);
    return result_bytes(repo->get(), index.get(), file.op == FileOp::remove);
}

}  // namespace

bool is_blob(std::string_view bytes, const std::string& abbreviated) {
    if (abbreviated.empty() || is_null_id(abbreviated)) return false;
    return git_blob_id_hex(bytes).starts_with(abbreviated);
}

Result<std::string> apply_git_binary(std::string_view preimage, const FileDiff& file) {
    if (file.op != FileOp::create && !file.old_index.empty() && !is_null_id(file.old_index) &&
        !is_blob(preimage, file.old_index))
        return make_error("the file is blob " + git_blob_id_hex(preimage).substr(0, 12) +
                          ", not the " + file.old_index + " the binary patch was made from");
    auto result = apply_with_libgit2(preimage, file);
    if (!result) return result;
    if (file.op != FileOp::remove && !file.new_index.empty() && !is_null_id(file.new_index) &&
        !is_blob(*result, file.new_index))
        return make_error("the binary patch gave blob " + git_blob_id_hex(*result).substr(0, 12) +
                          ", not the " + file.new_index + " of its index line");
    return result;
}

}  // namespace patchbay
