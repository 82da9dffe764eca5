#pragma once
// Reads pristine files ahead of the series runner, on worker threads with repository handles
// of their own: inflating the touched blobs was the largest cost of a check-series run, and
// with the paths known up front the runner applies one file while the next ones are read.

#include <condition_variable>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "series/git_tree_reader.hpp"

namespace patchbay {

// One path read ahead: what GitTreeReader::read answered, the id it found, and whether the
// work tree (when one was given) holds the same bytes.
struct ReadAhead {
    Result<TreeEntry> entry;
    git_oid id{};
    bool work_tree_same = false;
};

class GitPrefetch {
  public:
    // Starts `workers` threads (at least one) reading `paths` in order, each from its own
    // reopened copy of `reader`. `reader` itself is not used after the constructor returns.
    // With a `work_tree` (the checkout's root), each file read is also compared with the file
    // there, for the dirty check.
    GitPrefetch(const GitTreeReader& reader, std::vector<std::string> paths, unsigned workers,
                std::filesystem::path work_tree = {});
    ~GitPrefetch();  // waits for the workers
    GitPrefetch(const GitPrefetch&) = delete;
    GitPrefetch& operator=(const GitPrefetch&) = delete;

    // What was read for `path`, waiting until it is there; nullopt when `path` was not asked
    // for, was taken before, or its worker could not open the repository (read it yourself).
    std::optional<ReadAhead> take(const std::string& path);

  private:
    void work(Result<GitTreeReader> reader, std::size_t first, std::size_t stride);
    ReadAhead read(const GitTreeReader& reader, const std::string& path) const;
    void publish(std::size_t index, std::optional<ReadAhead> result);

    std::vector<std::string> paths_;
    std::filesystem::path work_tree_;
    std::map<std::string, std::size_t> index_;
    std::vector<std::optional<ReadAhead>> results_;
    std::vector<bool> done_;
    std::mutex mutex_;
    std::condition_variable ready_;
    std::vector<std::thread> threads_;
};

}  // namespace patchbay
