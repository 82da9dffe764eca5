#pragma once
// The files of a checkout that a series will read, read ahead from disk with their git blob
// ids. Started before the repository is even opened, they are ready when the series needs them; the
// git source takes a file only when its id is the tree entry's, so the bytes are the pristine
// blob's.

#include <git2.h>

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "series/mapped_file.hpp"
#include "series/read_ahead.hpp"

namespace patchbay {

struct WorkTreeFile {
    SharedText bytes;                    // mapped, not copied (series/mapped_file.hpp)
    git_oid id{};                        // the git blob id of `bytes`
    std::optional<FileIdentity> mapped;  // the file's identity, when `bytes` are a mapping
};

using WorkTreeFiles = ReadAhead<WorkTreeFile>;

// The regular file at `file` (never a symlink), mapped, with its blob id; nullopt otherwise.
std::optional<WorkTreeFile> read_work_tree_file(const std::filesystem::path& file);

// Starts reading, on `workers` threads, the files under `root` named by what `paths` returns
// (it runs on the first worker: listing them may mean parsing a whole series).
std::shared_ptr<WorkTreeFiles> read_work_tree_ahead(std::filesystem::path root,
                                                    std::function<std::vector<std::string>()> paths,
                                                    unsigned workers);

}  // namespace patchbay
