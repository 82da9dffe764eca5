#include "kernels/result_tree.hpp"

#include <unistd.h>

#include <map>

#include "common/sha256.hpp"
#include "worktree/file_state_writer.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

using Files = std::map<std::string, FileState>;

Result<Files> result_files(const PristineSource& source, const TreeChanges& changes) {
    auto pristine = source.list_files();
    if (!pristine) return pristine.error();
    Files files;
    for (const auto& path : *pristine) {
        auto entry = source.lookup(path);
        if (!entry) return entry.error();
        if (auto state = to_state(*entry)) files[path] = *state;
    }
    for (const auto& [path, state] : changes) {
        if (state)
            files[path] = *state;
        else
            files.erase(path);
    }
    return files;
}

std::string tree_hash(const Files& files) {
    std::string manifest;
    for (const auto& [path, state] : files)
        manifest += path + '\0' +
                    (state.symlink      ? "l"
                     : state.executable ? "x"
                                        : "f") +
                    '\0' + sha256_hex(state.content) + '\n';
    return sha256_hex(manifest);
}

}  // namespace

Result<MaterialisedTree> materialise_result(const PristineSource& source,
                                            const TreeChanges& changes,
                                            const fs::path& cache_root) {
    auto files = result_files(source, changes);
    if (!files) return files.error();
    MaterialisedTree tree{cache_root / "trees" / tree_hash(*files), tree_hash(*files), false};
    std::error_code ec;
    if (fs::is_directory(tree.dir, ec)) return tree;
    const fs::path temp = tree.dir.string() + ".tmp-" + std::to_string(getpid());
    fs::remove_all(temp, ec);
    fs::create_directories(temp, ec);
    if (ec) return make_error(temp.string(), 0, "cannot create the folder: " + ec.message());
    for (const auto& [path, state] : *files)
        if (auto written = write_file_state(temp, path, state); !written) return written.error();
    fs::rename(temp, tree.dir, ec);
    if (ec) fs::remove_all(temp, ec);  // another process won the race: its copy is identical
    tree.written = true;
    return tree;
}

}  // namespace patchbay
